/** Body schemas of the contract routes: the editable fields of section 3, and the four operations. */
import { z } from 'zod';
import {
  ALERT_TRIGGERS,
  BILLING_CYCLES,
  BUSINESS_IMPACTS,
  CONTRACT_LIMITS,
  CONTRACT_STATUSES,
} from './contract-fields';
import { isEmptyOrRealDate } from './dates';
import { bodyId } from './params';

const max = (n: number) => `Max ${n} characters`;
/** Optional text: '' and null are stored as null. */
const optText = (n: number) =>
  z
    .string()
    .trim()
    .max(n, max(n))
    .nullish()
    .transform((v) => (v ? v : null));
const optEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values, { message: `Must be one of: ${values.join(', ')}` }), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));
/** The date helper of section 5: empty, or a real YYYY-MM-DD date. */
const optDate = z
  .union(
    [
      z.iso
        .date({ message: 'Must be a real date (YYYY-MM-DD)' })
        .refine(isEmptyOrRealDate, 'Must be a real date (YYYY-MM-DD)'),
      z.literal(''),
      z.null(),
    ],
    { message: 'Must be a real date (YYYY-MM-DD)' },
  )
  .optional()
  .transform((v) => (v ? v : null));
/** A number's type refused (NaN from a typed text): the field's own message. */
const numberError = (message: string) => ({
  error: (i: { code: string }) => (i.code === 'invalid_type' ? message : undefined),
});
const days = z
  .number(numberError('Must be a whole number'))
  .int('Must be a whole number')
  .min(0, 'Must be 0 or more')
  .max(CONTRACT_LIMITS.days, `Must be ${CONTRACT_LIMITS.days} or less`)
  .nullish()
  .transform((v) => v ?? null);

export const contractInput = z
  .object({
    vendor: z.string().trim().min(1, 'Required.').max(CONTRACT_LIMITS.text, max(CONTRACT_LIMITS.text)),
    account: optText(CONTRACT_LIMITS.text),
    tenant_company_location_id: bodyId.nullish().transform((v) => v ?? null),
    business_impact: optEnum(BUSINESS_IMPACTS),
    description: optText(CONTRACT_LIMITS.description),
    contract_status: optEnum(CONTRACT_STATUSES),
    billing_cycle: optEnum(BILLING_CYCLES),
    cost: z
      .number(numberError('Must be a number'))
      .min(0, 'Must be 0 or more')
      .max(CONTRACT_LIMITS.cost, 'Too large')
      .nullish()
      .transform((v) => (v === null || v === undefined ? null : Math.round(v * 100) / 100)),
    auto_renew_flag: z.boolean().optional(),
    /** The other name of auto_renew_flag in the spec; used when auto_renew_flag is absent. */
    is_auto_renew: z.boolean().optional(),
    next_due_date: optDate,
    end_date: optDate,
    notice_to_terminate_in_days: days,
    budget_past_end_date_flag: z
      .boolean()
      .optional()
      .transform((v) => v ?? false),
    alert_trigger: optEnum(ALERT_TRIGGERS),
    lead_time_to_alert_in_days: days,
  })
  .transform(({ is_auto_renew, auto_renew_flag, ...rest }) => ({
    ...rest,
    auto_renew_flag: auto_renew_flag ?? is_auto_renew ?? false,
  }));

const contractId = { tenant_company_contract_id: bodyId };
const version = z.number().int().positive();

export const contractBody = z.discriminatedUnion(
  'operation',
  [
    z.object({ operation: z.literal('insert'), payload: contractInput }),
    z.object({ operation: z.literal('update'), payload: z.object({ ...contractId, version }).and(contractInput) }),
    z.object({ operation: z.literal('delete'), payload: z.object({ ...contractId, version: version.optional() }) }),
    z.object({
      operation: z.literal('copy'),
      payload: z.object({
        ...contractId,
        target_tenant_company_ids: z.array(bodyId).min(1, 'Choose at least one company').max(500),
      }),
    }),
  ],
  { message: 'operation must be insert, update, delete or copy' },
);
