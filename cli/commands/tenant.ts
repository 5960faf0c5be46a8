/** `lci tenant create|list`: tenants across the platform (system scope, audited). */
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { REGIONS } from '../../config';
import { adminPages, pageCatalog } from '../../fixtures/catalog';
import { ADMIN_GROUP, DEMO_MODULES } from '../../fixtures/demo';
import { generatePassword } from '../../fixtures/password';
import {
  addTenantUser,
  createSecurityGroup,
  createTenant,
  createUser,
  grantModules,
} from '../../kernel/tenancy/provision';
import { MODULES, type ModuleName } from '../../kernel/types';
import { emailArg, list, nameArg, positiveInt, readStdinPassword, requireTenant } from '../args';
import { cliAudit } from '../audit';
import type { CliContext } from '../context';
import { CliError } from '../errors';
import { printJson, printList, write } from '../output';

function modulesArg(value: string): ModuleName[] {
  const items = list(value);
  const bad = items.filter((m) => !MODULES.includes(m as ModuleName));
  if (bad.length || !items.length)
    throw new InvalidArgumentError(`unknown module ${bad.join(', ') || '(none)'}; modules are ${MODULES.join(', ')}.`);
  return items as ModuleName[];
}
function regionArg(value: string): string {
  if (!(value in REGIONS)) throw new InvalidArgumentError(`must be one of ${Object.keys(REGIONS).join(', ')}.`);
  return value;
}
function currencyArg(value: string): string {
  const v = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(v)) throw new InvalidArgumentError('must be a three-letter currency code such as USD.');
  return v;
}

interface CreateOpts {
  emailDomain?: string;
  url?: string;
  region?: string;
  currency: string;
  parent?: number;
  sandbox?: boolean;
  modules: ModuleName[];
  adminEmail?: string;
  adminFirstName: string;
  adminLastName: string;
  passwordStdin?: boolean;
  allowDuplicate?: boolean;
  json?: boolean;
}

