/**
 * Warranty lookup, issue 17 part 4: the per-tenant rate budget shared by every process, and the nightly refresh.
 *
 * - `asset_warranty_budgets` (tenant + vendor, RLS): the times of the tenant's recent calls to the vendor (the
 *   database's clock, so that every process agrees) and `blocked_until` (a 429's Retry-After holds every process's
 *   calls). A call is taken in a short transaction holding the row (select ... for update); see
 *   server/warranty/store.ts takeVendorCall and shared/warranty.ts takeCall.
 * - `asset_warranty_settings.nightly_refresh` (default true): the tenant's lookup runs every night (job
 *   assets.warrantyNightly) over the assets due for it.
 * - `asset_warranty_runs.trigger` takes 'schedule' (the nightly run).
 *
 * A new table and a column with a default: existing databases migrate in place.
 */
import type { Knex } from 'knex';
import { createTenantTable } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'asset_warranty_budgets',
    (t) => {
      t.text('vendor').notNullable();
      t.specificType('calls', 'timestamptz[]').notNullable().defaultTo(knex.raw(`'{}'::timestamptz[]`));
      t.timestamp('blocked_until', { useTz: true }).nullable();
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.check(`vendor in ('dell', 'lenovo', 'hp')`, [], 'asset_warranty_budgets_vendor_check');
    },
    { primaryKey: ['vendor'] },
  );

  await knex.raw('alter table asset_warranty_settings add column nightly_refresh boolean not null default true');

  await knex.raw('alter table asset_warranty_runs drop constraint asset_warranty_runs_trigger_check');
  await knex.raw(
    `alter table asset_warranty_runs add constraint asset_warranty_runs_trigger_check check (trigger in ('manual', 'cli', 'schedule'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  // Nightly runs read as manual ones under the narrower check (every tenant's rows: the system scope, as 0006).
  const prev = await knex.raw(`select coalesce(current_setting('app.system', true), '') as v`);
  const was = String((prev.rows ?? prev)[0].v);
  await knex.raw(`select set_config('app.system', 'on', true)`);
  await knex.raw(`update asset_warranty_runs set trigger = 'manual' where trigger = 'schedule'`);
  await knex.raw(`select set_config('app.system', ?, true)`, [was]);
  await knex.raw('alter table asset_warranty_runs drop constraint asset_warranty_runs_trigger_check');
  await knex.raw(
    `alter table asset_warranty_runs add constraint asset_warranty_runs_trigger_check check (trigger in ('manual', 'cli'))`,
  );
  await knex.raw('alter table asset_warranty_settings drop column nightly_refresh');
  await knex.schema.dropTable('asset_warranty_budgets');
}
