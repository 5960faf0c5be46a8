/** `lci user create|list|set-password|reset-mfa|require-mfa`: users and their tenant memberships (system scope, audited). */
import type { Command } from 'commander';
import type { Knex } from 'knex';
import { generatePassword } from '../../fixtures/password';
import { clearMfa, MFA_AUDIT } from '../../kernel/auth/mfa/audit-actions';
import { dropCachedAccess, endUserAccess } from '../../kernel/auth/user-access';
import { addTenantUser, createUser } from '../../kernel/tenancy/provision';
import { inviteExistingUser } from '../../kernel/tenancy/invitations/service';
import { INVITATION_AUDIT } from '../../kernel/tenancy/invitations/audit';
import { closeInvitation, openInvitationFor } from '../../kernel/tenancy/invitations/store';
import { sendRegistrationEmail } from '../../kernel/tenancy/user-manager/model';
import { emailArg, nameArg, positiveInt, readStdinPassword, requireTenant } from '../args';
import { cliAudit } from '../audit';
import { registerUserProtectionCommands } from './user-protection';
import type { CliContext } from '../context';
import { CliError } from '../errors';
import { printJson, printList, write } from '../output';

/** A security group of the tenant by id or name (case-insensitive); the error lists the tenant's groups. */
async function resolveSecurityGroup(
  db: Knex,
  tenantId: number,
  ref: string | undefined,
  tenantAdmin: boolean,
): Promise<{ id: number; name: string }> {
  const groups: { security_group_id: number; name: string; is_admin_group: boolean }[] = await db('security_groups')
    .where({ tenant_id: tenantId })
    .orderBy('security_group_id')
    .select('security_group_id', 'name', 'is_admin_group');
  const names = groups.map((g) => `${g.name} (${g.security_group_id})`).join(', ') || 'none';
  let found;
  if (ref === undefined) {
    const admin = groups.filter((g) => g.is_admin_group);
    if (tenantAdmin && admin.length === 1) found = admin[0];
    else throw new CliError(`--security-group is required (groups of tenant ${tenantId}: ${names})`);
  } else {
    found = /^\d+$/.test(ref)
      ? groups.find((g) => Number(g.security_group_id) === Number(ref))
      : groups.find((g) => g.name.toLowerCase() === ref.trim().toLowerCase());
    if (!found) throw new CliError(`security group "${ref}" not found in tenant ${tenantId} (groups: ${names})`);
  }
  return { id: Number(found.security_group_id), name: found.name };
}

interface CreateOpts {
  tenant: number;
  securityGroup?: string;
  firstName: string;
  lastName: string;
  phone?: string;
  tenantAdmin?: boolean;
  external?: boolean;
  lciAdmin?: boolean;
  internal?: boolean;
  allowImpersonation?: boolean;
  passwordStdin?: boolean;
  generatePassword?: boolean;
  json?: boolean;
  addDirectly?: boolean;
}

/** The user's home tenant when it is another tenant, or another tenant they belong to; null when they belong to none but this one. */
async function otherTenantOf(trx: Knex, userId: number, tenantId: number): Promise<number | null> {
  const u = await trx('users').where({ user_id: userId }).first('current_tenant_id');
  if (u?.current_tenant_id != null && Number(u.current_tenant_id) !== tenantId) return Number(u.current_tenant_id);
  const m = await trx('tenant_users').where({ user_id: userId }).whereNot({ tenant_id: tenantId }).first('tenant_id');
  return m ? Number(m.tenant_id) : null;
}

