/**
 * `lci assets list --tenant N [--company NAME_OR_ID] [--state STATE[,STATE]] [--search TEXT] [--as-of DAY]
 * [--due-soon 90|120|180|365] [--sort COLUMN] [--desc] [--json]` (issue 17 part E): a tenant's assets with their lifecycle, as the assetList route
 * answers them (every page). States are those of shared/lifecycle.ts, or the short names expiring (warranty_expiring),
 * expired (out_of_warranty), approaching (eol_approaching) and eol (eol_reached). Imports are `lci import assets`.
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { PluginCliContext } from '../../../kernel/index';
import { CliError, positiveInt, printList, requireTenant } from '../../../cli/sdk';
import { listCompanies } from '../../companies/public';
import { companyMatcher } from '../import/assets-import';
import { listAssets } from '../server/service';
import { ASSET_LIST_PAGE_SIZE_MAX, ASSET_LIST_SORTS, assetListQuery, type Asset } from '../shared/api';
import {
  DUE_SOON_WINDOWS,
  LIFECYCLE_LABELS,
  LIFECYCLE_STATES,
  type DueSoonWindow,
  type LifecycleState,
} from '../shared/lifecycle';

/** Short names of lifecycle states on the command line. */
const STATE_ALIASES: Record<string, LifecycleState> = {
  expiring: 'warranty_expiring',
  expired: 'out_of_warranty',
  approaching: 'eol_approaching',
  eol: 'eol_reached',
};

/** A comma separated list of lifecycle states (names or short names, any case, dashes as _). */
function stateArg(value: string, previous: LifecycleState[] = []): LifecycleState[] {
  const out = [...previous];
  for (const raw of value.split(',')) {
    const v = raw.trim().toLowerCase().replace(/-/g, '_');
    if (!v) continue;
    const state = (LIFECYCLE_STATES as readonly string[]).includes(v) ? (v as LifecycleState) : STATE_ALIASES[v];
    if (!state)
      throw new InvalidArgumentError(
        `"${raw.trim()}" is not a lifecycle state; use ${[...LIFECYCLE_STATES, ...Object.keys(STATE_ALIASES)].join(', ')}.`,
      );
    if (!out.includes(state)) out.push(state);
  }
  return out;
}

function dayArg(value: string): string {
  const r = assetListQuery.shape.asOf.safeParse(value);
  if (!r.success) throw new InvalidArgumentError('must be a real date as YYYY-MM-DD.');
  return value;
}

/** A due soon window: replacement due after asOf and within the days (overdue left out; --state eol for those). */
function dueSoonArg(value: string): DueSoonWindow {
  const hit = DUE_SOON_WINDOWS.find((d) => String(d) === value.trim());
  if (!hit) throw new InvalidArgumentError(`must be one of ${DUE_SOON_WINDOWS.join(', ')} (days).`);
  return hit;
}

function sortArg(value: string): (typeof ASSET_LIST_SORTS)[number] {
  const v = value.trim().toLowerCase();
  const hit = ASSET_LIST_SORTS.find((s) => s === v);
  if (!hit) throw new InvalidArgumentError(`must be one of ${ASSET_LIST_SORTS.join(', ')}.`);
  return hit;
}

interface ListOpts {
  tenant: number;
  company?: string;
  state?: LifecycleState[];
  dueSoon?: DueSoonWindow;
  search?: string;
  asOf?: string;
  sort: (typeof ASSET_LIST_SORTS)[number];
  desc?: boolean;
  json?: boolean;
}

/** Adds `list` to the `assets` command. */
export function assetsListCli(assets: Command, ctx: PluginCliContext): void {
  assets
    .command('list')
    .description("lists a tenant's assets with their warranty and end-of-life state")
    .requiredOption('--tenant <tenantId>', 'tenant', positiveInt)
    .option('--company <nameOrId>', "one company's assets (its name, any case, or its id)")
    .option(
      '--state <states>',
      `lifecycle states, comma separated or repeated: ${LIFECYCLE_STATES.join(', ')} (or expiring, expired, approaching, eol)`,
      stateArg,
    )
    .option(
      '--due-soon <days>',
      `due for replacement within ${DUE_SOON_WINDOWS.join(', ')} days (overdue ones left out: those are --state eol)`,
      dueSoonArg,
    )
    .option('--search <text>', 'text in the name, serial, make, model, operating system or assigned person')
    .option(
      '--as-of <day>',
      "the day the lifecycle is computed for (YYYY-MM-DD; default the tenant's today in its time zone)",
      dayArg,
    )
    .option('--sort <column>', `sort by ${ASSET_LIST_SORTS.join(', ')}`, sortArg, 'company')
    .option('--desc', 'sort descending')
    .option('--json', 'print JSON (every field of each asset, as the assetList route answers it)')
    .action(async (opts: ListOpts) => {
      const k = await ctx.kernel();
      await k.db.withSystem((trx) => requireTenant(trx, opts.tenant));
      const rows = await k.db.withTenant(opts.tenant, async (trx) => {
        let tenantCompanyIds: string | undefined;
        if (opts.company !== undefined) {
          const company = companyMatcher(await listCompanies(trx))(opts.company);
          if (!company)
            throw new CliError(`No company of tenant ${opts.tenant} is named or numbered "${opts.company}".`);
          tenantCompanyIds = String(company.tenant_company_id);
        }
        const out: Asset[] = [];
        for (let page = 1; ; page++) {
          const q = assetListQuery.parse({
            tenantCompanyIds,
            lifecycleStates: opts.state?.length ? opts.state : undefined,
            dueSoonDays: opts.dueSoon,
            search: opts.search,
            asOf: opts.asOf,
            sort: opts.sort,
            dir: opts.desc ? 'desc' : 'asc',
            page,
            pageSize: ASSET_LIST_PAGE_SIZE_MAX,
          });
          const answer = await listAssets(trx, q, opts.tenant);
          out.push(...answer.assets);
          if (out.length >= answer.total || !answer.assets.length) return out;
        }
      });
      printList(
        rows,
        [
          { header: 'ID', value: (a) => String(a.asset_id) },
          { header: 'COMPANY', value: (a) => a.company_moniker },
          { header: 'NAME', value: (a) => a.name },
          { header: 'TYPE', value: (a) => a.asset_type_moniker ?? '' },
          { header: 'MAKE', value: (a) => a.make ?? '' },
          { header: 'MODEL', value: (a) => a.model ?? '' },
          { header: 'SERIAL', value: (a) => a.serial ?? '' },
          { header: 'WARRANTY', value: (a) => a.warranty_expiry ?? '' },
          { header: 'EOL', value: (a) => a.replacement_due ?? '' },
          { header: 'STATE', value: (a) => LIFECYCLE_LABELS[a.lifecycle_state] },
        ],
        opts,
        'No assets.',
      );
    });
}
