import type { Knex } from 'knex';
import { createTenantTable } from '../../../../../db/tenant-table';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'rt_probe_notes',
    (t) => {
      t.text('body').notNullable();
    },
    { id: 'note_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rt_probe_notes');
}
