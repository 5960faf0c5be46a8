/**
 * The data quality gaps kept on the asset (issue 17, data quality at scale): `dq_missing`, a bitmask of the checks of
 * shared/data-quality.ts the asset fails whatever the tenant's settings, i.e. its blank field AND, for the five the
 * type governs (make, model, serial, warranty, end of life), the type's include_<field>_in_missing_flag (the
 * company's own row, else the tenant's; an asset without a type: every check counts). Bit i is DQ_FIELDS[i]:
 * 1 asset type, 2 make, 4 model, 8 serial, 16 warranty, 32 end of life, 64 purchase date, 128 assigned to. "Not seen
 * recently" depends on the clock and stays a comparison at the request. server/quality/store.ts masks it with the
 * settings' enabled checks, so the scores and the fix list read the assets table alone (no join to the settings).
 *
 * Kept like 0005's dates: a before insert/update trigger on the asset (named so that it fires after 0005's, whose
 * eol_effective it reads: PostgreSQL fires a table's before triggers in name order), and a change of a type's flags
 * touches the assets of the type through 0005's assets_type_settings_changed() (a company's row added or removed is
 * already covered by 0005's trigger). Existing rows are filled in place.
 */
import type { Knex } from 'knex';

const FLAGS = [
  'include_make_in_missing_flag',
  'include_model_in_missing_flag',
  'include_serial_in_missing_flag',
  'include_warranty_in_missing_flag',
  'include_eol_in_missing_flag',
];
const INPUTS = [
  'asset_type_id',
  'tenant_company_id',
  'make',
  'model',
  'serial',
  'warranty_expiry',
  'eol_date',
  'purchase_date',
  'assigned_to',
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table assets add column dq_missing smallint not null default 0');
  await knex.raw(`
    create or replace function assets_dq_missing() returns trigger
    language plpgsql as $$
    declare
      f_make boolean := true; f_model boolean := true; f_serial boolean := true; f_warranty boolean := true;
      f_eol boolean := true; m int := 0;
    begin
      if new.asset_type_id is not null then
        select coalesce(ct.include_make_in_missing_flag, t.include_make_in_missing_flag, false),
               coalesce(ct.include_model_in_missing_flag, t.include_model_in_missing_flag, false),
               coalesce(ct.include_serial_in_missing_flag, t.include_serial_in_missing_flag, false),
               coalesce(ct.include_warranty_in_missing_flag, t.include_warranty_in_missing_flag, false),
               coalesce(ct.include_eol_in_missing_flag, t.include_eol_in_missing_flag, false)
          into f_make, f_model, f_serial, f_warranty, f_eol
          from tenant_asset_types t
          left join tenant_company_asset_types ct
            on ct.tenant_id = t.tenant_id and ct.asset_type_id = t.asset_type_id and ct.tenant_company_id = new.tenant_company_id
         where t.tenant_id = new.tenant_id and t.asset_type_id = new.asset_type_id;
        if not found then
          f_make := false; f_model := false; f_serial := false; f_warranty := false; f_eol := false;
        end if;
      end if;
      if new.asset_type_id is null then m := m | 1; end if;
      if f_make and coalesce(btrim(new.make), '') = '' then m := m | 2; end if;
      if f_model and coalesce(btrim(new.model), '') = '' then m := m | 4; end if;
      if f_serial and coalesce(btrim(new.serial), '') = '' then m := m | 8; end if;
      if f_warranty and new.warranty_expiry is null then m := m | 16; end if;
      if f_eol and new.eol_effective is null then m := m | 32; end if;
      if new.purchase_date is null then m := m | 64; end if;
      if coalesce(btrim(new.assigned_to), '') = '' then m := m | 128; end if;
      new.dq_missing := m;
      return new;
    end
    $$`);
  // "assets_missing_*" sorts after "assets_lifecycle_dates_*": eol_effective is set when this one runs.
  await knex.raw(`create trigger assets_missing_insert before insert on assets
    for each row execute function assets_dq_missing()`);
  await knex.raw(`create trigger assets_missing_update before update of ${INPUTS.join(', ')} on assets
    for each row execute function assets_dq_missing()`);
  await knex.raw(`create trigger assets_type_flags_changed after update of ${FLAGS.join(', ')} on tenant_asset_types
    for each row execute function assets_type_settings_changed()`);
  await knex.raw(`create trigger assets_company_type_flags_changed after update of ${FLAGS.join(', ')}
    on tenant_company_asset_types for each row execute function assets_type_settings_changed()`);

  // Existing rows of every tenant, in place, in the system scope (as 0005).
  const prev = await knex.raw(`select coalesce(current_setting('app.system', true), '') as v`);
  const was = String((prev.rows ?? prev)[0].v);
  await knex.raw(`select set_config('app.system', 'on', true)`);
  await knex.raw('update assets set asset_type_id = asset_type_id');
  await knex.raw(`select set_config('app.system', ?, true)`, [was]);

  // The fix list's default order (most gaps first) and the incomplete count start from the assets with a gap.
  await knex.raw(`create index assets_tenant_dq_missing_index on assets (tenant_id, tenant_company_id)
    include (dq_missing, last_seen_at, asset_id) where dq_missing <> 0 or last_seen_at is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists assets_company_type_flags_changed on tenant_company_asset_types');
  await knex.raw('drop trigger if exists assets_type_flags_changed on tenant_asset_types');
  await knex.raw('drop trigger if exists assets_missing_update on assets');
  await knex.raw('drop trigger if exists assets_missing_insert on assets');
  await knex.raw('drop function if exists assets_dq_missing()');
  await knex.raw('drop index if exists assets_tenant_dq_missing_index');
  await knex.raw('alter table assets drop column dq_missing');
}
