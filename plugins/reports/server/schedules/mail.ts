/**
 * The adapter between a schedule run and the kernel's mail outbox: one message per recipient, the report attached
 * (a file in storage, named by the outbox row and read when the message is delivered) or a signed link in the text
 * above the size limit.
 */
import type { Kernel, MailAttachment, Trx } from '../../../../kernel/index';

interface ReportMail {
  to: string;
  subject: string;
  text: string;
  attachment?: MailAttachment;
}

export async function sendReportMail(k: Kernel, db: Trx, mail: ReportMail): Promise<void> {
  await k.mail.send(db, {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.attachment ? { attachments: [mail.attachment] } : {}),
  });
}
