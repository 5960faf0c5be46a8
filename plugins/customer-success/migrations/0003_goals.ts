/**
 * Goals (customer-success.md sections 3, 4, 7): company goals (tenantCompanyId, activeFlag, tenantCompanyIds: the
 * companies a goal covers), goal tasks, goal scores, and link tables to recommendations, contracts and notes.
 * Goals and tasks are soft deleted (activeFlag 0). Contracts are the companies plugin's (foreign key with tenant_id);
 * recommendations (tenantCompanyProjectId) and notes (tenantNoteId) belong to areas without tables yet: their ids
 * are kept as given.
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';
import { COMPANY_TABLES } from '../../companies/public';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'tenant_company_goals',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.text('moniker').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.text('status')
        .notNullable()
        .defaultTo('notStarted')
        .checkIn(['notStarted', 'inProgress', 'atRisk', 'completed']);
      t.date('start_date');
      t.date('due_date');
      t.boolean('active_flag').notNullable().defaultTo(true);
      t.integer('version').notNullable().defaultTo(1);
      t.bigInteger('created_by');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.index(['tenant_id', 'tenant_company_id']);
    },
    { id: 'tenant_company_goal_id' },
  );

  await createTenantTable(
    knex,
    'tenant_company_goal_companies',
    (t) => {
      t.bigInteger('tenant_company_goal_id').notNullable();
      t.bigInteger('tenant_company_id').notNullable();
      tenantForeignKey(t, ['tenant_company_goal_id'], 'tenant_company_goals', ['tenant_company_goal_id'], 'cascade');
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      t.index(['tenant_id', 'tenant_company_id']);
    },
    { primaryKey: ['tenant_company_goal_id', 'tenant_company_id'] },
  );

  await createTenantTable(
    knex,
    'tenant_company_goal_tasks',
    (t) => {
      t.bigInteger('tenant_company_goal_id').notNullable();
      t.text('moniker').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.date('due_date');
      t.boolean('completed_flag').notNullable().defaultTo(false);
      t.integer('sort').notNullable().defaultTo(0);
      t.boolean('active_flag').notNullable().defaultTo(true);
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_goal_id'], 'tenant_company_goals', ['tenant_company_goal_id'], 'cascade');
      t.index(['tenant_id', 'tenant_company_goal_id']);
    },
    { id: 'tenant_company_goal_task_id' },
  );

  await createTenantTable(
    knex,
    'tenant_company_goal_scores',
    (t) => {
      t.bigInteger('tenant_company_goal_id').notNullable();
      t.integer('score').notNullable().checkBetween([0, 100]);
      t.text('note').notNullable().defaultTo('');
      t.bigInteger('created_by');
      t.timestamp('scored_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_goal_id'], 'tenant_company_goals', ['tenant_company_goal_id'], 'cascade');
      t.index(['tenant_id', 'tenant_company_goal_id']);
    },
    { id: 'tenant_company_goal_score_id' },
  );

  for (const [table, col] of [
    ['tenant_company_goal_recommendations', 'tenant_company_project_id'],
    ['tenant_company_goal_contracts', 'tenant_company_contract_id'],
    ['tenant_company_goal_notes', 'tenant_note_id'],
  ] as const) {
    await createTenantTable(
      knex,
      table,
      (t) => {
        t.bigInteger('tenant_company_goal_id').notNullable();
        t.bigInteger(col).notNullable();
        tenantForeignKey(t, ['tenant_company_goal_id'], 'tenant_company_goals', ['tenant_company_goal_id'], 'cascade');
        if (col === 'tenant_company_contract_id')
          tenantForeignKey(t, [col], COMPANY_TABLES.contracts.table, [COMPANY_TABLES.contracts.id], 'cascade');
        t.index(['tenant_id', col]);
      },
      { primaryKey: ['tenant_company_goal_id', col] },
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'tenant_company_goal_notes',
    'tenant_company_goal_contracts',
    'tenant_company_goal_recommendations',
  ])
    await knex.schema.dropTableIfExists(table);
  await knex.schema.dropTableIfExists('tenant_company_goal_scores');
  await knex.schema.dropTableIfExists('tenant_company_goal_tasks');
  await knex.schema.dropTableIfExists('tenant_company_goal_companies');
  await knex.schema.dropTableIfExists('tenant_company_goals');
}
