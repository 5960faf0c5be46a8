/**
 * Scheduled reports: the fields of each frequency (shared/schedule-rules.ts) beside report_schedules.frequency:
 * weekday (weekly, 0 Sunday .. 6 Saturday), month_day (monthly, '1'..'28' or 'last'), quarter_basis (quarterly,
 * 'calendar' or 'fiscal'). review_date, send_time and time_zone are in 0001.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('report_schedules', (t) => {
    t.integer('weekday').nullable();
    t.text('month_day').nullable();
    t.text('quarter_basis').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('report_schedules', (t) => {
    t.dropColumn('weekday');
    t.dropColumn('month_day');
    t.dropColumn('quarter_basis');
  });
}
