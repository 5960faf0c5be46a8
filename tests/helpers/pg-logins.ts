/**
 * The application and system roles' logins for a test database on PostgreSQL
 * (kernel/db/privileges.ts). Roles are cluster-wide: each jest process makes
 * them logins once (safe when several do so at once); the test cluster trusts
 * loopback connections, so the logins need no password.
 */
import knexFactory from 'knex';
import { ensureLoginRoles } from '../../kernel/db/privileges';
import { APP_ROLE, SYSTEM_ROLE } from '../../kernel/db/roles';

let ready: Promise<void> | undefined;

export function ensureTestLogins(base: string): Promise<void> {
  ready ??= (async () => {
    const admin = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
    try {
      await ensureLoginRoles(admin);
    } finally {
      await admin.destroy();
    }
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

function as(databaseUrl: string, role: string): string {
  const u = new URL(databaseUrl);
  u.username = role;
  u.password = '';
  return u.toString();
}

/** DATABASE_URL (application role) and DATABASE_SYSTEM_URL (system role) of the database at databaseUrl. */
export async function testLogins(base: string, databaseUrl: string): Promise<{ app: string; system: string }> {
  await ensureTestLogins(base);
  return { app: as(databaseUrl, APP_ROLE), system: as(databaseUrl, SYSTEM_ROLE) };
}
