/**
 * Lifecycle dates kept on the asset (issue 17 part F: the list's lifecycle filter and sorts use indexes). The
 * lifecycle state depends on the day asked (asOf), so it cannot be stored; but each rule of shared/lifecycle.ts
 * compares asOf with a date that depends only on the asset and its type's effective settings, so those dates are
 * stored and the state is a few date comparisons (store.ts lifecycleSql):
 *
 * - eol_effective: eol_date, else purchase_date + the life in months (none when the life is 0 or no type);
 *   end of life reached <=> eol_effective <= asOf. Also the replacement due date (its sort).
 * - eol_approaching_from: the first day on which asOf + approaching_duration_in_months_eol months reaches
 *   eol_effective (null when that window is 0); approaching (if not reached) <=> eol_approaching_from <= asOf.
 * - warranty_expiring_from: the same for warranty_expiry and approaching_duration_in_months_warranty; expiring (if not
 *   expired) <=> warranty_expiring_from <= asOf.
 * - replacement_cost_effective: cost, else the type's default replacement cost (its sort).
 *
 * "The first day d with d + n months >= x" is assets_month_floor(x, n): x - n months, or the 1st of the next month
 * when that subtraction clamped a month end (d + n months is monotone, so the comparison is exact, month ends
 * included; tests/assets-api.test.ts checks SQL and TS agree).
 *
 * Kept up to date by triggers, so every writer (routes, import, integrations, bulk SQL) is covered: before an insert
 * or an update of the asset's own inputs (type, company, dates, cost), and after a change of the settings in
 * companies' asset type tables (the tenant's type: every asset of the type; a company's override, added, changed or
 * removed: that company's assets of the type), which touches the assets concerned. Existing rows are filled in place.
 * Indexes: (tenant, warranty_expiry) and (tenant, eol_effective), each covering the other lifecycle dates, and
 * (tenant, replacement_cost_effective). The expiring and approaching filters are ranges on warranty_expiry /
 * eol_effective bounded by asOf and asOf + the longest window of the tenant's settings (store.ts).
 */
import type { Knex } from 'knex';

