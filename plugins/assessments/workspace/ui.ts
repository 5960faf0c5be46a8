/** Small helpers of the assessment pages: messages, errors, score formatting, trend and the event's url. */
import { useEffect, useState } from 'react';
import { api, ApiError, pushMessage } from '../../../workspace/sdk';
import { ASSESSMENT_PAGE } from '../shared/pages';
import type { AssessmentEvent } from '../shared/api';

export const ok = (msg: string) => pushMessage({ msg_type: 'success', msg, display_type: 'success' });
export const fail = (msg: string) => pushMessage({ msg_type: 'error', msg, display_type: 'danger' });

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

export interface Trend {
  previous: number;
  delta: number;
}

/**
 * The trend of each completed event: its overall score against the previous completed event (by date, then id) of
 * the same company and template. Events without a score or without a previous one have none.
 */
export function trends(events: readonly AssessmentEvent[]): Map<number, Trend> {
  const out = new Map<number, Trend>();
  const groups = new Map<string, AssessmentEvent[]>();
  for (const e of events) {
    if (e.status !== 'completed' || e.overall_score === null) continue;
    const k = `${e.tenant_company_id}:${e.assessment_template_id}`;
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  for (const list of groups.values()) {
    list.sort((a, b) => a.assessed_on.localeCompare(b.assessed_on) || a.assessment_event_id - b.assessment_event_id);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1].overall_score!;
      out.set(list[i].assessment_event_id, {
        previous: prev,
        delta: Math.round((list[i].overall_score! - prev) * 10) / 10,
      });
    }
  }
  return out;
}

/** Today as yyyy-mm-dd (UTC, as the server defaults). */
export const today = () => new Date().toISOString().slice(0, 10);

/** The tenant's users an assessor or reviewer can be chosen from (tenant admins can list them). */
export interface UserOption {
  tenant_user_id: number;
  name: string;
  email: string;
}

/**
 * The users to pick an assessor or reviewer from: the tenant's active users when the caller may list them (tenant
 * admins: /v3/tenantadmin/:tenantId/users); otherwise none (the pickers then keep the event's own people).
 */
export function useUserOptions(tenantId: number | null, canList: boolean): UserOption[] {
  const [users, setUsers] = useState<UserOption[]>([]);
  useEffect(() => {
    if (!tenantId || !canList) return;
    let live = true;
    api
      .get<{ users: (UserOption & { is_active: boolean })[] }>(`/v3/tenantadmin/${tenantId}/users`)
      .then((r) => {
        if (live)
          setUsers(
            r.users
              .filter((u) => u.is_active)
              .map((u) => ({ tenant_user_id: u.tenant_user_id, name: u.name || u.email, email: u.email }))
              .sort((a, b) => a.name.localeCompare(b.name)),
          );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tenantId, canList]);
  return users;
}
