/** Small helpers of the assessment pages: messages, errors, score formatting, trend and the event's url. */
import { useEffect, useState } from 'react';
import { api, ApiError, pushMessage, usePageAccess } from '../../../workspace/sdk';
import { assessmentPaths, type AssessmentUserOption, type AssessmentUsersAnswer } from '../shared/api';
import { ASSESSMENT_PAGE } from '../shared/pages';
export { trends, type Trend } from './results-math';

export const ok = (msg: string) => pushMessage({ msg_type: 'success', msg, display_type: 'success' });

/** The server's message of a failed call (with its field messages). */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) {
    const fields = (e.fields ?? []).map((f) => `${f.path}: ${f.message}`);
    return fields.length ? `${e.message} (${fields.join('; ')})` : e.message;
  }
  return e instanceof Error ? e.message : String(e);
}

export const scoreText = (s: number | null | undefined) => (s === null || s === undefined ? '–' : s.toFixed(1));

export const eventUrl = (id: number) => `${ASSESSMENT_PAGE}?assessmentEventId=${id}`;

/** The tenant's users an assessor or reviewer can be chosen from (GET assessmentUsers). */
export type UserOption = AssessmentUserOption;

/**
 * The users to pick an assessor or reviewer from: the tenant's active users, in name order, for every user with
 * access to the assessment page (GET /v3/tenant/:tenantId/assessmentUsers, page /assessment); without that access,
 * none (the pickers then keep the event's own people).
 */
export function useUserOptions(tenantId: number | null): UserOption[] {
  const canList = usePageAccess(ASSESSMENT_PAGE) !== null;
  const [users, setUsers] = useState<UserOption[]>([]);
  useEffect(() => {
    if (!tenantId || !canList) return;
    let live = true;
    api
      .get<AssessmentUsersAnswer>(assessmentPaths.users(tenantId))
      .then((r) => {
        if (live) setUsers(r.users);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tenantId, canList]);
  return users;
}