const SETTINGS = [
  'default_replacement_cost',
  'default_life_in_months',
  'approaching_duration_in_months_eol',
  'approaching_duration_in_months_warranty',
];
const INPUTS = ['asset_type_id', 'tenant_company_id', 'purchase_date', 'warranty_expiry', 'eol_date', 'cost'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table assets
    add column eol_effective date,
    add column eol_approaching_from date,
    add column warranty_expiring_from date,
    add column replacement_cost_effective numeric(14, 2)`);

  await knex.raw(`
    create or replace function assets_month_floor(x date, n int) returns date
    language sql immutable parallel safe as $$
      select case when (x - make_interval(months => n))::date + make_interval(months => n) >= x
                  then (x - make_interval(months => n))::date
                  else ((x - make_interval(months => n))::date - (extract(day from (x - make_interval(months => n)))::int - 1)
                        + interval '1 month')::date end
    $$`);

  await knex.raw(`
    create or replace function assets_lifecycle_dates() returns trigger
    language plpgsql as $$
    declare
      life int := 0; eol_window int := 0; warranty_window int := 0; type_cost numeric := null;
    begin
      if new.asset_type_id is not null then
        select coalesce(ct.default_life_in_months, t.default_life_in_months, 0),
               coalesce(ct.approaching_duration_in_months_eol, t.approaching_duration_in_months_eol, 0),
               coalesce(ct.approaching_duration_in_months_warranty, t.approaching_duration_in_months_warranty, 0),
               coalesce(ct.default_replacement_cost, t.default_replacement_cost, 0)
          into life, eol_window, warranty_window, type_cost
          from tenant_asset_types t
          left join tenant_company_asset_types ct
            on ct.tenant_id = t.tenant_id and ct.asset_type_id = t.asset_type_id and ct.tenant_company_id = new.tenant_company_id
         where t.tenant_id = new.tenant_id and t.asset_type_id = new.asset_type_id;
        life := coalesce(life, 0); eol_window := coalesce(eol_window, 0); warranty_window := coalesce(warranty_window, 0);
      end if;
      new.eol_effective := coalesce(new.eol_date,
        case when life > 0 then (new.purchase_date + make_interval(months => life))::date end);
      new.eol_approaching_from := case when eol_window > 0 and new.eol_effective is not null
        then assets_month_floor(new.eol_effective, eol_window) end;
      new.warranty_expiring_from := case when warranty_window > 0 and new.warranty_expiry is not null
        then assets_month_floor(new.warranty_expiry, warranty_window) end;
      new.replacement_cost_effective := coalesce(new.cost, type_cost);
      return new;
    end
    $$`);
  await knex.raw(`create trigger assets_lifecycle_dates_insert before insert on assets
    for each row execute function assets_lifecycle_dates()`);
  await knex.raw(`create trigger assets_lifecycle_dates_update before update of ${INPUTS.join(', ')} on assets
    for each row execute function assets_lifecycle_dates()`);

  // A change of settings touches the assets concerned (the update of asset_type_id to itself runs the trigger above).
  await knex.raw(`
    create or replace function assets_type_settings_changed() returns trigger
    language plpgsql as $$
    declare r record;
    begin
      if tg_op = 'DELETE' then r := old; else r := new; end if;
      if tg_table_name = 'tenant_company_asset_types' then
        update assets set asset_type_id = asset_type_id
         where tenant_id = r.tenant_id and asset_type_id = r.asset_type_id and tenant_company_id = r.tenant_company_id;
      else
        update assets set asset_type_id = asset_type_id where tenant_id = r.tenant_id and asset_type_id = r.asset_type_id;
      end if;
      return null;
    end
    $$`);
  await knex.raw(`create trigger assets_type_settings_changed after update of ${SETTINGS.join(', ')} on tenant_asset_types
    for each row execute function assets_type_settings_changed()`);
  await knex.raw(`create trigger assets_company_type_settings_changed
    after insert or delete or update of ${SETTINGS.join(', ')} on tenant_company_asset_types
    for each row execute function assets_type_settings_changed()`);

  // Existing rows of every tenant, in place: in the system scope (the tenant policy is forced, also on the owner;
  // a superuser passes anyway), restored afterwards.
  const prev = await knex.raw(`select coalesce(current_setting('app.system', true), '') as v`);
  const was = String((prev.rows ?? prev)[0].v);
  await knex.raw(`select set_config('app.system', 'on', true)`);
  await knex.raw('update assets set asset_type_id = asset_type_id');
  await knex.raw(`select set_config('app.system', ?, true)`, [was]);

  // Btree only: the tenant policy is a security barrier, so a condition may serve as an index condition only when its
  // operator is leakproof (date comparisons are; range containment is not). Covering, so the filters' counts read the
  // index alone (an index-only scan, once vacuum has visited the table).
  await knex.raw(`create index assets_tenant_warranty_window_index on assets (tenant_id, warranty_expiry)
    include (warranty_expiring_from, eol_effective, eol_approaching_from, asset_id)`);
  await knex.raw(`create index assets_tenant_eol_effective_index on assets (tenant_id, eol_effective)
    include (eol_approaching_from, warranty_expiry, warranty_expiring_from, asset_id)`);
  await knex.raw('create index assets_tenant_replacement_cost_index on assets (tenant_id, replacement_cost_effective)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists assets_company_type_settings_changed on tenant_company_asset_types');
  await knex.raw('drop trigger if exists assets_type_settings_changed on tenant_asset_types');
  await knex.raw('drop trigger if exists assets_lifecycle_dates_update on assets');
  await knex.raw('drop trigger if exists assets_lifecycle_dates_insert on assets');
  await knex.raw('drop function if exists assets_type_settings_changed()');
  await knex.raw('drop function if exists assets_lifecycle_dates()');
  await knex.raw('drop function if exists assets_month_floor(date, int)');
  await knex.raw('drop index if exists assets_tenant_warranty_window_index');
  await knex.raw('drop index if exists assets_tenant_eol_effective_index');
  await knex.raw('drop index if exists assets_tenant_replacement_cost_index');
  await knex.raw(`alter table assets drop column eol_effective, drop column eol_approaching_from,
    drop column warranty_expiring_from, drop column replacement_cost_effective`);
}
