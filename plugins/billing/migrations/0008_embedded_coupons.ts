/**
 * The embedded provider's coupons and promotion codes: the account's, shared by every tenant (global tables,
 * read-only for the application role). Seeded with the affiliate programme's credit of platform.md section 9
 * ("$75/month credit while membership lasts"), one coupon per currency and interval, reached by the
 * affiliate's promotion codes (SEVENFIGUREMSP ...), a 100% not-for-resale coupon and a welcome discount.
 */
import type { Knex } from 'knex';
import { grantApp } from '../../../kernel/index';

const AFFILIATE = 'SEVENFIGUREMSP';

export const COUPONS = [
  {
    coupon_id: 'affiliate-credit-usd-month',
    name: 'Affiliate partner credit ($75/month)',
    amount_off: 7500,
    currency: 'usd',
    duration: 'forever',
    metadata: { affiliate: AFFILIATE, interval: 'month' },
  },
  {
    coupon_id: 'affiliate-credit-usd-year',
    name: 'Affiliate partner credit ($75/month, billed annually)',
    amount_off: 90000,
    currency: 'usd',
    duration: 'forever',
    metadata: { affiliate: AFFILIATE, interval: 'year' },
  },
  {
    coupon_id: 'affiliate-credit-cad-month',
    name: 'Affiliate partner credit (CA$98/month)',
    amount_off: 9800,
    currency: 'cad',
    duration: 'forever',
    metadata: { affiliate: AFFILIATE, interval: 'month' },
  },
  {
    coupon_id: 'affiliate-credit-cad-year',
    name: 'Affiliate partner credit (CA$98/month, billed annually)',
    amount_off: 117600,
    currency: 'cad',
    duration: 'forever',
    metadata: { affiliate: AFFILIATE, interval: 'year' },
  },
  { coupon_id: 'nfr-100', name: 'Not for resale (100% off)', percent_off: 100, duration: 'forever', metadata: {} },
  {
    coupon_id: 'welcome-10',
    name: '10% off for 3 months',
    percent_off: 10,
    duration: 'repeating',
    duration_in_months: 3,
    metadata: {},
  },
];

export const PROMOTION_CODES = [
  {
    promotion_code_id: 'promo_sevenfiguremsp_usd_month',
    code: AFFILIATE,
    coupon_id: 'affiliate-credit-usd-month',
    metadata: { affiliate: AFFILIATE },
  },
  {
    promotion_code_id: 'promo_sevenfiguremsp_usd_year',
    code: `${AFFILIATE}-YEAR`,
    coupon_id: 'affiliate-credit-usd-year',
    metadata: { affiliate: AFFILIATE },
  },
  {
    promotion_code_id: 'promo_sevenfiguremsp_cad_month',
    code: `${AFFILIATE}-CAD`,
    coupon_id: 'affiliate-credit-cad-month',
    metadata: { affiliate: AFFILIATE },
  },
  {
    promotion_code_id: 'promo_sevenfiguremsp_cad_year',
    code: `${AFFILIATE}-CAD-YEAR`,
    coupon_id: 'affiliate-credit-cad-year',
    metadata: { affiliate: AFFILIATE },
  },
  { promotion_code_id: 'promo_welcome10', code: 'WELCOME10', coupon_id: 'welcome-10', metadata: {} },
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('embedded_coupons', (t) => {
    t.text('coupon_id').primary();
    t.text('name');
    t.integer('percent_off');
    t.integer('amount_off');
    t.text('currency');
    t.text('duration').notNullable().checkIn(['once', 'repeating', 'forever']);
    t.integer('duration_in_months');
    t.boolean('valid').notNullable().defaultTo(true);
    t.jsonb('metadata').notNullable().defaultTo('{}');
  });
  await knex.schema.createTable('embedded_promotion_codes', (t) => {
    t.text('promotion_code_id').primary();
    t.text('code').notNullable().unique();
    t.text('coupon_id').notNullable().references('coupon_id').inTable('embedded_coupons');
    t.boolean('active').notNullable().defaultTo(true);
    t.jsonb('metadata').notNullable().defaultTo('{}');
  });
  await grantApp(knex, 'embedded_coupons', ['select']);
  await grantApp(knex, 'embedded_promotion_codes', ['select']);
  await knex('embedded_coupons').insert(COUPONS.map((c) => ({ ...c, metadata: JSON.stringify(c.metadata) })));
  await knex('embedded_promotion_codes').insert(
    PROMOTION_CODES.map((p) => ({ ...p, metadata: JSON.stringify(p.metadata) })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('embedded_promotion_codes');
  await knex.schema.dropTableIfExists('embedded_coupons');
}
