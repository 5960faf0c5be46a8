/**
 * `lci contacts list --tenant N [--company NAME_OR_ID] [--search TEXT] [--inactive] [--json]`: the client contacts of
 * a tenant (all of them, or one company's), as the userList route answers them. Imports are `lci import contacts`.
 */
import type { Command } from 'commander';
import type { PluginCliContext } from '../../../kernel/index';
import { CliError, positiveInt, printList, requireTenant } from '../../../cli/sdk';
import { listCompanies } from '../../companies/public';
import { companyMatcher } from '../import/contacts-import';
import { userListQuery, USER_LIST_PAGE_SIZE_MAX, type Contact } from '../shared/api';
import { REVIEW_ROLE_LABELS } from '../shared/contact-fields';
import { listContacts } from '../server/service';

interface ListOpts {
  tenant: number;
  company?: string;
  search?: string;
  inactive?: boolean;
  json?: boolean;
}

export function contactsCli(program: Command, ctx: PluginCliContext): void {
  const area = program
    .command('contacts')
    .description('client contacts of the companies of a tenant (import them with lci import contacts)');

  area
    .command('list')
    .description('lists the contacts of a tenant, by company then name')
    .requiredOption('--tenant <tenantId>', 'tenant', positiveInt)
    .option('--company <nameOrId>', "one company's contacts (its name, any case, or its id)")
    .option('--search <text>', 'text in the name, e-mail, phone or title')
    .option('--inactive', 'include inactive contacts')
    .option('--json', 'print JSON')
    .action(async (opts: ListOpts) => {
      const k = await ctx.kernel();
      await k.db.withSystem((trx) => requireTenant(trx, opts.tenant));
      const rows = await k.db.withTenant(opts.tenant, async (trx) => {
        let tenantCompanyId: number | undefined;
        if (opts.company !== undefined) {
          const company = companyMatcher(await listCompanies(trx))(opts.company);
          if (!company)
            throw new CliError(`No company of tenant ${opts.tenant} is named or numbered "${opts.company}".`);
          tenantCompanyId = company.tenant_company_id;
        }
        const out: Contact[] = [];
        for (let page = 1; ; page++) {
          const q = userListQuery.parse({
            tenantCompanyId,
            search: opts.search,
            active: opts.inactive ? undefined : 'true',
            sort: 'company',
            page,
            pageSize: USER_LIST_PAGE_SIZE_MAX,
          });
          const answer = await listContacts(trx, q);
          out.push(...answer.contacts);
          if (out.length >= answer.total || !answer.contacts.length) return out;
        }
      });
      printList(
        rows,
        [
          { header: 'ID', value: (c) => String(c.contact_id) },
          { header: 'COMPANY', value: (c) => c.company_moniker },
          { header: 'NAME', value: (c) => c.name },
          { header: 'EMAIL', value: (c) => c.email ?? '' },
          { header: 'TITLE', value: (c) => c.title ?? '' },
          { header: 'ROLE', value: (c) => REVIEW_ROLE_LABELS[c.review_role] },
          { header: 'ACTIVE', value: (c) => (c.is_active ? 'yes' : 'no') },
        ],
        opts,
      );
    });
}
