/**
 * State of social sign-ins in flight, kept with the provider's payloads:
 * - LciFederation (id = SHA-256 of the upstream `state`): the interaction uid, provider, nonce and PKCE
 *   verifier of one authorization request; taken once (deleted as it is read), 10 minutes.
 * - LciFederatedOutcome (id = interaction uid): what the sign-in screen shows after the return when the
 *   sign-in did not finish at once (a challenge or a failure), in the JSON of POST /login; read once, 10 minutes.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { SocialProviderId } from '../../../config';

const TABLE = 'oidc_payloads';
const FEDERATION_TTL_SECONDS = 600;

interface PendingFederation {
  uid: string;
  provider: SocialProviderId;
  nonce: string;
  verifier: string;
}

export type FederatedOutcome =
  | { kind: 'challenge'; body: Record<string, unknown> }
  /** No tenant for this identity yet: the sign-in screen goes to the sign-up wizard with `body.signUp`. */
  | { kind: 'signup'; body: { signUp: Record<string, unknown> } }
  | { kind: 'error'; status: number; code: string; message: string };

const hash = (s: string) => crypto.createHash('sha256').update(s).digest('base64url');

export class FederationStore {
  constructor(private readonly knex: Knex) {}

  private async put(model: string, id: string, payload: unknown): Promise<void> {
    await this.knex(TABLE)
      .insert({
        model,
        id,
        payload: JSON.stringify(payload),
        expires_at: new Date(Date.now() + FEDERATION_TTL_SECONDS * 1000),
      })
      .onConflict(['model', 'id'])
      .merge(['payload', 'expires_at']);
  }

  private async peekRow<T>(model: string, id: string): Promise<T | undefined> {
    const row = await this.knex(TABLE)
      .where({ model, id })
      .andWhere('expires_at', '>', this.knex.fn.now())
      .first('payload');
    return row ? ((typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as T) : undefined;
  }

  /** Deletes and returns (one reader wins). */
  private async take<T>(model: string, id: string): Promise<T | undefined> {
    const rows = await this.knex(TABLE)
      .where({ model, id })
      .andWhere('expires_at', '>', this.knex.fn.now())
      .delete()
      .returning('payload');
    const p = rows[0]?.payload;
    return p === undefined ? undefined : ((typeof p === 'string' ? JSON.parse(p) : p) as T);
  }

  savePending(state: string, p: PendingFederation) {
    return this.put('LciFederation', hash(state), p);
  }
  /** The callback only looks (to learn the interaction); the return under the interaction's path takes it. */
  peekPending(state: string) {
    return this.peekRow<PendingFederation>('LciFederation', hash(state));
  }
  takePending(state: string) {
    return this.take<PendingFederation>('LciFederation', hash(state));
  }

  saveOutcome(uid: string, o: FederatedOutcome) {
    return this.put('LciFederatedOutcome', uid, o);
  }
  takeOutcome(uid: string) {
    return this.take<FederatedOutcome>('LciFederatedOutcome', uid);
  }
}
