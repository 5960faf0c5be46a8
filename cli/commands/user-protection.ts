/**
 * `lci user unlock|sessions|disable|enable|unlink-social`: sign-in and code
 * lockouts, server sessions, ending a user's access at once, and the social
 * sign-in links (system scope, audited).
 */
import type { Command } from 'commander';
import type { Knex } from 'knex';
import { SIGNIN_AUDIT } from '../../kernel/auth/login/audit';
import { unlockEmail } from '../../kernel/auth/login/lockout';
import { CODE_LOCK_AUDIT, unlockCodes } from '../../kernel/auth/code-lockout';
import { unlinkSocial } from '../../kernel/auth/federation/links';
import { dropCachedAccess, endUserAccess, endUserSessions, listUserSessions } from '../../kernel/auth/user-access';
import { emailArg, positiveInt } from '../args';
import { cliAudit } from '../audit';
import type { CliContext } from '../context';
import { CliError } from '../errors';
import { printJson, printList, write } from '../output';

async function findUser(trx: Knex, email: string): Promise<{ userId: number; username: string }> {
  const u = await trx('users').where({ username: email.toLowerCase() }).first('user_id', 'username');
  if (!u) throw new CliError(`no user with the e-mail ${email}`);
  return { userId: Number(u.user_id), username: u.username };
}

