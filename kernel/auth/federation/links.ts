/**
 * Pins a social sign-in to the upstream account (issuer + subject of the
 * verified ID token) that first signed the user in through that provider
 * (table federated_identities). The e-mail finds the user; the link decides
 * whether this upstream account may sign them in: another subject (or issuer)
 * with the same e-mail is refused, so an upstream account that later gets the
 * user's address (a recycled mailbox, another directory tenant) does not.
 * `lci user unlink-social <email>` removes the links (the next sign-in links anew).
 */
import type { Knex } from 'knex';
import type { SocialProviderId } from '../../../config';
import type { Database } from '../../db/database';

type LinkCheck = { ok: true; linked: boolean } | { ok: false; reason: 'subject_mismatch' | 'subject_linked_elsewhere' };

const TABLE = 'federated_identities';

export class FederatedLinks {
  constructor(private readonly db: Database) {}

  /** Links on first use; afterwards only the linked issuer and subject pass. */
  async check(userId: number, provider: SocialProviderId, issuer: string, subject: string): Promise<LinkCheck> {
    return this.db.withSystem(async (trx) => {
      const mine = await trx(TABLE).where({ user_id: userId, provider }).first('issuer', 'subject');
      if (mine) {
        if (mine.issuer !== issuer || mine.subject !== subject) return { ok: false, reason: 'subject_mismatch' };
        await trx(TABLE).where({ user_id: userId, provider }).update({ last_used_at: trx.fn.now() });
        return { ok: true, linked: false };
      }
      const elsewhere = await trx(TABLE).where({ issuer, subject }).whereNot('user_id', userId).first('user_id');
      if (elsewhere) return { ok: false, reason: 'subject_linked_elsewhere' };
      // Two first sign-ins at once: one insert wins, the other is compared with it.
      const inserted = await trx(TABLE)
        .insert({ user_id: userId, provider, issuer, subject, last_used_at: trx.fn.now() })
        .onConflict()
        .ignore()
        .returning('user_id');
      if (inserted.length === 1) return { ok: true, linked: true };
      const now = await trx(TABLE).where({ user_id: userId, provider }).first('issuer', 'subject');
      return now && now.issuer === issuer && now.subject === subject
        ? { ok: true, linked: false }
        : { ok: false, reason: 'subject_mismatch' };
    });
  }
}

/** Removes a user's social links (the CLI); returns how many. */
export async function unlinkSocial(db: Knex, userId: number): Promise<number> {
  return db(TABLE).where({ user_id: userId }).delete();
}
