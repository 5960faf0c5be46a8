/**
 * Follow-up of assessment findings (issue 18 part 4): one row per finding (an answer flagged as a finding, or a
 * low-scoring candidate) once someone changes its status or an action records a link: status open | planned |
 * resolved | accepted_risk, a note, the links actions recorded (e.g. the recommendation the projects plugin made,
 * JSON array of shared/api.ts findingLink), a row version. A finding without a row is open. Keyed by the answer
 * (cascade: deleting the event deletes its follow-ups).
 */
import type { Knex } from 'knex';
import { createTenantTable, tenantForeignKey } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await createTenantTable(
    knex,
    'assessment_finding_followups',
    (t) => {
      t.bigInteger('assessment_answer_id').notNullable();
      t.text('status').notNullable().defaultTo('open');
      t.text('note').notNullable().defaultTo('');
      t.jsonb('links').notNullable().defaultTo('[]');
      t.bigInteger('updated_by_user_id').nullable();
      t.integer('version').notNullable().defaultTo(1);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      tenantForeignKey(t, ['assessment_answer_id'], 'assessment_answers', ['assessment_answer_id'], 'cascade');
      t.unique(['tenant_id', 'assessment_answer_id']);
      t.check(
        `status in ('open', 'planned', 'resolved', 'accepted_risk')`,
        [],
        'assessment_finding_followups_status_check',
      );
    },
    { id: 'assessment_finding_followup_id' },
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('assessment_finding_followups');
}
