/**
 * `lci admin ...` commands of this part (every one with --json; changes audited with the operator):
 *   notify, notifications, onboarding, currency, primary-integration, initial-sync, import-templates, etl,
 *   affiliate, marketing-export.
 */
import fs from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { z } from 'zod';
import type { Kernel } from '../../../kernel/index';
import { operatorName } from '../../../cli/sdk';
import { CliError } from '../../../cli/sdk';
import { printJson, printList, write } from '../../../cli/sdk';
import { affiliateBody, setAffiliate, tenantAffiliate } from '../server/pages/affiliates/service';
import { setCurrency } from '../server/pages/currency/service';
import { etlReports, etlSchedules, runNow, setSchedule } from '../server/pages/etl/service';
import {
  changePrimary,
  initialSyncsInProgress,
  primaryBody,
  setInitialSync,
  tenantIntegrations,
} from '../server/pages/integrations/service';
import { marketingRows } from '../server/pages/marketing/service';
import { announce, composeBody, recentNotifications, sendNotification } from '../server/pages/notifications/service';
import { checklist, completionPercent } from '../server/pages/onboarding/service';
import { CURRENCIES, requireTenant, toCsv } from '../server/pages/shared';
import { importBody, importTemplates } from '../server/pages/templates/service';

const positive = (value: string): number => {
  if (!/^\d+$/.test(value.trim()) || Number(value) <= 0 || !Number.isSafeInteger(Number(value)))
    throw new InvalidArgumentError('must be a positive whole number.');
  return Number(value);
};
const via = () => ({ via: 'cli', by: operatorName() });
const CLI_CTX = { caller: null };

/** Zod problems as one CLI error line naming the option. */
function parse<S extends z.ZodType>(schema: S, value: unknown, names: Record<string, string> = {}): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const i = r.error.issues[0];
  const field = String(i.path[0] ?? '');
  throw new CliError(`${names[field] ?? `--${field}`}: ${i.message}`);
}

/** Turns an HttpError of the shared services into a CLI error (same message). */
async function run<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const err = e as { status?: number; message: string; extra?: { problems?: { where: string; message: string }[] } };
    if (typeof err.status === 'number') {
      const problems = err.extra?.problems?.map((p) => `  ${p.where}: ${p.message}`).join('\n');
      throw new CliError(problems ? `${err.message}\n${problems}` : err.message);
    }
    throw e;
  }
}

