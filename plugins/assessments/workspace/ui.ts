/** Small helpers of the assessment pages: messages, errors, score formatting, trend and the event's url. */
import { useEffect, useState } from 'react';
import { api, ApiError, pushMessage } from '../../../workspace/sdk';
import { ASSESSMENT_PAGE } from '../shared/pages';
export { trends, type Trend } from './results-math';

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
