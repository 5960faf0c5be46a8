/**
 * The run of one period: render the report, keep it in the report locker, mail each recipient with the file
 * attached or a signed link, one delivery row per recipient, then the run's status. Called by "send now"
 * (service.ts `runNow`) and by the tick (tick.ts).
 */
import type { Kernel, Trx } from '../../../../kernel/index';
import { activeContactsWithEmail, existingContactIds } from '../../../contacts/public';
import type { DeliveryRow } from '../../shared/schedule-api';
import { wallClock } from '../../shared/schedule-rules';
import { sendReportMail } from './mail';
import { buildReportFile } from './report-file';
import { runStatus, splitRecipients } from './rows';
import { finishRun, insertDelivery, tenantUsers, type StoredSchedule } from './store';

/** Above this size the mail carries a signed link instead of the file. */
export const ATTACH_MAX_BYTES = 5 * 1024 * 1024;
/** How long the link in a mail works. */
export const LINK_TTL_SECONDS = 7 * 24 * 3600;
/** Why the e-mail's link outlives the storage default (minutes): the recipient opens the mail when they read it. */
export const LINK_TTL_REASON = 'a scheduled report e-mail is read days after it is sent';

interface Recipient {
  kind: 'contact' | 'user';
  id: number;
  name: string;
  email: string | null;
  skip: string | null;
}

/** Who gets the mail now: each recipient with an address, or the reason it is skipped. */
async function resolveRecipients(db: Trx, s: StoredSchedule): Promise<Recipient[]> {
  const { contacts, users } = splitRecipients(s.recipients);
  const active = new Map(
    (await activeContactsWithEmail(db, s.tenant_company_id)).map((c) => [Number(c.contact_id), c]),
  );
  const existing = new Set(contacts.length ? await existingContactIds(db, contacts) : []);
  const tenantUserRows = new Map((users.length ? await tenantUsers(db, users) : []).map((u) => [u.user_id, u]));
  const out: Recipient[] = [];
  for (const id of contacts) {
    const c = active.get(id);
    if (c) out.push({ kind: 'contact', id, name: c.name, email: c.email, skip: null });
    else
      out.push({
        kind: 'contact',
        id,
        name: '',
        email: null,
        skip: existing.has(id)
          ? `Contact ${id} is inactive, has no e-mail or is no longer with ${s.company_name}`
          : `Contact ${id} was deleted`,
      });
  }
  for (const id of users) {
    const u = tenantUserRows.get(id);
    if (u?.active) out.push({ kind: 'user', id, name: u.name, email: u.email, skip: null });
    else
      out.push({
        kind: 'user',
        id,
        name: u?.name ?? '',
        email: u?.email ?? null,
        skip: u ? `User ${id} is inactive` : `User ${id} is no longer a user of this account`,
      });
  }
  return out;
}

/** Progress of a run: `done` of `total` steps (the report built, then one per recipient). */
export type RunProgress = (done: number, total: number, label: string) => void;

/**
 * Sends a claimed run: renders the report, keeps it in the locker, mails each recipient (attached up to
 * ATTACH_MAX_BYTES, else a signed link valid LINK_TTL_SECONDS), records a delivery per recipient and the run's
 * status. Runs in the caller's transaction (the outbox rows commit with the run record).
 */
export async function deliverRun(
  k: Kernel,
  db: Trx,
  tenantId: number,
  s: StoredSchedule,
  runId: number,
  now: Date,
  attachMaxBytes = ATTACH_MAX_BYTES,
  onProgress?: RunProgress,
): Promise<void> {
  onProgress?.(0, 1, 'building the report');
  const w = wallClock(now, s.time_zone);
  const asOf = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  const vers = s.vers ?? s.template_current_vers;
  const file = await buildReportFile(k, db, tenantId, {
    templateId: s.report_template_id,
    vers,
    companyId: s.tenant_company_id,
    asOf,
  });
  const attach = file.bytes <= attachMaxBytes;
  const link = attach
    ? null
    : k.storage.signedUrl(file.storageKey, LINK_TTL_SECONDS, {
        fileName: file.fileName,
        reason: LINK_TTL_REASON,
      });
  const deliveries: Pick<DeliveryRow, 'status'>[] = [];
  const sentTo = new Set<string>();
  const recipients = await resolveRecipients(db, s);
  onProgress?.(1, recipients.length + 1, file.fileName);
  for (const [i, r] of recipients.entries()) {
    const base = { recipient_kind: r.kind, recipient_id: r.id, email: r.email ?? '' };
    let row: Omit<DeliveryRow, 'report_delivery_id' | 'created_at'>;
    if (r.skip || !r.email) row = { ...base, mode: 'none', status: 'skipped', error: r.skip ?? 'No e-mail address' };
    else if (sentTo.has(r.email.toLowerCase()))
      row = { ...base, mode: 'none', status: 'skipped', error: 'Already sent to this address in this run' };
    else {
      try {
        await sendReportMail(k, db, {
          to: r.email,
          subject: `${s.name}: ${s.company_name} (${asOf})`,
          text: mailText(s, r.name, asOf, file.fileName, link),
          ...(attach
            ? {
                attachment: {
                  fileName: file.fileName,
                  contentType: file.contentType,
                  storageKey: file.storageKey,
                  bytes: file.bytes,
                },
              }
            : {}),
        });
        sentTo.add(r.email.toLowerCase());
        row = { ...base, mode: attach ? 'attachment' : 'link', status: 'sent', error: null };
      } catch (e) {
        row = { ...base, mode: attach ? 'attachment' : 'link', status: 'failed', error: (e as Error).message };
      }
    }
    await insertDelivery(db, tenantId, runId, row);
    deliveries.push(row);
    onProgress?.(i + 2, recipients.length + 1, row.email || r.kind);
  }
  const status = runStatus(deliveries);
  await finishRun(db, runId, {
    status,
    error: status === 'failed' ? 'No recipient could be sent the report' : null,
    saved_report_id: file.savedReportId,
  });
}

function mailText(s: StoredSchedule, name: string, asOf: string, fileName: string, link: string | null): string {
  return [
    `Hello${name ? ` ${name}` : ''},`,
    '',
    link
      ? `The report "${s.template_name}" for ${s.company_name} (${asOf}) is ready. It is too large to attach; download it here (the link works for 7 days):`
      : `Please find attached the report "${s.template_name}" for ${s.company_name} (${asOf}): ${fileName}.`,
    ...(link ? [link] : []),
    '',
    `You receive this report through the scheduled delivery "${s.name}".`,
  ].join('\n');
}
