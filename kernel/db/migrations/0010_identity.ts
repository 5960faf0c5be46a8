/**
 * Identity and access core (platform.md section 3): tenants, users, tenant
 * users, security groups and their page access lists, module and navigation
 * catalogues, module grants, feature flags, audit log, mail outbox, settings.
 */
import type { Knex } from 'knex';
import { createTenantTable, grantApp, tenantForeignKey } from '../tenant-table';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tenants', (t) => {
    t.bigIncrements('tenant_id');
    t.text('name').notNullable();
    t.text('email_domain');
    t.text('url');
    t.bigInteger('parent_tenant_id').references('tenant_id').inTable('tenants');
    t.boolean('is_sandbox').notNullable().defaultTo(false);
    t.text('region_code').notNullable().defaultTo('ue1');
    t.text('currency').notNullable().defaultTo('USD');
    t.text('date_format').notNullable().defaultTo('yyyy-mm-dd');
    t.boolean('active_flag').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // A tenant sees its own row only.
  await knex.raw(`alter table tenants enable row level security`);
  await knex.raw(`alter table tenants force row level security`);
  await knex.raw(
    `create policy tenant_self on tenants using (tenant_id = app_tenant_id() or app_system_scope()) with check (tenant_id = app_tenant_id() or app_system_scope())`,
  );
  await grantApp(knex, 'tenants', ['select', 'update']);

  await knex.schema.createTable('users', (t) => {
    t.bigIncrements('user_id');
    t.text('username').notNullable().unique(); // lowercase e-mail
    t.text('email').notNullable();
    t.text('name_first').notNullable().defaultTo('');
    t.text('name_last').notNullable().defaultTo('');
    t.text('phone_number');
    t.boolean('phone_number_verified').notNullable().defaultTo(false);
    t.text('company_name');
    t.text('region_code').notNullable().defaultTo('ue1');
    t.text('pic');
    t.text('password_hash');
    t.boolean('confirmed_flag').notNullable().defaultTo(true);
    t.boolean('force_new_password').notNullable().defaultTo(false);
    t.text('mfa_type'); // SMS_MFA | SOFTWARE_TOKEN_MFA | null
    t.text('mfa_secret');
    t.boolean('is_lci_admin').notNullable().defaultTo(false);
    t.boolean('is_internal').notNullable().defaultTo(false);
    t.boolean('allow_impersonation_flag').notNullable().defaultTo(false);
    t.bigInteger('current_tenant_id').references('tenant_id').inTable('tenants');
    t.text('id_provider_name').notNullable().defaultTo('lifecycle');
    t.uuid('user_notification_uuid');
    t.boolean('active_flag').notNullable().defaultTo(true);
    t.timestamp('last_sign_in_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await createTenantTable(
    knex,
    'security_groups',
    (t) => {
      t.text('name').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.specificType('included_modules', 'text[]').notNullable().defaultTo('{}');
      t.boolean('is_admin_group').notNullable().defaultTo(false);
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      t.unique(['tenant_id', 'name']);
    },
    { id: 'security_group_id' },
  );

  await createTenantTable(
    knex,
    'security_group_pages',
    (t) => {
      t.bigInteger('security_group_id').notNullable();
      t.text('url').notNullable();
      t.text('access_level').notNullable().checkIn(['Read Only', 'Read/Write']);
      tenantForeignKey(t, ['security_group_id'], 'security_groups', ['security_group_id'], 'cascade');
    },
    { primaryKey: ['security_group_id', 'url'] },
  );

  await createTenantTable(
    knex,
    'tenant_users',
    (t) => {
      t.bigInteger('user_id').notNullable().references('user_id').inTable('users');
      t.bigInteger('security_group_id');
      t.boolean('force_sso_flag').notNullable().defaultTo(false);
      t.boolean('active_flag').notNullable().defaultTo(true);
      t.boolean('external_flag').notNullable().defaultTo(false);
      t.boolean('tenant_admin_flag').notNullable().defaultTo(false);
      t.timestamp('accept_timestamp', { useTz: true });
      t.timestamp('last_activity_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
      tenantForeignKey(t, ['security_group_id'], 'security_groups', ['security_group_id']);
      t.unique(['tenant_id', 'user_id']);
    },
    { id: 'tenant_user_id' },
  );

  // Users are global identities; a tenant sees those who belong to it.
  await knex.raw(`alter table users enable row level security`);
  await knex.raw(`alter table users force row level security`);
  await knex.raw(
    `create policy member_of_tenant on users using (app_system_scope() or exists (select 1 from tenant_users tu where tu.user_id = users.user_id)) with check (app_system_scope() or exists (select 1 from tenant_users tu where tu.user_id = users.user_id))`,
  );
  await grantApp(knex, 'users', ['select', 'update']);

  await knex.schema.createTable('lci_modules', (t) => {
    t.text('moniker').primary(); // Core, Assessment, AIR, Customer Success, Admin, Breach Secure Now, Phin Preview
    t.text('display_name').notNullable();
    t.integer('sort').notNullable().defaultTo(0);
  });
  await grantApp(knex, 'lci_modules', ['select']);
  await knex('lci_modules').insert([
    { moniker: 'Core', display_name: 'vCIO', sort: 1 },
    { moniker: 'Assessment', display_name: 'Assessment', sort: 2 },
    { moniker: 'AIR', display_name: 'Asset Insights', sort: 3 },
    { moniker: 'Customer Success', display_name: 'Customer Success', sort: 4 },
    { moniker: 'Admin', display_name: 'Admin', sort: 5 },
    { moniker: 'Breach Secure Now', display_name: 'Breach Secure Now', sort: 6 },
    { moniker: 'Phin Preview', display_name: 'Phin Preview', sort: 7 },
  ]);

  await knex.schema.createTable('module_views', (t) => {
    t.increments('module_view_id');
    t.text('text').notNullable().unique();
    t.specificType('modules', 'text[]').notNullable();
    t.text('icon').notNullable().defaultTo('application');
    t.boolean('disabled').notNullable().defaultTo(false);
    t.integer('sort').notNullable().defaultTo(0);
  });
  await grantApp(knex, 'module_views', ['select']);
  // platform.md section 1: the module views offered.
  await knex('module_views').insert([
    { text: 'Asset Insights', modules: ['AIR'], icon: 'desktop', sort: 1 },
    { text: 'vCIO', modules: ['Core'], icon: 'briefcase', sort: 2 },
    { text: 'Assessment Only', modules: ['Assessment'], icon: 'clipboard', sort: 3 },
    { text: 'Customer Success', modules: ['Customer Success'], icon: 'heart', sort: 4 },
  ]);

  await knex.schema.createTable('nav_items', (t) => {
    t.increments('nav_item_id');
    t.text('url').notNullable().unique();
    t.text('title').notNullable();
    t.text('parent_url');
    t.integer('level').notNullable().defaultTo(1);
    t.text('icon');
    t.specificType('lci_modules', 'text[]').notNullable().defaultTo('{}');
    t.integer('sort').notNullable().defaultTo(0);
    t.boolean('requires_admin').notNullable().defaultTo(false);
    t.boolean('internal_only').notNullable().defaultTo(false);
    t.boolean('never_hide').notNullable().defaultTo(false);
    t.boolean('header_nav').notNullable().defaultTo(false);
    t.text('plugin_id');
  });
  await grantApp(knex, 'nav_items', ['select']);

  await createTenantTable(
    knex,
    'tenant_module_grants',
    (t) => {
      t.text('module').notNullable().references('moniker').inTable('lci_modules');
      t.text('source').notNullable().defaultTo('grant');
      t.timestamp('expires_at', { useTz: true });
      t.foreign('tenant_id').references('tenant_id').inTable('tenants');
    },
    { primaryKey: ['module', 'source'] },
  );

  await knex.schema.createTable('feature_flags', (t) => {
    t.text('flag_key').primary();
    t.text('description').notNullable().defaultTo('');
  });
  await grantApp(knex, 'feature_flags', ['select']);
  // platform.md section 6: all default off.
  await knex('feature_flags').insert([
    { flag_key: 'infima-integration', description: 'Infima integration' },
    { flag_key: 'lci-darkly-test', description: 'Feature-flag service test flag' },
    { flag_key: 'sp-auth-lci-2121', description: 'ScalePad partner authentication' },
    { flag_key: 'hook-integration', description: 'Hook integration' },
    { flag_key: 'user-manager-changes', description: 'New sign-in view and user manager changes' },
  ]);
  await createTenantTable(
    knex,
    'feature_flag_values',
    (t) => {
      t.text('flag_key').notNullable().references('flag_key').inTable('feature_flags');
      t.bigInteger('user_id').notNullable().defaultTo(0); // 0: the whole tenant
      t.boolean('value').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    },
    { primaryKey: ['flag_key', 'user_id'] },
  );

  await createTenantTable(
    knex,
    'audit_log',
    (t) => {
      t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.bigInteger('actor_user_id');
      t.bigInteger('impersonator_user_id');
      t.text('action').notNullable();
      t.text('target');
      t.jsonb('details').notNullable().defaultTo('{}');
      t.index(['tenant_id', 'at']);
    },
    { id: 'audit_id' },
  );

  await knex.schema.createTable('mail_outbox', (t) => {
    t.bigIncrements('mail_id');
    t.text('to_address').notNullable();
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body');
    t.text('kind').notNullable().defaultTo('email'); // email | sms
    t.text('status').notNullable().defaultTo('queued'); // queued | sent | failed | kept
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
  });
  await grantApp(knex, 'mail_outbox', ['insert']);

  await knex.schema.createTable('kernel_settings', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await grantApp(knex, 'kernel_settings', ['select']);

  await knex.schema.createTable('oidc_payloads', (t) => {
    t.text('id').notNullable();
    t.text('model').notNullable();
    t.jsonb('payload').notNullable();
    t.text('grant_id');
    t.text('user_code');
    t.text('uid');
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('consumed_at', { useTz: true });
    t.primary(['model', 'id']);
    t.index(['grant_id']);
    t.index(['uid']);
  });
}

export async function down(knex: Knex): Promise<void> {
  // The users policy reads tenant_users.
  await knex.raw(`drop policy if exists member_of_tenant on users`);
  await knex.schema.dropTableIfExists('oidc_payloads');
  await knex.schema.dropTableIfExists('kernel_settings');
  await knex.schema.dropTableIfExists('mail_outbox');
  await knex.schema.dropTableIfExists('audit_log');
  await knex.schema.dropTableIfExists('feature_flag_values');
  await knex.schema.dropTableIfExists('feature_flags');
  await knex.schema.dropTableIfExists('tenant_module_grants');
  await knex.schema.dropTableIfExists('nav_items');
  await knex.schema.dropTableIfExists('module_views');
  await knex.schema.dropTableIfExists('lci_modules');
  await knex.schema.dropTableIfExists('tenant_users');
  await knex.schema.dropTableIfExists('security_group_pages');
  await knex.schema.dropTableIfExists('security_groups');
  await knex.schema.dropTableIfExists('users');
  await knex.schema.dropTableIfExists('tenants');
}