export function registerTenantCommands(program: Command, ctx: CliContext): void {
  const tenant = program.command('tenant').description('tenants (managed service providers)');

  tenant
    .command('create')
    .description('create a tenant with an Administrators security group and module grants; optionally its first admin')
    .argument('<name>', 'tenant name', nameArg)
    .option('--email-domain <domain>', "e-mail domain of the tenant's users")
    .option('--url <url>', 'web site')
    .option('--region <code>', `region (${Object.keys(REGIONS).join(', ')}); default LCI_REGION`, regionArg)
    .option('--currency <code>', 'currency', currencyArg, 'USD')
    .option('--parent <tenantId>', 'parent provider tenant', positiveInt)
    .option('--sandbox', 'a sandbox tenant')
    .option('--modules <list>', 'comma-separated modules to grant', modulesArg, DEMO_MODULES)
    .option('--admin-email <email>', 'also create this user as the tenant admin', emailArg)
    .option('--admin-first-name <name>', 'first name of the admin', nameArg, 'Tenant')
    .option('--admin-last-name <name>', 'last name of the admin', nameArg, 'Admin')
    .option('--password-stdin', "read the admin's password from stdin (otherwise one is generated and printed once)")
    .option('--allow-duplicate', 'create even when a tenant of this name exists')
    .option('--json', 'print JSON')
    .action(async (name: string, opts: CreateOpts) => {
      const password = opts.adminEmail
        ? opts.passwordStdin
          ? await readStdinPassword()
          : generatePassword()
        : undefined;
      const k = await ctx.kernel();
      const passwordHash = password ? await k.identity.hashPassword(password) : undefined;
      const result = await k.db.withSystem(async (trx) => {
        if (!opts.allowDuplicate) {
          const dup = await trx('tenants').whereRaw('lower(name) = lower(?)', [name]).first('tenant_id');
          if (dup)
            throw new CliError(
              `a tenant named "${name}" already exists (tenant ${dup.tenant_id}); pass --allow-duplicate to create another`,
            );
        }
        if (opts.parent) await requireTenant(trx, opts.parent);
        if (
          opts.adminEmail &&
          (await trx('users').where({ username: opts.adminEmail.toLowerCase() }).first('user_id'))
        ) {
          throw new CliError(
            `a user with the e-mail ${opts.adminEmail} already exists; add them with: lci user create ${opts.adminEmail} --tenant <id> --tenant-admin`,
          );
        }
        const tenantId = await createTenant(trx, {
          name,
          emailDomain: opts.emailDomain,
          url: opts.url,
          parentTenantId: opts.parent,
          isSandbox: !!opts.sandbox,
          regionCode: opts.region ?? ctx.config().region,
          currency: opts.currency,
        });
        await grantModules(trx, tenantId, opts.modules, 'cli');
        const catalog = await pageCatalog(trx, k.plugins);
        const securityGroupId = await createSecurityGroup(trx, tenantId, {
          name: ADMIN_GROUP,
          description: 'Full access to every module and page',
          modules: [...MODULES],
          isAdminGroup: true,
          pages: adminPages(catalog),
        });
        let userId: number | undefined;
        if (opts.adminEmail) {
          userId = await createUser(trx, {
            email: opts.adminEmail,
            passwordHash,
            firstName: opts.adminFirstName,
            lastName: opts.adminLastName,
            currentTenantId: tenantId,
          });
          await addTenantUser(trx, tenantId, { userId, securityGroupId, tenantAdmin: true });
        }
        await cliAudit(k, ctx, trx, 'tenant.create', {
          tenantId,
          target: name,
          details: { modules: opts.modules, adminUserId: userId ?? null },
        });
        return {
          tenantId,
          name,
          securityGroupId,
          modules: opts.modules,
          adminUserId: userId ?? null,
          adminEmail: opts.adminEmail?.toLowerCase() ?? null,
        };
      });
      const generated = opts.adminEmail && !opts.passwordStdin ? password : undefined;
      if (opts.json) return printJson({ ...result, ...(generated ? { generatedPassword: generated } : {}) });
      const lines = [
        `Created tenant ${result.tenantId} "${name}" with security group ${ADMIN_GROUP} (${result.securityGroupId}); modules: ${opts.modules.join(', ')}.`,
      ];
      if (result.adminUserId) lines.push(`Tenant admin ${result.adminEmail} (user ${result.adminUserId}).`);
      if (generated) lines.push(`Password: ${generated}   (shown once)`);
      write(lines.join('\n'));
    });

  tenant
    .command('list')
    .description('list tenants')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const k = await ctx.kernel();
      const rows = await k.db.withSystem(async (trx) => {
        const r = await trx('tenants as t')
          .select(
            't.tenant_id',
            't.name',
            't.email_domain',
            't.region_code',
            't.currency',
            't.is_sandbox',
            't.parent_tenant_id',
            't.active_flag',
            't.created_at',
          )
          .select(trx.raw('(select count(*)::int from tenant_users tu where tu.tenant_id = t.tenant_id) as users'))
          .orderBy('t.tenant_id');
        await cliAudit(k, ctx, trx, 'tenant.list', { details: { count: r.length } });
        return r.map((t) => ({
          ...t,
          tenant_id: Number(t.tenant_id),
          parent_tenant_id: t.parent_tenant_id === null ? null : Number(t.parent_tenant_id),
          users: Number(t.users),
        }));
      });
      printList(
        rows,
        [
          { header: 'ID', value: (r) => r.tenant_id },
          { header: 'NAME', value: (r) => r.name },
          { header: 'DOMAIN', value: (r) => r.email_domain },
          { header: 'REGION', value: (r) => r.region_code },
          { header: 'CURRENCY', value: (r) => r.currency },
          { header: 'USERS', value: (r) => r.users },
          { header: 'SANDBOX', value: (r) => (r.is_sandbox ? 'yes' : '') },
          { header: 'PARENT', value: (r) => r.parent_tenant_id },
        ],
        opts,
        'No tenants. Create one with: lci tenant create <name>, or load the demo with: lci db seed',
      );
    });
}
