/**
 * The stack catalogue's vocabulary and field rules (customer-success.md section 3 "Stack service", "Stack product",
 * "Stack category", "Stack tag"), shared by the server's validation and the Stack Manager's forms.
 */
export const CALC_TYPES = ['adhoc', 'perSeat', 'perSeatPerMonth', 'perSeatPerYear', 'perMonth', 'perYear'] as const;
export type CalcType = (typeof CALC_TYPES)[number];
export const ALIGNMENTS = ['fully', 'partial', 'other'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/** The tag type of stack tags, and the tag types the tags API lists next to the tags. */
export const STACK_TAG_TYPE = 'cs_stack';
export const TENANT_TAG_TYPES = [{ type_code: STACK_TAG_TYPE, moniker: 'Stack' }] as const;

/** Names of services, products, categories and tags: required after trimming, at most this long. */
export const MONIKER_MAX = 200;
export const DESCRIPTION_MAX = 4000;
/** numeric(14,2): at most 12 digits before the point. */
const CHARGE_MAX = 999_999_999_999.99;

/** A tag colour: #rrggbb. */
export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const isColour = (v: string): boolean => COLOUR_PATTERN.test(v);
/** Colours are stored lower-case so the same colour always reads the same. */
export const normaliseColour = (v: string): string => v.toLowerCase();

/** A charge estimate: a finite number >= 0 with at most two decimals (cents). */
export function isChargeEstimate(v: number): boolean {
  if (!Number.isFinite(v) || v < 0 || v > CHARGE_MAX) return false;
  const cents = v * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** New items of an unsaved Stack Manager carry negative temporary ids until the save answers their real ids. */
export const isTemporaryId = (id: number): boolean => id < 0;

/** The order of the Stack Manager's list: sort, then moniker (case-insensitive), then id. */
export function compareServices(
  a: { sort: number; moniker: string; serviceId: number },
  b: { sort: number; moniker: string; serviceId: number },
): number {
  return (
    a.sort - b.sort ||
    a.moniker.localeCompare(b.moniker, undefined, { sensitivity: 'base' }) ||
    a.serviceId - b.serviceId
  );
}

export { type TagDeletionTreatment } from './stack-tag-deletion';
