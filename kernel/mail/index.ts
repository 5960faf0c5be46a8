/**
 * The mail outbox. Every message (e-mail or SMS) is written to mail_outbox in
 * the caller's transaction; with SMTP configured, a sender delivers queued
 * e-mail through nodemailer, otherwise messages are kept for `lci mail outbox`.
 */
import type { Knex } from 'knex';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface SmsMessage {
  to: string;
  text: string;
}

/** Transport for SMS codes; the embedded default keeps them in the outbox and the log. */
export interface SmsTransport {
  send(msg: SmsMessage): Promise<void>;
}

export class Mailer {
  private transport: Transporter | null;
  constructor(private readonly opts: { smtpUrl?: string; from: string; log: Logger; sms?: SmsTransport }) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  }

  async send(db: Knex, msg: MailMessage): Promise<void> {
    await db('mail_outbox').insert({
      to_address: msg.to,
      subject: msg.subject,
      text_body: msg.text,
      html_body: msg.html ?? null,
      kind: 'email',
      status: this.transport ? 'queued' : 'kept',
    });
    this.opts.log.info({ to: msg.to, subject: msg.subject }, this.transport ? 'mail queued' : 'mail kept in outbox');
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

  /** Delivers queued e-mail over SMTP (owner connection, outside request transactions). */
  async flush(knex: Knex): Promise<number> {
    if (!this.transport) return 0;
    const queued = await knex('mail_outbox').where({ status: 'queued', kind: 'email' }).orderBy('mail_id').limit(50);
    for (const m of queued) {
      try {
        await this.transport.sendMail({
          from: this.opts.from,
          to: m.to_address,
          subject: m.subject,
          text: m.text_body,
          html: m.html_body ?? undefined,
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

  async outbox(knex: Knex, limit = 50) {
    return knex('mail_outbox').orderBy('mail_id', 'desc').limit(limit).select();
  }
}
