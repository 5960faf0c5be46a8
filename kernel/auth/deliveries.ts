/**
 * Work whose duration must not tell the caller anything (looking a user up and
 * mailing a code): it runs after the request has committed and answered, so
 * "forgot password" and "resend code" take the same time for a known and an
 * unknown e-mail. Tracked, so shutdown (and tests) can wait for it.
 */
import { afterCommit } from '../access/scope';
import type { Trx } from '../db/database';
import type { Logger } from '../log';

export class Deliveries {
  private readonly pending = new Set<Promise<void>>();
  constructor(private readonly log: Logger) {}

  /** Runs fn once trx has committed (nothing runs when it rolls back). */
  afterRequest(trx: Trx, label: string, fn: () => Promise<void>): void {
    afterCommit(trx, () => {
      const p: Promise<void> = fn()
        .catch((err) => {
          this.log.error({ err }, `${label} failed`);
        })
        .finally(() => {
          this.pending.delete(p);
        });
      this.pending.add(p);
    });
  }

  /** Resolves once every delivery started so far has finished. */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
