/** Tenants with access to every page and module, for suites that walk every route. */
import crypto from 'node:crypto';
import type { Kernel } from '../../kernel/kernel';
import { addTenantUser, createUser } from '../../kernel/tenancy/provision';
import { MODULES } from '../../kernel/types';
import { apiCall, makeTenant, type TestTenant, type TestTenantOptions } from './tenants';

/** Every page url known to the server: plugin pages, route permission keys and the navigation catalogue. */
export async function allPageUrls(k: Kernel): Promise<string[]> {
  const urls = new Set<string>();
  for (const p of k.plugins) for (const page of p.pages ?? []) urls.add(page.url);
  for (const r of k.routes.routes) if (r.spec.page) urls.add(r.spec.page);
  const nav = await k.db.withSystem((trx) => trx('nav_items').select('url')).catch(() => [] as { url: string }[]);
  for (const n of nav) urls.add(n.url);
  return [...urls].sort();
}

/** A tenant admin whose group reads and writes every page and holds every module. */
export async function makeFullTenant(k: Kernel, url: string, opts: TestTenantOptions = {}): Promise<TestTenant> {
  const pages = (await allPageUrls(k)).map((u) => ({ url: u, access_level: 'Read/Write' as const }));
  return makeTenant(k, url, { tenantAdmin: true, modules: [...MODULES], pages, ...opts });
}

/** Runs every plugin's fixtures for a tenant; returns the plugins whose fixtures failed. */
export async function loadAllFixtures(k: Kernel, tenantId: number): Promise<{ plugin: string; error: string }[]> {
  const failed: { plugin: string; error: string }[] = [];
  for (const p of k.plugins) {
    if (!p.fixtures) continue;
    try {
      await p.fixtures({ db: k.db, k, tenantId, log: () => {} });
    } catch (e) {
      failed.push({ plugin: p.id, error: String((e as Error).message ?? e).slice(0, 300) });
    }
  }
  return failed;
}

/**
 * A user whose home is tenant `home` and who also belongs to tenant `other`, the way a user gets there:
 * `other`'s admin adds the e-mail (an invitation is mailed) and the user accepts through the mailed link.
 * Signed in once at home (a session and a refresh token), with a sign-in time on record.
 */
export async function makeSharedUser(
  k: Kernel,
  url: string,
  home: TestTenant,
  other: TestTenant,
): Promise<{ userId: number; email: string; password: string }> {
  const tag = crypto.randomBytes(4).toString('hex');
  const email = `shared-${tag}@shared-${tag}.example.com`;
  const password = 'Shared#User2024x';
  const passwordHash = await k.identity.hashPassword(password);
  const userId = await k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email,
      passwordHash,
      firstName: `Shared${tag}`,
      lastName: 'Member',
      currentTenantId: home.tenantId,
    });
    await addTenantUser(trx, home.tenantId, { userId: id, securityGroupId: home.securityGroupId });
    await trx('users')
      .where({ user_id: id })
      .update({ last_sign_in_at: new Date('2025-05-06T07:08:09.123Z') });
    return id;
  });
  const invited = await other.api('POST', `/v3/tenantadmin/${other.tenantId}/users`, {
    email,
    name_first: 'Other',
    name_last: 'Names',
    security_group_id: other.securityGroupId,
  });
  if (!invited.body?.invitation) throw new Error(`makeSharedUser: no invitation (${JSON.stringify(invited.body)})`);
  const mail = await k.db.withSystem((trx) =>
    trx('mail_outbox').where({ to_address: email }).orderBy('mail_id', 'desc').first('text_body'),
  );
  const key = /invitationKey=([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '')?.[1];
  const accepted = await apiCall(url, k.config.publicApiKey, null, 'POST', '/v3/manager/invitations/accept', {
    invitationKey: key,
  });
  if (accepted.status !== 200) throw new Error(`makeSharedUser: accept answered ${accepted.status}`);
  return { userId, email, password };
}
