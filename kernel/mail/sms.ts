/**
 * How text messages (SMS sign-in codes) leave the server. The default keeps
 * each message in the outbox (mail_outbox, kind 'sms', subject 'SMS') and logs
 * it, like e-mail without SMTP; a gateway (e.g. a provider's API) implements
 * the same interface and is passed where the identity service is created.
 */
import type { Database } from '../db/database';
import type { Mailer } from './index';

export interface SmsTransport {
  send(to: string, text: string): Promise<void>;
}

/** Writes the message to the outbox in its own system-scope transaction. */
export function outboxSmsTransport(db: Database, mail: Mailer): SmsTransport {
  return {
    send: (to, text) => db.withSystem((trx) => mail.sms(trx, { to, text })),
  };
}
