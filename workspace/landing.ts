/**
 * Where a signed-in user lands (/, the initializer without a path, guard step 16): the dashboard, except for the
 * provider's support staff in their own tenant (an LCI admin not impersonating a tenant), who land on their area,
 * /lcisupport. Impersonating a tenant, they land on that tenant's dashboard like its users.
 */
import type { Session } from './types';

export const SUPPORT_HOME = '/lcisupport';
export const TENANT_HOME = '/dashboard';

export function isSupportAtHome(session: Pick<Session, 'user' | 'impersonation'> | null | undefined): boolean {
  return !!session && session.user.isLciAdmin && session.impersonation === null;
}

export function landingPath(session: Pick<Session, 'user' | 'impersonation'> | null | undefined): string {
  return isSupportAtHome(session) ? SUPPORT_HOME : TENANT_HOME;
}
