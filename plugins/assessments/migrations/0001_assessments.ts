/**
 * Assessments (issue 18): templates with immutable versions, events per company, answers, evidence files. Tenant
 * tables (tenant_id in the primary key and in every foreign key, row-level security on, granted to the app role).
 *
 * - assessment_template_defs: a template's identity (name, description, source tenant|platform, the lci-admin import
 *   it came from, current version number, archived) with a row version for optimistic concurrency. Not
 *   `assessment_templates`: that table is lci-admin's store of the raw imported files (README "Decisions").
 * - assessment_template_versions: one immutable snapshot per version (sections -> categories -> questions as JSON,
 *   shared/api.ts templateContent). A version that events use is never changed; editing makes a new one.
 * - assessment_events: one assessment of a company with the version it was taken with, date, assessor, reviewer,
 *   status draft | in_review | completed, the scores stored at completion.
 * - assessment_answers: one per event and question key (value JSON, N/A, note, finding flag, row version).
 * - assessment_evidence: files of an answer in kernel storage (key under tenants/<id>/assessments/).
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'assessment_template_defs',
    (t) => {
      t.text('name').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.text('source').notNullable().defaultTo('tenant');
      /** lci-admin's assessment_templates id when the template came from a platform import. */
      t.bigInteger('platform_template_id').nullable();
      t.integer('current_version').notNullable().defaultTo(1);
      t.timestamp('archived_at', { useTz: true }).nullable();
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.check(`source in ('tenant', 'platform')`, [], 'assessment_template_defs_source_check');
    },
    { id: 'assessment_template_id' },
  );
  await knex.raw(
    'create unique index assessment_template_defs_name_unique on assessment_template_defs (tenant_id, lower(name))',
  );
  await knex.raw(
    `create unique index assessment_template_defs_platform_unique on assessment_template_defs (tenant_id, platform_template_id)
       where platform_template_id is not null`,
  );

  await createTenantTable(
    knex,
    'assessment_template_versions',
    (t) => {
      t.bigInteger('assessment_template_id').notNullable();
      t.integer('template_version').notNullable();
      t.jsonb('content').notNullable();
      t.integer('question_count').notNullable().defaultTo(0);
      t.text('note').notNullable().defaultTo('');
      t.bigInteger('created_by_user_id').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(
        t,
        ['assessment_template_id'],
        'assessment_template_defs',
        ['assessment_template_id'],
        'cascade',
      );
      t.unique(['tenant_id', 'assessment_template_id', 'template_version']);
    },
    { id: 'assessment_template_version_id' },
  );

  await createTenantTable(
    knex,
    'assessment_events',
    (t) => {
      t.bigInteger('tenant_company_id').notNullable();
      t.bigInteger('assessment_template_id').notNullable();
      t.bigInteger('assessment_template_version_id').notNullable();
      t.text('title').notNullable().defaultTo('');
      t.date('assessed_on').notNullable();
      t.bigInteger('assessor_tenant_user_id').nullable();
      t.bigInteger('reviewer_tenant_user_id').nullable();
      t.text('status').notNullable().defaultTo('draft');
      /** shared/api.ts eventScores, stored when the event is completed (null before). */
      t.jsonb('scores').nullable();
      t.double('overall_score').nullable();
      t.timestamp('submitted_at', { useTz: true }).nullable();
      t.timestamp('completed_at', { useTz: true }).nullable();
      t.bigInteger('completed_by_user_id').nullable();
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['tenant_company_id'], 'tenant_companies', ['tenant_company_id'], 'cascade');
      tenantForeignKey(t, ['assessment_template_id'], 'assessment_template_defs', ['assessment_template_id']);
      tenantForeignKey(t, ['assessment_template_version_id'], 'assessment_template_versions', [
        'assessment_template_version_id',
      ]);
      tenantForeignKey(t, ['assessor_tenant_user_id'], 'tenant_users', ['tenant_user_id'], 'set null');
      tenantForeignKey(t, ['reviewer_tenant_user_id'], 'tenant_users', ['tenant_user_id'], 'set null');
      t.check(`status in ('draft', 'in_review', 'completed')`, [], 'assessment_events_status_check');
      t.index(['tenant_id', 'tenant_company_id', 'assessed_on']);
      t.index(['tenant_id', 'assessment_template_id']);
    },
    { id: 'assessment_event_id' },
  );

  await createTenantTable(
    knex,
    'assessment_answers',
    (t) => {
      t.bigInteger('assessment_event_id').notNullable();
      t.text('question_key').notNullable();
      /** yesno: boolean; scale, number: number; choice: option value; text: string; null: not answered. */
      t.jsonb('value').nullable();
      t.boolean('na').notNullable().defaultTo(false);
      t.text('note').notNullable().defaultTo('');
      t.boolean('finding').notNullable().defaultTo(false);
      t.bigInteger('updated_by_user_id').nullable();
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['assessment_event_id'], 'assessment_events', ['assessment_event_id'], 'cascade');
      t.unique(['tenant_id', 'assessment_event_id', 'question_key']);
    },
    { id: 'assessment_answer_id' },
  );
  await knex.raw(
    'create index assessment_answers_findings on assessment_answers (tenant_id, assessment_event_id) where finding',
  );

  await createTenantTable(
    knex,
    'assessment_evidence',
    (t) => {
      t.bigInteger('assessment_event_id').notNullable();
      t.text('question_key').notNullable();
      t.text('file_name').notNullable();
      t.text('content_type').notNullable();
      t.bigInteger('bytes').notNullable();
      t.text('storage_key').notNullable();
      t.bigInteger('uploaded_by_user_id').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['assessment_event_id'], 'assessment_events', ['assessment_event_id'], 'cascade');
      t.index(['tenant_id', 'assessment_event_id']);
    },
    { id: 'assessment_evidence_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'assessment_evidence',
    'assessment_answers',
    'assessment_events',
    'assessment_template_versions',
    'assessment_template_defs',
  ])
    await knex.schema.dropTableIfExists(table);
}
