/**
 * oidc-provider persistence on the oidc_payloads table, through the owner
 * connection (the provider runs outside request transactions). One adapter
 * instance per model name (Session, Interaction, Grant, RefreshToken, ...).
 */
import type { Knex } from 'knex';
import type { Adapter, AdapterPayload } from 'oidc-provider';

const TABLE = 'oidc_payloads';

function parse(value: unknown): AdapterPayload {
  return (typeof value === 'string' ? JSON.parse(value) : value) as AdapterPayload;
}

export class PgAdapter implements Adapter {
  constructor(
    private readonly knex: Knex,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.knex(TABLE)
      .insert(row)
      .onConflict(['model', 'id'])
      .merge(['payload', 'grant_id', 'user_code', 'uid', 'expires_at']);
  }

  private async findBy(where: Record<string, string>): Promise<AdapterPayload | undefined> {
    const row = await this.knex(TABLE)
      .where({ model: this.model, ...where })
      .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', this.knex.fn.now()))
      .first('payload', 'consumed_at');
    if (!row) return undefined;
    const payload = parse(row.payload);
    return row.consumed_at ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : payload;
  }

  find(id: string) {
    return this.findBy({ id });
  }
  findByUid(uid: string) {
    return this.findBy({ uid });
  }
  findByUserCode(userCode: string) {
    return this.findBy({ user_code: userCode });
  }

  async consume(id: string): Promise<void> {
    await this.knex(TABLE).where({ model: this.model, id }).update({ consumed_at: this.knex.fn.now() });
  }

  async destroy(id: string): Promise<void> {
    await this.knex(TABLE).where({ model: this.model, id }).delete();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.knex(TABLE).where({ model: this.model, grant_id: grantId }).delete();
  }
}

/** Everything issued under a grant, of every model, and the grant itself. */
export async function revokeGrant(knex: Knex, grantId: string): Promise<void> {
  await knex(TABLE).where({ grant_id: grantId }).orWhere({ model: 'Grant', id: grantId }).delete();
}

/** Drops expired rows (run on a timer). */
export async function purgeExpired(knex: Knex): Promise<number> {
  return knex(TABLE).where('expires_at', '<', knex.fn.now()).delete();
}

export function adapterFactory(knex: Knex): (model: string) => Adapter {
  return (model) => new PgAdapter(knex, model);
}
