/** `lci admin audit [--tenant N] [--since DATE] [--until DATE] [--action X] [--text T] [--limit N] [--json]`. */
import type { Command } from 'commander';
import type { Kernel } from '../../../kernel/index';
import { printJson, printList } from '../../../cli/sdk';
import { dateArg, positiveInt } from './args';
import { AUDIT_PAGE_SIZE_MAX, searchAuditLog, type AuditRow } from '../server/core/audit/search';

export function auditCli(admin: Command, kernel: () => Promise<Kernel>): void {
  admin
    .command('audit')
    .description('search the audit log (newest first)')
    .option('--tenant <id>', 'tenant id', positiveInt)
    .option('--since <date>', 'from this date (YYYY-MM-DD)', dateArg)
    .option('--until <date>', 'up to this date, inclusive (YYYY-MM-DD)', dateArg)
    .option('--action <action>', 'this action and its sub-actions (e.g. maintenance, impersonation.start)')
    .option('--text <text>', 'text in the action, target or details')
    .option('--limit <n>', `at most this many entries (default 100, max ${AUDIT_PAGE_SIZE_MAX})`, positiveInt)
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        tenant?: number;
        since?: Date;
        until?: Date;
        action?: string;
        text?: string;
        limit?: number;
        json?: boolean;
      }) => {
        const k = await kernel();
        const r = await k.db.withSystem(
          (db) =>
            searchAuditLog(db, {
              tenantId: opts.tenant,
              since: opts.since?.toISOString(),
              until: opts.until ? opts.until.toISOString().slice(0, 10) : undefined,
              action: opts.action,
              text: opts.text,
              pageSize: Math.min(opts.limit ?? 100, AUDIT_PAGE_SIZE_MAX),
            }),
          { readOnly: true },
        );
        if (opts.json) {
          printJson(r.entries);
          return;
        }
        printList<AuditRow>(
          r.entries,
          [
            { header: 'AT', value: (e) => e.at },
            { header: 'TENANT', value: (e) => e.tenantId },
            { header: 'ACTION', value: (e) => e.action },
            { header: 'TARGET', value: (e) => e.target },
            { header: 'ACTOR', value: (e) => e.actor ?? (e.details.via === 'cli' ? e.details.by : '') },
            { header: 'IMPERSONATOR', value: (e) => e.impersonator },
          ],
          {},
          'No audit entries match.',
        );
      },
    );
}