export function registerUserProtectionCommands(user: Command, ctx: CliContext): void {
  user
    .command('unlock')
    .description(
      "clear the sign-in lockout of an e-mail (10 failed sign-ins in 15 minutes lock it) and the user's one-time-code lock (10 wrong codes in 15 minutes)",
    )
    .argument('<email>', 'e-mail address', emailArg)
    .option('--json', 'print JSON')
    .action(async (email: string, opts: { json?: boolean }) => {
      const k = await ctx.kernel();
      const username = email.toLowerCase();
      const { cleared, codes } = await k.db.withSystem(async (trx) => {
        const n = await unlockEmail(trx, username);
        const u = await trx('users').where({ username }).first('user_id');
        const c = u ? await unlockCodes(trx, Number(u.user_id)) : 0;
        await cliAudit(k, ctx, trx, SIGNIN_AUDIT.unlocked, {
          target: username,
          details: { failuresCleared: n, codeFailuresCleared: c },
        });
        if (c)
          await cliAudit(k, ctx, trx, CODE_LOCK_AUDIT.unlocked, {
            target: username,
            details: { codeFailuresCleared: c },
          });
        return { cleared: n, codes: c };
      });
      if (opts.json) return printJson({ email: username, failuresCleared: cleared, codeFailuresCleared: codes });
      write(
        cleared
          ? `Sign-in lockout of ${username} cleared (${cleared} recent failures).`
          : `${username} had no recent sign-in failures.`,
      );
      if (codes) write(`One-time-code lock of ${username} cleared (${codes} recent wrong codes).`);
    });

  user
    .command('sessions')
    .description("list a user's server sessions and refresh tokens; --revoke ends them all")
    .argument('<email>', 'e-mail address', emailArg)
    .option('--revoke', 'end every session, grant and refresh token of the user (access tokens are refused at once)')
    .option('--json', 'print JSON')
    .action(async (email: string, opts: { revoke?: boolean; json?: boolean }) => {
      const k = await ctx.kernel();
      const result = await k.db.withSystem(async (trx) => {
        const u = await findUser(trx, email);
        const sessions = await listUserSessions(trx, u.userId);
        const ended = opts.revoke ? await endUserAccess(trx, u.userId) : null;
        await cliAudit(k, ctx, trx, opts.revoke ? SIGNIN_AUDIT.sessionsRevoked : SIGNIN_AUDIT.sessionsListed, {
          target: u.username,
          details: { userId: u.userId, count: sessions.length, ...(ended ? { ended } : {}) },
        });
        return { ...u, sessions, ended };
      });
      if (opts.revoke) await dropCachedAccess(k, result.userId);
      if (opts.json)
        return printJson({
          email: result.username,
          userId: result.userId,
          sessions: result.sessions,
          ...(result.ended ? { revoked: result.ended } : {}),
        });
      printList(
        result.sessions,
        [
          { header: 'KIND', value: (s) => s.kind },
          { header: 'REF', value: (s) => s.ref },
          { header: 'CLIENT', value: (s) => s.clientId ?? '' },
          { header: 'CREATED', value: (s) => s.createdAt ?? '' },
          { header: 'EXPIRES', value: (s) => s.expiresAt ?? '' },
        ],
        {},
        `${result.username} has no open sessions.`,
      );
      if (result.ended) {
        const e = result.ended;
        write(
          `Ended ${e.sessions} sessions, ${e.grants} grants and ${e.refreshTokens} refresh tokens of ${result.username}.`,
        );
      }
    });

  const setActive = (active: boolean) => async (email: string, opts: { tenant?: number; json?: boolean }) => {
    const k = await ctx.kernel();
    const result = await k.db.withSystem(async (trx) => {
      const u = await findUser(trx, email);
      // A membership of a tenant other than the user's home: only that tenant's access ends, their sessions stay.
      let homeOnly = true;
      if (opts.tenant) {
        const n = await trx('tenant_users')
          .where({ tenant_id: opts.tenant, user_id: u.userId })
          .update({ active_flag: active });
        if (!n) throw new CliError(`${u.username} is not a user of tenant ${opts.tenant}`);
        const home = await trx('users').where({ user_id: u.userId }).first('current_tenant_id');
        homeOnly = home?.current_tenant_id == null || Number(home.current_tenant_id) === opts.tenant;
      } else {
        await trx('users').where({ user_id: u.userId }).update({ active_flag: active });
      }
      const ended = active || !homeOnly ? null : await endUserSessions(trx, u.userId);
      await cliAudit(k, ctx, trx, active ? SIGNIN_AUDIT.userEnabled : SIGNIN_AUDIT.userDisabled, {
        tenantId: opts.tenant,
        target: u.username,
        details: { userId: u.userId, scope: opts.tenant ? 'tenant' : 'user', ...(ended ? { ended } : {}) },
      });
      return { ...u, ended };
    });
    await dropCachedAccess(k, result.userId);
    if (opts.tenant) k.access.invalidate(opts.tenant);
    if (opts.json)
      return printJson({
        email: result.username,
        userId: result.userId,
        active,
        tenantId: opts.tenant ?? null,
        ...(result.ended ? { ended: result.ended } : {}),
      });
    const where = opts.tenant ? ` in tenant ${opts.tenant}` : '';
    if (active) write(`${result.username} enabled${where}.`);
    else if (!result.ended)
      write(`${result.username} disabled${where} (not their home tenant); their sessions are kept.`);
    else
      write(
        `${result.username} disabled${where}; ${result.ended.sessions} sessions and ${result.ended.refreshTokens} refresh tokens ended.`,
      );
  };

  user
    .command('disable')
    .description(
      'disable a user (or with --tenant only their membership of that tenant); their sessions end and their tokens are refused at once',
    )
    .argument('<email>', 'e-mail address', emailArg)
    .option('--tenant <tenantId>', 'only the membership of this tenant', positiveInt)
    .option('--json', 'print JSON')
    .action(setActive(false));

  user
    .command('enable')
    .description('enable a disabled user (or with --tenant their membership of that tenant)')
    .argument('<email>', 'e-mail address', emailArg)
    .option('--tenant <tenantId>', 'only the membership of this tenant', positiveInt)
    .option('--json', 'print JSON')
    .action(setActive(true));

  user
    .command('unlink-social')
    .description(
      'forget which Microsoft/Google account a user signs in with (the next social sign-in links the account it presents)',
    )
    .argument('<email>', 'e-mail address', emailArg)
    .option('--json', 'print JSON')
    .action(async (email: string, opts: { json?: boolean }) => {
      const k = await ctx.kernel();
      const result = await k.db.withSystem(async (trx) => {
        const u = await findUser(trx, email);
        const removed = await unlinkSocial(trx, u.userId);
        await cliAudit(k, ctx, trx, 'auth.federation.unlinked', {
          target: u.username,
          details: { userId: u.userId, removed },
        });
        return { ...u, removed };
      });
      if (opts.json) return printJson({ email: result.username, userId: result.userId, removed: result.removed });
      write(
        result.removed
          ? `${result.username}: ${result.removed} social sign-in links removed.`
          : `${result.username} had no social sign-in links.`,
      );
    });
}
