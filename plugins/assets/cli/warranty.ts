/**
 * `lci assets warranty-refresh --tenant N [--company NAME_OR_ID] [--json]` (issue 17 part C): runs the warranty
 * lookup of a tenant's assets (or one company's) in this process, as the job does, with a progress bar on a terminal,
 * and prints the counts: looked up, updated, unchanged, not found, failed, skipped. Refused while the tenant's lookup
 * is off or another run is going.
 *
 * `lci assets warranty-doubles [--port N]` (the demo): starts loopback doubles of the Dell, Lenovo and HP APIs
 * (fixtures/warranty-doubles.ts; every serial gets dates derived from it, serials starting with UNKNOWN are unknown)
 * on ports N, N+1, N+2 and prints the LCI_WARRANTY_*_URL lines and the demo credentials to enter in the settings.
 */
import type { Command } from 'commander';
import { HttpError, type PluginCliContext } from '../../../kernel/index';
import { CliError, positiveInt, printJson, progressBar, requireTenant, write } from '../../../cli/sdk';
import { listCompanies } from '../../companies/public';
import { companyMatcher } from '../import/assets-import';
import { DOUBLE_CREDENTIALS, startWarrantyDouble } from '../fixtures/warranty-doubles';
import { createRun, runWarrantyLookup } from '../server/warranty/service';
import { WARRANTY_VENDORS } from '../shared/warranty';

interface RefreshOpts {
  tenant: number;
  company?: string;
  json?: boolean;
}

export function warrantyCli(assets: Command, ctx: PluginCliContext): void {
  assets
    .command('warranty-refresh')
    .description(
      "looks up the warranty dates of a tenant's Dell, Lenovo and HP assets (vendor services or the offline default) and records them",
    )
    .requiredOption('--tenant <tenantId>', 'tenant', positiveInt)
    .option('--company <nameOrId>', "one company's assets (its name, any case, or its id)")
    .option('--json', 'print the counts as JSON')
    .action(async (opts: RefreshOpts) => {
      const k = await ctx.kernel();
      await k.db.withSystem((trx) => requireTenant(trx, opts.tenant));
      const run = await k.db
        .withTenant(opts.tenant, async (db) => {
          let tenantCompanyId: number | undefined;
          if (opts.company !== undefined) {
            const company = companyMatcher(await listCompanies(db))(opts.company);
            if (!company)
              throw new CliError(`No company of tenant ${opts.tenant} is named or numbered "${opts.company}".`);
            tenantCompanyId = company.tenant_company_id;
          }
          return createRun(db, opts.tenant, { tenantCompanyId }, 'cli', null);
        })
        .catch((e: unknown) => {
          if (e instanceof HttpError) throw new CliError(e.message);
          throw e;
        });
      const bar = progressBar();
      const counts = await runWarrantyLookup(k, opts.tenant, run.warranty_run_id, {
        // Per batch of assets: the percentage of the assets looked up so far.
        progress: async (percent, message) => bar.set(percent, 100, message ?? ''),
      }).finally(() => bar.stop());
      if (opts.json) {
        printJson({ tenantId: opts.tenant, runId: run.warranty_run_id, ...counts });
        return;
      }
      write(
        `Warranty lookup of tenant ${opts.tenant} (run ${run.warranty_run_id}): ${counts.looked_up} looked up, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.not_found} not found, ${counts.failed} failed; ${counts.skipped} of ${counts.total} assets skipped (not Dell, Lenovo or HP, vendor off, or no serial and no purchase date).`,
      );
    });

  assets
    .command('warranty-doubles')
    .description('demo: loopback doubles of the Dell, Lenovo and HP warranty APIs (runs until stopped)')
    .option('--port <port>', 'first port (Dell; Lenovo and HP the next two)', positiveInt, 4510)
    .action(async (opts: { port: number }) => {
      const lines: string[] = [];
      for (const [i, vendor] of WARRANTY_VENDORS.entries()) {
        const d = await startWarrantyDouble(vendor, { anySerial: true, port: opts.port + i });
        const c = DOUBLE_CREDENTIALS[vendor];
        lines.push(`LCI_WARRANTY_${vendor.toUpperCase()}_URL=${d.url}`);
        lines.push(
          `#   ${vendor}: ${c.apiKey ? `api_key ${c.apiKey}` : `client_id ${c.clientId}, client_secret ${c.clientSecret}`}`,
        );
      }
      write(lines.join('\n'));
      write('Serials starting with UNKNOWN are unknown to the doubles. Stop with Ctrl-C.');
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    });
}
