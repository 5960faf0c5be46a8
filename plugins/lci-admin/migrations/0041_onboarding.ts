/**
 * The onboarding checklist (platform.md section 3: onboarding items, lci_onboarding_item_id, completed_flag):
 * items are global (edited by internal staff), completion is per tenant. The onboarding survey: global
 * questions and each tenant's answers.
 */
import type { Knex } from 'knex';
import { createTenantTable, grantApp } from '../../../kernel/index';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lci_onboarding_items', (t) => {
    t.bigIncrements('lci_onboarding_item_id');
    t.text('moniker').notNullable().unique();
    t.text('description').notNullable().defaultTo('');
    t.text('link_url');
    t.integer('sort').notNullable().defaultTo(0);
    t.boolean('active_flag').notNullable().defaultTo(true);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await grantApp(knex, 'lci_onboarding_items', ['select']);

  await createTenantTable(
    knex,
    'tenant_onboarding_items',
    (t) => {
      t.bigInteger('lci_onboarding_item_id')
        .notNullable()
        .references('lci_onboarding_item_id')
        .inTable('lci_onboarding_items')
        .onDelete('CASCADE');
      t.boolean('completed_flag').notNullable().defaultTo(false);
      t.timestamp('completed_at', { useTz: true });
      t.bigInteger('completed_by');
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
    },
    { primaryKey: ['lci_onboarding_item_id'] },
  );

  await knex.schema.createTable('lci_onboarding_survey_questions', (t) => {
    t.bigIncrements('question_id');
    t.text('question').notNullable();
    t.text('answer_type').notNullable().defaultTo('text').checkIn(['text', 'choice', 'yesno']);
    t.specificType('choices', 'text[]').notNullable().defaultTo('{}');
    t.integer('sort').notNullable().defaultTo(0);
    t.boolean('active_flag').notNullable().defaultTo(true);
  });
  await grantApp(knex, 'lci_onboarding_survey_questions', ['select']);

  await createTenantTable(
    knex,
    'tenant_onboarding_survey_answers',
    (t) => {
      t.bigInteger('question_id')
        .notNullable()
        .references('question_id')
        .inTable('lci_onboarding_survey_questions')
        .onDelete('CASCADE');
      t.text('answer').notNullable();
      t.bigInteger('answered_by');
      t.timestamp('answered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
    },
    { primaryKey: ['question_id'] },
  );

  // The checklist a new tenant starts with (editable on /lciadmin/onboardingItems).
  await knex('lci_onboarding_items').insert([
    {
      moniker: 'Connect your PSA',
      description: 'Connect ConnectWise Manage, Autotask, Syncro or HaloPSA.',
      link_url: '/integrations',
      sort: 10,
    },
    {
      moniker: 'Import your companies',
      description: 'Bring in the client companies you manage.',
      link_url: '/datamanager/companies',
      sort: 20,
    },
    {
      moniker: 'Invite your team',
      description: 'Add users and give them a security group.',
      link_url: '/usermanager',
      sort: 30,
    },
    { moniker: 'Schedule a business review', description: 'Plan the first business review with a client.', sort: 40 },
  ]);
  await knex('lci_onboarding_survey_questions').insert([
    {
      question: 'How many client companies do you manage?',
      answer_type: 'choice',
      choices: ['1-5', '6-25', '26-50', '51-100', 'More than 100'],
      sort: 10,
    },
    {
      question: 'Which PSA do you use?',
      answer_type: 'choice',
      choices: ['CW Manage', 'Autotask', 'Syncro', 'HaloPSA', 'Other'],
      sort: 20,
    },
    { question: 'Do you run quarterly business reviews today?', answer_type: 'yesno', sort: 30 },
  ]);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of [
    'tenant_onboarding_survey_answers',
    'lci_onboarding_survey_questions',
    'tenant_onboarding_items',
    'lci_onboarding_items',
  ])
    await knex.schema.dropTableIfExists(t);
}
