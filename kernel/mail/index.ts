/**
 * The mail outbox. Every message (e-mail or SMS) is written to mail_outbox in
 * the caller's transaction; with SMTP configured, a sender delivers queued
 * e-mail through nodemailer (status queued -> sending -> sent | failed),
 * otherwise messages are kept for `lci mail outbox`.
 * Attachments are files in storage (k.storage), named in the message and read
 * when it is delivered.
 */
import type { Knex } from 'knex';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../log';
import { assertKey, type Storage } from '../storage';

/** A file in storage sent with a message (put it there before `send`, keep it until the message is sent). */
export interface MailAttachment {
  /** The name the recipient sees, e.g. 'Quarterly Business Review.docx'. */
  fileName: string;
  contentType: string;
  storageKey: string;
  bytes: number;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}
interface SmsMessage {
  to: string;
  text: string;
}

/** Transport for SMS codes; the embedded default keeps them in the outbox and the log. */
interface SmsTransport {
  send(msg: SmsMessage): Promise<void>;
}

export class Mailer {
  private transport: Transporter | null;
  constructor(
    private readonly opts: {
      smtpUrl?: string;
      from: string;
      log: Logger;
      sms?: SmsTransport;
      /** Where attachments are read from when a message is delivered (needed only to deliver ones with attachments). */
      storage?: Storage;
    },
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  }

  async send(db: Knex, msg: MailMessage): Promise<void> {
    const attachments = msg.attachments ?? [];
    for (const a of attachments) {
      assertKey(a.storageKey);
      if (!a.fileName.trim()) throw new Error('a mail attachment needs a file name');
    }
    await db('mail_outbox').insert({
      to_address: msg.to,
      subject: msg.subject,
      text_body: msg.text,
      html_body: msg.html ?? null,
      attachments: attachments.length
        ? JSON.stringify(
            attachments.map(({ fileName, contentType, storageKey, bytes }) => ({
              fileName,
              contentType,
              storageKey,
              bytes,
            })),
          )
        : null,
      kind: 'email',
      status: this.transport ? 'queued' : 'kept',
    });
    this.opts.log.info(
      { to: msg.to, subject: msg.subject, attachments: attachments.map((a) => a.fileName) },
      this.transport ? 'mail queued' : 'mail kept in outbox',
    );
  }

  async sms(db: Knex, msg: SmsMessage): Promise<void> {
    await db('mail_outbox').insert({
      to_address: msg.to,
      subject: 'SMS',
      text_body: msg.text,
      kind: 'sms',
      status: this.opts.sms ? 'queued' : 'kept',
    });
    this.opts.log.info({ to: msg.to, text: msg.text }, 'sms kept in outbox');
    if (this.opts.sms) await this.opts.sms.send(msg);
  }

  /**
   * Delivers queued e-mail over SMTP (owner connection, outside request transactions); answers how many it tried.
   * Servers that work jobs call it every few seconds (kernel/mail/sender.ts).
   */
  async flush(knex: Knex): Promise<number> {
    if (!this.transport) return 0;
    // Claimed (status 'sending') in one statement, so two senders never deliver the same message.
    const claimed: Record<string, any>[] = await knex('mail_outbox')
      .whereIn(
        'mail_id',
        knex('mail_outbox')
          .select('mail_id')
          .where({ status: 'queued', kind: 'email' })
          .orderBy('mail_id')
          .limit(50)
          .forUpdate()
          .skipLocked(),
      )
      .update({ status: 'sending' })
      .returning('*');
    const queued = claimed.sort((a, b) => Number(a.mail_id) - Number(b.mail_id));
    for (const m of queued) {
      try {
        await this.transport.sendMail({
          from: this.opts.from,
          to: m.to_address,
          subject: m.subject,
          text: m.text_body,
          html: m.html_body ?? undefined,
          attachments: await this.readAttachments(outboxAttachments(m.attachments)),
        });
        await knex('mail_outbox').where({ mail_id: m.mail_id }).update({ status: 'sent', sent_at: knex.fn.now() });
      } catch (e) {
        await knex('mail_outbox')
          .where({ mail_id: m.mail_id })
          .update({ status: 'failed', error: (e as Error).message });
      }
    }
    return queued.length;
  }

  /** The attachments' bytes from storage, for nodemailer; an error naming a file that is gone (the message fails). */
  private async readAttachments(list: MailAttachment[]) {
    if (!list.length) return undefined;
    const storage = this.opts.storage;
    if (!storage) throw new Error('attachments cannot be read: the mailer has no storage');
    return Promise.all(
      list.map(async (a) => {
        const file = await storage.get(a.storageKey);
        if (!file) throw new Error(`attachment ${a.fileName} is missing from storage (${a.storageKey})`);
        return { filename: a.fileName, content: file.body, contentType: a.contentType };
      }),
    );
  }

  async outbox(knex: Knex, limit = 50) {
    return knex('mail_outbox').orderBy('mail_id', 'desc').limit(limit).select();
  }
}

/** The attachments of an outbox row (jsonb: parsed by the driver, or text). */
export function outboxAttachments(value: unknown): MailAttachment[] {
  const v = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(v) ? (v as MailAttachment[]) : [];
}
