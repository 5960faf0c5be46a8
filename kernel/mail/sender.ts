/**
 * The outbox sender: with SMTP configured, a process that works jobs delivers queued e-mail every few seconds
 * (Mailer.flush claims each message, so several servers share the outbox without sending one twice).
 */
import type { Knex } from 'knex';
import type { Logger } from '../log';
import type { Mailer } from './index';

/** Starts delivering; answers the step that stops it (waiting for a delivery in progress). */
export function startMailSender(mail: Mailer, knex: Knex, log: Logger, intervalMs = 5000): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        // A full batch may mean more are waiting: go on at once.
        while ((await mail.flush(knex)) >= 50);
      } catch (e) {
        log.warn({ err: e }, 'mail: delivering the outbox failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