export function registerPagesCli(admin: Command, kernel: () => Promise<Kernel>): void {
  admin
    .command('notify')
    .description('sends a notification to everybody, a tenant or a user (shown as a banner in the workspace)')
    .requiredOption('--title <text>', 'title')
    .requiredOption('--message <text>', 'message')
    .option('--tenant <id>', "only this tenant's users", positive)
    .option('--user <id>', 'only this user', positive)
    .option('--all', 'everybody')
    .option('--type <type>', 'info, success, warning or danger', 'info')
    .option('--json', 'print JSON')
    .action(
      async (o: {
        title: string;
        message: string;
        tenant?: number;
        user?: number;
        all?: boolean;
        type: string;
        json?: boolean;
      }) => {
        const targets = [o.all, o.tenant, o.user].filter((x) => x !== undefined).length;
        if (targets !== 1) throw new CliError('Choose exactly one of --all, --tenant and --user.');
        const body = parse(
          composeBody,
          {
            title: o.title,
            message: o.message,
            display_type: o.type,
            target: o.all ? 'all' : o.tenant ? 'tenant' : 'user',
            tenantId: o.tenant,
            userId: o.user,
          },
          { display_type: '--type', tenantId: '--tenant', userId: '--user' },
        );
        const k = await kernel();
        const out = await run(() =>
          k.db.withSystem(async (db) => {
            const sent = await sendNotification(k, db, body, null);
            await k.audit.write(db, {
              tenantId: sent.notification.target_tenant_id ?? undefined,
              action: 'lciadmin.notification.send',
              target: String(sent.notification.notification_id),
              details: { target: body.target, users: sent.users, title: body.title, ...via() },
            });
            return sent;
          }),
        );
        await announce(k, out.notification);
        if (o.json) printJson(out);
        else
          write(
            `Sent notification ${out.notification.notification_id} to ${body.target === 'all' ? 'everybody' : `${body.target} ${o.tenant ?? o.user}`} (${out.users} user(s)).`,
          );
      },
    );

  admin
    .command('notifications')
    .description('lists notifications, newest first')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const k = await kernel();
      const rows = await k.db.withSystem((db) => recentNotifications(db), { readOnly: true });
      printList(
        rows,
        [
          { header: 'ID', value: (r: any) => r.notification_id },
          { header: 'SENT', value: (r: any) => new Date(r.created_at).toISOString().slice(0, 16) },
          {
            header: 'TARGET',
            value: (r: any) => (r.target === 'all' ? 'all' : `${r.target} ${r.target_tenant_id ?? r.target_user_id}`),
          },
          { header: 'ACTIVE', value: (r: any) => (r.active_flag ? 'yes' : 'no') },
          { header: 'TITLE', value: (r: any) => r.title },
        ],
        o,
      );
    });

  admin
    .command('onboarding')
    .description("a tenant's onboarding checklist")
    .requiredOption('--tenant <id>', 'tenant id', positive)
    .option('--json', 'print JSON')
    .action(async (o: { tenant: number; json?: boolean }) => {
      const k = await kernel();
      const out = await run(() =>
        k.db.withSystem(
          async (db) => {
            const t = await requireTenant(db, o.tenant);
            const items = await checklist(db, o.tenant);
            return {
              tenant: { tenant_id: t.tenant_id, name: t.name },
              percent: completionPercent(items),
              onboarding_items: items,
            };
          },
          { readOnly: true },
        ),
      );
      if (o.json) {
        printJson(out);
        return;
      }
      write(`Tenant ${out.tenant.tenant_id} "${out.tenant.name}": ${out.percent}% done`);
      printList(
        out.onboarding_items,
        [
          { header: 'ID', value: (i) => i.lci_onboarding_item_id },
          { header: 'DONE', value: (i) => (i.completed_flag ? 'yes' : 'no') },
          { header: 'ITEM', value: (i) => i.moniker },
        ],
        {},
      );
    });

  admin
    .command('currency')
    .description(`shows or changes (--set) a tenant's currency: ${CURRENCIES.join(', ')}`)
    .requiredOption('--tenant <id>', 'tenant id', positive)
    .option('--set <currency>', 'new currency')
    .option('--json', 'print JSON')
    .action(async (o: { tenant: number; set?: string; json?: boolean }) => {
      const k = await kernel();
      if (o.set === undefined) {
        const t = await run(() => k.db.withSystem((db) => requireTenant(db, o.tenant), { readOnly: true }));
        if (o.json) printJson({ tenant_id: t.tenant_id, name: t.name, currency: t.currency });
        else write(`Tenant ${t.tenant_id} "${t.name}": ${t.currency}`);
        return;
      }
      const currency = o.set.trim().toUpperCase();
      if (!(CURRENCIES as readonly string[]).includes(currency))
        throw new CliError(`--set must be one of ${CURRENCIES.join(', ')}, not ${JSON.stringify(o.set)}.`);
      const out = await run(() => k.db.withSystem((db) => setCurrency(k, db, CLI_CTX, o.tenant, currency, via())));
      if (o.json) printJson(out);
      else
        write(
          out.changed
            ? `Tenant ${out.tenant_id} "${out.name}": currency ${out.previous} -> ${out.currency}.`
            : `Tenant ${out.tenant_id} "${out.name}" already uses ${out.currency}; nothing changed.`,
        );
    });

  admin
    .command('primary-integration')
    .description('shows a tenant\'s integrations, or changes the primary one (--set, with --confirm "<tenant name>")')
    .requiredOption('--tenant <id>', 'tenant id', positive)
    .option('--set <integration>', 'new primary integration')
    .option('--status <status>', 'its integration_status', 'pending')
    .option('--confirm <name>', "the tenant's name, as confirmation")
    .option('--json', 'print JSON')
    .action(async (o: { tenant: number; set?: string; status: string; confirm?: string; json?: boolean }) => {
      const k = await kernel();
      const out =
        o.set === undefined
          ? await run(() =>
              k.db.withSystem(
                async (db) => {
                  const t = await requireTenant(db, o.tenant);
                  return {
                    tenant: { tenant_id: t.tenant_id, name: t.name },
                    integrations: await tenantIntegrations(db, o.tenant),
                  };
                },
                { readOnly: true },
              ),
            )
          : await run(() =>
              k.db.withSystem((db) =>
                changePrimary(
                  k,
                  db,
                  CLI_CTX,
                  o.tenant,
                  parse(
                    primaryBody,
                    { integration_name: o.set, integration_status: o.status, confirm: o.confirm ?? '' },
                    { integration_name: '--set', integration_status: '--status', confirm: '--confirm' },
                  ),
                  via(),
                ),
              ),
            );
      if (o.json) {
        printJson(out);
        return;
      }
      if (o.set) write(`Tenant ${out.tenant.tenant_id} "${out.tenant.name}": primary integration is now ${o.set}.`);
      printList(
        out.integrations,
        [
          { header: 'ID', value: (i: any) => i.tenant_integration_id },
          { header: 'INTEGRATION', value: (i: any) => i.integration_name },
          { header: 'PRIMARY', value: (i: any) => (i.is_primary ? 'yes' : '') },
          { header: 'STATUS', value: (i: any) => i.integration_status },
          { header: 'INITIAL SYNC', value: (i: any) => i.initial_sync_status },
        ],
        {},
        '(no integrations)',
      );
    });

  admin
    .command('initial-sync')
    .description('lists initial synchronisations in progress; --done ID or --reset ID changes one')
    .option('--done <integrationId>', 'mark it done', positive)
    .option('--reset <integrationId>', 'reset it to run again', positive)
    .option('--json', 'print JSON')
    .action(async (o: { done?: number; reset?: number; json?: boolean }) => {
      if (o.done && o.reset) throw new CliError('Choose one of --done and --reset.');
      const k = await kernel();
      if (o.done || o.reset) {
        const out = await run(() =>
          k.db.withSystem((db) =>
            setInitialSync(k, db, CLI_CTX, (o.done ?? o.reset)!, o.done ? 'done' : 'reset', via()),
          ),
        );
        if (o.json) printJson(out);
        else
          write(
            `${out.integration_name} of tenant ${out.tenant_id}: initial sync ${out.initial_sync_status === 'done' ? 'marked done' : 'reset'}.`,
          );
        return;
      }
      const rows = await k.db.withSystem((db) => initialSyncsInProgress(db), { readOnly: true });
      printList(
        rows,
        [
          { header: 'ID', value: (r) => r.tenant_integration_id },
          { header: 'TENANT', value: (r) => `${r.tenant_id} ${r.tenant_name}` },
          { header: 'INTEGRATION', value: (r) => r.integration_name },
          { header: 'STARTED', value: (r) => r.initial_sync_started_at },
        ],
        o,
        '(no initial sync in progress)',
      );
    });

  admin
    .command('import-templates')
    .description(
      'imports assessment templates from a JSON or CSV file into a tenant (--tenant) or all tenants (--all); all or nothing',
    )
    .requiredOption('--file <path>', 'a .json or .csv file')
    .option('--tenant <id>', 'tenant id', positive)
    .option('--all', 'every active tenant')
    .option('--replace', 'replace templates of the same name (default: skip them)')
    .option('--dry-run', 'report only, write nothing')
    .option('--json', 'print JSON')
    .action(
      async (o: {
        file: string;
        tenant?: number;
        all?: boolean;
        replace?: boolean;
        dryRun?: boolean;
        json?: boolean;
      }) => {
        let content: string;
        try {
          content = fs.readFileSync(o.file, 'utf8');
        } catch (e) {
          throw new CliError(`Cannot read ${o.file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
        }
        const format = o.file.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
        const req = parse(
          importBody,
          {
            format,
            content,
            tenantId: o.tenant,
            allTenants: !!o.all,
            onExisting: o.replace ? 'replace' : 'skip',
            dryRun: !!o.dryRun,
          },
          { tenantId: '--tenant', allTenants: '--all', content: '--file' },
        );
        const k = await kernel();
        const out = await run(() =>
          k.db.withSystem((db) => importTemplates(k, db, CLI_CTX, req, via()), { readOnly: req.dryRun }),
        );
        if (o.json) {
          printJson(out);
          return;
        }
        write(
          `${out.dryRun ? 'Dry run: would import' : 'Imported'} ${out.templates} template(s): ${out.totals.created} created, ${out.totals.replaced} replaced, ${out.totals.skipped} skipped.`,
        );
        printList(
          out.tenants,
          [
            { header: 'TENANT', value: (r) => `${r.tenant_id} ${r.name}` },
            { header: 'CREATED', value: (r) => r.created.length },
            { header: 'REPLACED', value: (r) => r.replaced.length },
            { header: 'SKIPPED', value: (r) => r.skipped.length },
          ],
          {},
        );
      },
    );

  admin
    .command('etl')
    .description("ETL schedules and recent runs; --run, --enable or --disable an integration's schedule")
    .option('--tenant <id>', 'only this tenant', positive)
    .option('--run <integrationId>', 'run now (queues a job)', positive)
    .option('--enable <integrationId>', 'enable the schedule', positive)
    .option('--disable <integrationId>', 'disable the schedule', positive)
    .option('--json', 'print JSON')
    .action(async (o: { tenant?: number; run?: number; enable?: number; disable?: number; json?: boolean }) => {
      if ([o.run, o.enable, o.disable].filter(Boolean).length > 1)
        throw new CliError('Choose one of --run, --enable and --disable.');
      const k = await kernel();
      if (o.run) {
        const out = await run(() => k.db.withSystem((db) => runNow(k, db, CLI_CTX, o.run!, via())));
        if (o.json) printJson(out);
        else write(`Queued ETL run ${out.etl_run_id} (job ${out.job_id}).`);
        return;
      }
      if (o.enable || o.disable) {
        const out = await run(() =>
          k.db.withSystem((db) =>
            setSchedule(k, db, CLI_CTX, (o.enable ?? o.disable)!, { enabled_flag: !!o.enable }, via()),
          ),
        );
        if (o.json) printJson(out);
        else
          write(`${out?.integration_name} of tenant ${out?.tenant_id}: schedule ${o.enable ? 'enabled' : 'disabled'}.`);
        return;
      }
      const out = await k.db.withSystem(
        async (db) => ({
          schedules: await etlSchedules(db, o.tenant),
          ...(await etlReports(db, { tenantId: o.tenant, limit: 20 })),
        }),
        { readOnly: true },
      );
      if (o.json) {
        printJson(out);
        return;
      }
      printList(
        out.schedules,
        [
          { header: 'ID', value: (s) => s.tenant_integration_id },
          { header: 'TENANT', value: (s) => `${s.tenant_id} ${s.tenant_name}` },
          { header: 'INTEGRATION', value: (s) => s.integration_name },
          { header: 'ENABLED', value: (s) => (s.enabled_flag ? 'yes' : 'no') },
          { header: 'EVERY (MIN)', value: (s) => s.interval_minutes },
          { header: 'LAST', value: (s) => s.last_status },
        ],
        {},
        '(no integrations)',
      );
    });

  admin
    .command('affiliate')
    .description("shows, sets (--set CODE) or clears (--clear) a tenant's affiliate code")
    .requiredOption('--tenant <id>', 'tenant id', positive)
    .option('--set <code>', 'affiliate code')
    .option('--clear', 'remove the code')
    .option('--json', 'print JSON')
    .action(async (o: { tenant: number; set?: string; clear?: boolean; json?: boolean }) => {
      if (o.set !== undefined && o.clear) throw new CliError('Choose one of --set and --clear.');
      const k = await kernel();
      if (o.set === undefined && !o.clear) {
        const out = await run(() => k.db.withSystem((db) => tenantAffiliate(db, o.tenant), { readOnly: true }));
        if (o.json) printJson(out);
        else write(`Tenant ${out.tenant_id} "${out.name}": ${out.affiliate_code ?? '(no affiliate code)'}`);
        return;
      }
      const body = parse(affiliateBody, { affiliate_code: o.clear ? null : o.set }, { affiliate_code: '--set' });
      const out = await run(() => k.db.withSystem((db) => setAffiliate(k, db, CLI_CTX, o.tenant, body, via())));
      if (o.json) printJson(out);
      else write(`Tenant ${out.tenant_id} "${out.name}": affiliate code ${out.affiliate_code ?? 'cleared'}.`);
    });

  admin
    .command('marketing-export')
    .description('tenants or users as CSV for marketing (audited)')
    .requiredOption('--kind <kind>', 'tenants or users')
    .option('--out <file>', 'write to a file instead of stdout')
    .action(async (o: { kind: string; out?: string }) => {
      if (o.kind !== 'tenants' && o.kind !== 'users')
        throw new CliError(`--kind must be tenants or users, not ${JSON.stringify(o.kind)}.`);
      const k = await kernel();
      const csv = await k.db.withSystem(async (db) => {
        const { header, rows } = await marketingRows(db, o.kind as 'tenants' | 'users');
        await k.audit.write(db, {
          action: 'lciadmin.marketing.export',
          details: { kind: o.kind, rows: rows.length, ...via() },
        });
        return toCsv(header, rows);
      });
      if (o.out) {
        fs.writeFileSync(o.out, csv);
        write(`Wrote ${csv.split('\r\n').length - 2} row(s) to ${o.out}.`);
      } else process.stdout.write(csv);
    });
}
