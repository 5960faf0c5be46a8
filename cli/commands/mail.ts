/** `lci mail outbox|show`: mail and SMS kept in the outbox (k.mail.outbox). */
import type { Command } from 'commander';
import { outboxAttachments } from '../../kernel/mail';
import { positiveInt } from '../args';
import type { CliContext } from '../context';
import { CliError } from '../errors';
import { printJson, printList, write } from '../output';

interface OutboxRow {
  mail_id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: unknown;
  kind: string;
  status: string;
  error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
/** "Report.docx (12.4 KB), Data.csv (310 B)" */
const attachmentNames = (r: { attachments: unknown }) =>
  outboxAttachments(r.attachments)
    .map((a) => `${a.fileName} (${a.bytes < 1024 ? `${a.bytes} B` : `${(a.bytes / 1024).toFixed(1)} KB`})`)
    .join(', ');

export function registerMailCommands(program: Command, ctx: CliContext): void {
  const mail = program.command('mail').description('the mail outbox (e-mail and SMS)');

  mail
    .command('outbox')
    .description('latest messages of the outbox, newest first')
    .option('--limit <n>', 'how many', positiveInt, 20)
    .option('--json', 'print JSON (with bodies)')
    .action(async (opts: { limit: number; json?: boolean }) => {
      const k = await ctx.kernel();
      const rows = (await k.mail.outbox(k.db.knex, opts.limit)) as OutboxRow[];
      const out = rows.map((r) => ({
        ...r,
        mail_id: Number(r.mail_id),
        attachments: outboxAttachments(r.attachments),
        created_at: iso(r.created_at),
        sent_at: iso(r.sent_at),
      }));
      printList(
        out,
        [
          { header: 'ID', value: (r) => r.mail_id },
          { header: 'CREATED', value: (r) => r.created_at },
          { header: 'KIND', value: (r) => r.kind },
          { header: 'STATUS', value: (r) => r.status },
          { header: 'TO', value: (r) => r.to_address },
          { header: 'SUBJECT', value: (r) => r.subject },
          { header: 'ATTACHMENTS', value: (r) => attachmentNames(r) },
        ],
        opts,
        'The outbox is empty.',
      );
    });

  mail
    .command('show')
    .description('one message with its body')
    .argument('<id>', 'message id', positiveInt)
    .option('--json', 'print JSON')
    .action(async (id: number, opts: { json?: boolean }) => {
      const k = await ctx.kernel();
      const row = (await k.db.knex('mail_outbox').where({ mail_id: id }).first()) as OutboxRow | undefined;
      if (!row) throw new CliError(`no message ${id} in the outbox`);
      if (opts.json)
        return printJson({
          ...row,
          mail_id: Number(row.mail_id),
          attachments: outboxAttachments(row.attachments),
          created_at: iso(row.created_at),
          sent_at: iso(row.sent_at),
        });
      write(
        [
          `To:      ${row.to_address}`,
          `Subject: ${row.subject}`,
          `Kind:    ${row.kind} (${row.status}${row.error ? `: ${row.error}` : ''})`,
          `Created: ${iso(row.created_at)}`,
          ...(outboxAttachments(row.attachments).length ? [`Files:   ${attachmentNames(row)}`] : []),
          '',
          row.text_body,
        ].join('\n'),
      );
    });
}