export function registerUserCommands(program: Command, ctx: CliContext): void {
  const user = program.command('user').description('users and their tenant memberships');

  user
    .command('create')
    .description('create a user in a tenant (or add an existing user to it) with a security group')
    .argument('<email>', 'e-mail address (also the username)', emailArg)
    .requiredOption('--tenant <tenantId>', 'tenant the user belongs to', positiveInt)
    .option(
      '--security-group <nameOrId>',
      'security group in that tenant (default with --tenant-admin: the admin group)',
    )
    .option('--first-name <name>', 'first name', nameArg, '')
    .option('--last-name <name>', 'last name', nameArg, '')
    .option('--phone <number>', 'phone number')
    .option('--tenant-admin', 'tenant administrator')
    .option('--external', 'external user (e.g. of a client company)')
    .option('--lci-admin', 'internal LCI administrator (implies --internal)')
    .option('--internal', 'internal user of the provider')
    .option('--allow-impersonation', 'may impersonate tenants and security groups')
    .option(
      '--password-stdin',
      'read the password from stdin (otherwise a new user is mailed the invitation to set their own, as the user manager does)',
    )
    .option('--generate-password', 'a new user gets a generated password, printed once, instead of the invitation mail')
    .option(
      '--add-directly',
      "an existing user of another tenant: add the membership now instead of mailing an invitation (on the user's own request; audited)",
    )
    .option('--json', 'print JSON')
    .action(async (email: string, opts: CreateOpts) => {
      const supplied = opts.passwordStdin ? await readStdinPassword() : undefined;
      const k = await ctx.kernel();
      const username = email.toLowerCase();
      let generated: string | undefined;
      let invitationMailed = false;
      let directFrom: number | null = null;
      const result = await k.db.withSystem(async (trx) => {
        const tenant = await requireTenant(trx, opts.tenant);
        const group = await resolveSecurityGroup(trx, tenant.tenant_id, opts.securityGroup, !!opts.tenantAdmin);
        const existing = await trx('users').where({ username }).first('user_id');
        let userId: number;
        let created = false;
        if (existing) {
          userId = Number(existing.user_id);
          if (
            await trx('tenant_users').where({ tenant_id: tenant.tenant_id, user_id: userId }).first('tenant_user_id')
          ) {
            throw new CliError(`${email} is already a user of tenant ${tenant.tenant_id}`);
          }
          if (supplied)
            throw new CliError(
              `${email} already exists; their password is not changed here (use: lci user set-password ${email})`,
            );
          // A user of another tenant joins by accepting an invitation, unless support adds them on their own request.
          const homeTenantId = await otherTenantOf(trx, userId, tenant.tenant_id);
          if (homeTenantId !== null && !opts.addDirectly) {
            const invited = await inviteExistingUser(
              trx,
              tenant.tenant_id,
              { userId, email: username, securityGroupId: group.id, tenantAdmin: !!opts.tenantAdmin, invitedBy: null },
              { baseUrl: k.config.baseUrl, secret: k.config.secret, send: (d, m) => k.mail.send(d, m) },
            );
            if ('errorMessage' in invited) throw new CliError(invited.errorMessage);
            if (invited.expiredBefore)
              await cliAudit(k, ctx, trx, INVITATION_AUDIT.expired, {
                tenantId: tenant.tenant_id,
                target: `user:${userId}`,
                details: { invitationId: invited.expiredBefore },
              });
            await cliAudit(k, ctx, trx, INVITATION_AUDIT.sent, {
              tenantId: tenant.tenant_id,
              target: `user:${userId}`,
              details: {
                invitationId: invited.invitationId,
                email: username,
                securityGroupId: group.id,
                tenantAdmin: !!opts.tenantAdmin,
              },
            });
            return {
              userId,
              email: username,
              tenantId: tenant.tenant_id,
              tenantName: tenant.name,
              securityGroupId: group.id,
              securityGroup: group.name,
              tenantAdmin: !!opts.tenantAdmin,
              created: false,
              invited: true as const,
              invitationId: invited.invitationId,
              expiresAt: invited.invitation.expires_at,
            };
          }
          if (homeTenantId !== null) {
            directFrom = homeTenantId;
            // Added at once: an invitation still waiting for an answer has no purpose any more.
            const open = await openInvitationFor(trx, tenant.tenant_id, userId);
            if (open) await closeInvitation(trx, open, 'cancelled');
          }
        } else {
          if (supplied && opts.generatePassword)
            throw new CliError('give either --password-stdin or --generate-password, not both');
          // Without a password the user sets one through the registration link mailed below (user manager's way).
          const password = supplied ?? (opts.generatePassword ? (generated = generatePassword()) : undefined);
          userId = await createUser(trx, {
            email,
            passwordHash: password ? await k.identity.hashPassword(password) : null,
            confirmed: !!password,
            firstName: opts.firstName,
            lastName: opts.lastName,
            phoneNumber: opts.phone,
            isLciAdmin: !!opts.lciAdmin,
            isInternal: !!(opts.internal || opts.lciAdmin),
            allowImpersonation: !!opts.allowImpersonation,
            currentTenantId: tenant.tenant_id,
          });
          created = true;
        }
        const tenantUserId = await addTenantUser(trx, tenant.tenant_id, {
          userId,
          securityGroupId: group.id,
          tenantAdmin: !!opts.tenantAdmin,
          external: !!opts.external,
        });
        if (created && !supplied && !generated) {
          const sent = await sendRegistrationEmail(trx, tenant.tenant_id, userId, {
            baseUrl: k.config.baseUrl,
            send: (d, m) => k.mail.send(d, m),
            createdBy: null,
          });
          if ('errorMessage' in sent) throw new CliError(sent.errorMessage);
          invitationMailed = true;
        }
        await cliAudit(k, ctx, trx, created ? 'user.create' : 'user.add-to-tenant', {
          tenantId: tenant.tenant_id,
          target: username,
          details: {
            userId,
            securityGroupId: group.id,
            tenantAdmin: !!opts.tenantAdmin,
            ...(invitationMailed ? { registrationEmail: true } : {}),
            ...(directFrom !== null ? { direct: true, memberElsewhere: directFrom } : {}),
          },
        });
        return {
          userId,
          tenantUserId,
          email: username,
          tenantId: tenant.tenant_id,
          tenantName: tenant.name,
          securityGroupId: group.id,
          securityGroup: group.name,
          tenantAdmin: !!opts.tenantAdmin,
          created,
          ...(invitationMailed ? { invitationSent: true } : {}),
        };
      });
      if ('invited' in result) {
        if (opts.json) return printJson(result);
        return write(
          `Invited existing user ${result.userId} ${result.email} (a user of another tenant) to tenant ${result.tenantId} "${result.tenantName}", security group ${result.securityGroup}${result.tenantAdmin ? ', tenant admin' : ''}: they join once they accept the e-mailed invitation (expires ${result.expiresAt}). To add them at once on their own request: --add-directly.`,
        );
      }
      k.access.invalidate(result.tenantId);
      if (opts.json) return printJson({ ...result, ...(generated ? { generatedPassword: generated } : {}) });
      const lines = [
        `${result.created ? 'Created user' : 'Added existing user'} ${result.userId} ${result.email} to tenant ${result.tenantId} "${result.tenantName}", security group ${result.securityGroup}${result.tenantAdmin ? ', tenant admin' : ''}.`,
      ];
      if (generated) lines.push(`Password: ${generated}   (shown once)`);
      if (invitationMailed)
        lines.push(
          `Mailed ${result.email} the invitation 'You are invited to Lifecycle' with a link to set their name and password (works once, expires in 14 days).`,
        );
      write(lines.join('\n'));
    });

  user
    .command('list')
    .description('list users with their tenant, security group and roles (one line per membership)')
    .option('--tenant <tenantId>', 'only this tenant', positiveInt)
    .option('--json', 'print JSON')
    .action(async (opts: { tenant?: number; json?: boolean }) => {
      const k = await ctx.kernel();
      const rows = await k.db.withSystem(async (trx) => {
        if (opts.tenant) await requireTenant(trx, opts.tenant);
        const q = trx('users as u')
          .leftJoin('tenant_users as tu', 'tu.user_id', 'u.user_id')
          .leftJoin('tenants as t', 't.tenant_id', 'tu.tenant_id')
          .leftJoin('security_groups as g', function join() {
            this.on('g.tenant_id', 'tu.tenant_id').andOn('g.security_group_id', 'tu.security_group_id');
          })
          .select(
            'u.user_id',
            'u.username',
            'u.name_first',
            'u.name_last',
            'u.is_lci_admin',
            'u.is_internal',
            'u.allow_impersonation_flag',
            'u.active_flag',
            'tu.tenant_id',
            't.name as tenant_name',
            'tu.security_group_id',
            'g.name as security_group',
            'tu.tenant_admin_flag',
            'tu.external_flag',
          )
          .orderBy(['u.user_id', 'tu.tenant_id']);
        if (opts.tenant) q.where('tu.tenant_id', opts.tenant);
        const r = await q;
        await cliAudit(k, ctx, trx, 'user.list', { tenantId: opts.tenant, details: { count: r.length } });
        return r.map((x) => ({
          user_id: Number(x.user_id),
          email: x.username,
          name: `${x.name_first} ${x.name_last}`.trim(),
          tenant_id: x.tenant_id === null ? null : Number(x.tenant_id),
          tenant_name: x.tenant_name,
          security_group_id: x.security_group_id === null ? null : Number(x.security_group_id),
          security_group: x.security_group,
          is_tenant_admin: !!x.tenant_admin_flag,
          is_external: !!x.external_flag,
          is_lci_admin: !!x.is_lci_admin,
          is_internal: !!x.is_internal,
          allow_impersonation_flag: !!x.allow_impersonation_flag,
          active: !!x.active_flag,
        }));
      });
      const roles = (r: (typeof rows)[number]) =>
        [
          r.is_tenant_admin && 'tenant admin',
          r.is_external && 'external',
          r.is_lci_admin && 'LCI admin',
          r.is_internal && !r.is_lci_admin && 'internal',
          r.allow_impersonation_flag && 'impersonation',
          !r.active && 'inactive',
        ]
          .filter(Boolean)
          .join(', ');
      printList(
        rows,
        [
          { header: 'ID', value: (r) => r.user_id },
          { header: 'EMAIL', value: (r) => r.email },
          { header: 'NAME', value: (r) => r.name },
          { header: 'TENANT', value: (r) => (r.tenant_id ? `${r.tenant_id} ${r.tenant_name}` : '') },
          { header: 'SECURITY GROUP', value: (r) => r.security_group },
          { header: 'ROLES', value: roles },
        ],
        opts,
        'No users.',
      );
    });

  user
    .command('set-password')
    .description(
      "set a user's password (generated and printed once unless --password-stdin); their sessions end and their access tokens are refused at once",
    )
    .argument('<email>', 'e-mail address', emailArg)
    .option('--password-stdin', 'read the password from stdin')
    .action(async (email: string, opts: { passwordStdin?: boolean }) => {
      const supplied = opts.passwordStdin ? await readStdinPassword() : undefined;
      const password = supplied ?? generatePassword();
      const k = await ctx.kernel();
      const hash = await k.identity.hashPassword(password);
      const userId = await k.db.withSystem(async (trx) => {
        const u = await trx('users').where({ username: email.toLowerCase() }).first('user_id', 'current_tenant_id');
        if (!u) throw new CliError(`no user with the e-mail ${email}`);
        await trx('users').where({ user_id: u.user_id }).update({ password_hash: hash, force_new_password: false });
        // A reset: every session of the user ends and the access tokens they hold are refused at once.
        const ended = await endUserAccess(trx, Number(u.user_id));
        await cliAudit(k, ctx, trx, 'user.set-password', {
          tenantId: u.current_tenant_id === null ? undefined : Number(u.current_tenant_id),
          target: email.toLowerCase(),
          details: { userId: Number(u.user_id), ended },
        });
        return Number(u.user_id);
      });
      await dropCachedAccess(k, userId);
      write(supplied ? `Password of ${email} changed.` : `Password of ${email} changed to: ${password}   (shown once)`);
    });

  user
    .command('reset-mfa')
    .description(
      "clear a user's second sign-in factor (authenticator app or SMS); their sessions end and their access tokens are refused at once; they enrol again if MFA is required",
    )
    .argument('<email>', 'e-mail address', emailArg)
    .option('--json', 'print JSON: the user, what changed, the sessions ended')
    .action(async (email: string, opts: { json?: boolean }) => {
      const k = await ctx.kernel();
      const result = await k.db.withSystem(async (trx) => {
        const u = await trx('users').where({ username: email.toLowerCase() }).first('user_id', 'mfa_type');
        if (!u) throw new CliError(`no user with the e-mail ${email}`);
        await clearMfa(trx, Number(u.user_id));
        // Whoever held the factor's sessions signs in again (enrolling anew if MFA is required).
        const ended = await endUserAccess(trx, Number(u.user_id));
        await cliAudit(k, ctx, trx, MFA_AUDIT.reset, {
          target: email.toLowerCase(),
          details: { userId: Number(u.user_id), mfaType: u.mfa_type ?? null, ended },
        });
        return {
          user: { userId: Number(u.user_id), email: email.toLowerCase() },
          changed: { mfaType: { from: (u.mfa_type as string | null) ?? null, to: null } },
          ended,
        };
      });
      await dropCachedAccess(k, result.user.userId);
      if (opts.json) return printJson(result);
      write(`MFA of ${email} reset.`);
    });

  user
    .command('require-mfa')
    .description(
      'require (or with --off, stop requiring) an authenticator app at sign-in; without one the user sets it up at the next sign-in',
    )
    .argument('<email>', 'e-mail address', emailArg)
    .option('--off', 'stop requiring it (an enrolled factor is kept; use reset-mfa to clear it)')
    .option('--json', 'print JSON: the user and what changed')
    .action(async (email: string, opts: { off?: boolean; json?: boolean }) => {
      const k = await ctx.kernel();
      const result = await k.db.withSystem(async (trx) => {
        const u = await trx('users').where({ username: email.toLowerCase() }).first('user_id', 'mfa_required');
        if (!u) throw new CliError(`no user with the e-mail ${email}`);
        await trx('users').where({ user_id: u.user_id }).update({ mfa_required: !opts.off });
        await cliAudit(k, ctx, trx, MFA_AUDIT.required, {
          target: email.toLowerCase(),
          details: { userId: Number(u.user_id), required: !opts.off },
        });
        return {
          user: { userId: Number(u.user_id), email: email.toLowerCase() },
          changed: { mfaRequired: { from: Boolean(u.mfa_required), to: !opts.off } },
        };
      });
      if (opts.json) return printJson(result);
      write(opts.off ? `MFA no longer required for ${email}.` : `MFA required for ${email}.`);
    });

  registerUserProtectionCommands(user, ctx); // unlock, sessions [--revoke], disable, enable
}
