/** zod schemas of the stack catalogue's object types (customer-success.md section 3; field rules in shared/stack-catalogue.ts). */
import { z } from 'zod';
import {
  ALIGNMENTS,
  CALC_TYPES,
  COLOUR_PATTERN,
  DESCRIPTION_MAX,
  isChargeEstimate,
  MONIKER_MAX,
} from '../../shared/stack-catalogue';
import { TAG_DELETION_TREATMENTS } from '../../shared/stack-tag-deletion';

const MAX_ID = Number.MAX_SAFE_INTEGER;
const id = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .positive('Must be a positive id')
  .max(MAX_ID);
/** An id of a saved record (positive) or a temporary id of a new one (negative). */
const idOrTemp = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .min(-MAX_ID)
  .max(MAX_ID)
  .refine((v) => v !== 0, 'Must not be 0');
const flag = z
  .union([z.literal(0), z.literal(1), z.boolean()], { error: 'Must be 0 or 1' })
  .transform((v) => (v === true || v === 1 ? 1 : 0) as 0 | 1);
export const moniker = z
  .string({ error: 'Required.' })
  .trim()
  .min(1, 'Required.')
  .max(MONIKER_MAX, `At most ${MONIKER_MAX} characters`);
const description = z.string({ error: 'Must be text' }).max(DESCRIPTION_MAX, `At most ${DESCRIPTION_MAX} characters`);
const calcType = z.enum(CALC_TYPES, { error: `Must be one of ${CALC_TYPES.join(', ')}` });
const alignment = z.enum(ALIGNMENTS, { error: `Must be one of ${ALIGNMENTS.join(', ')}` });
const charge = z
  .number({ error: 'Must be a number' })
  .refine(isChargeEstimate, 'Must be 0 or more, with at most 2 decimals');
export const colour = z.string({ error: 'Required.' }).trim().regex(COLOUR_PATTERN, 'Must be a colour #rrggbb');
const position = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .min(0, 'Must be 0 or more')
  .max(1_000_000);
const ids = z.array(id).max(10_000);

const productBody = z.object({
  productId: idOrTemp.optional(),
  moniker,
  description: description.optional(),
  calcType,
  chargeEstimate: charge,
  preferredFlag: flag.optional(),
  activeFlag: flag.optional(),
  sort: position.optional(),
});
export type ProductBody = z.output<typeof productBody>;

const defaults = {
  defaultApplicableFlag: flag.optional(),
  defaultAlignment: alignment.optional(),
  defaultPartOfContractFlag: flag.optional(),
  defaultChargeEstimate: charge.optional(),
  defaultCalcType: calcType.optional(),
};

const serviceFields = {
  description: description.optional(),
  sort: position.optional(),
  order: position.optional(),
  categoryId: id.nullable().optional(),
  tagIds: ids.optional(),
  products: z.array(productBody).max(500).optional(),
  productIds: z.array(idOrTemp).max(500).optional(),
  ...defaults,
};

export const serviceCreateBody = z.object({ moniker, ...serviceFields });
export const serviceUpdateBody = z.object({
  moniker: moniker.optional(),
  ...serviceFields,
  activeFlag: flag.optional(),
  version: z.number().int().min(1).optional(),
});
export type ServiceChange = z.output<typeof serviceUpdateBody> & { serviceId: number };

const tagDeletion = z.object({
  serviceId: idOrTemp,
  tagId: id,
  treatment: z
    .enum(TAG_DELETION_TREATMENTS, { error: `Must be one of ${TAG_DELETION_TREATMENTS.join(', ')}` })
    .default('leaveAsIs'),
});

export const saveServicesBody = z.object({
  services: z
    .array(serviceUpdateBody.extend({ serviceId: idOrTemp }))
    .max(2_000)
    .default([]),
  tagDeletions: z.array(tagDeletion).max(2_000).optional(),
});
export type SaveServicesBody = z.output<typeof saveServicesBody>;

export const categoryBody = z.object({ moniker, sort: position.optional(), serviceIds: ids.optional() });
export const categoryUpdateBody = categoryBody.partial();
export const saveCategoriesBody = z.object({
  categories: z.array(categoryBody.extend({ csStackCategoryId: idOrTemp.optional() })).max(1_000),
});

export const tagBody = z.object({ moniker, color: colour });
export const tagUpdateBody = tagBody.partial();

export const companyTagsBody = z.object({ tagIds: ids, tenantCompanyId: id.optional() });
