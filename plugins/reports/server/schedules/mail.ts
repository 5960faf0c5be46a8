/**
 * The adapter between a schedule run and the kernel's mail outbox: one message per recipient, the report attached
 * (kernel MailMessage `attachments`, added by the kernel for issue 16) or a signed link in the text above the size
 * limit.
 */
import type { Kernel, Trx } from '../../../../kernel/index';

export interface ReportAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ReportMail {
  to: string;
  subject: string;
  text: string;
  attachment?: ReportAttachment;
}

type KernelMail = Parameters<Kernel['mail']['send']>[1];

export async function sendReportMail(k: Kernel, db: Trx, mail: ReportMail): Promise<void> {
  const message: KernelMail & { attachments?: ReportAttachment[] } = {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.attachment ? { attachments: [mail.attachment] } : {}),
  };
  await k.mail.send(db, message);
}
