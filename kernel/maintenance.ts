/** Maintenance mode: a kernel setting read through a short cache; writes answer 503 while on (internal admins excepted). */
import type { Knex } from 'knex';

interface MaintenanceState {
  on: boolean;
  message: string;
  since?: string;
}
const KEY = 'maintenance';
const OFF: MaintenanceState = { on: false, message: '' };

export class Maintenance {
  private cached: { at: number; state: MaintenanceState } | null = null;
  constructor(
    private readonly knex: Knex,
    private readonly ttlMs = 2000,
  ) {}

  async get(): Promise<MaintenanceState> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.state;
    const row = await this.knex('kernel_settings').where({ key: KEY }).first();
    const state = (row?.value as MaintenanceState | undefined) ?? OFF;
    this.cached = { at: Date.now(), state };
    return state;
  }

  /** Current value without a database round trip (may be up to ttl old). */
  peek(): MaintenanceState {
    return this.cached?.state ?? OFF;
  }

  async set(db: Knex, state: MaintenanceState): Promise<void> {
    const value = JSON.stringify({ ...state, since: state.on ? new Date().toISOString() : undefined });
    await db('kernel_settings').insert({ key: KEY, value, updated_at: db.fn.now() }).onConflict('key').merge();
    this.cached = null;
  }

  /** Drops the cache (another process changed the setting). */
  refresh(): void {
    this.cached = null;
  }
}
