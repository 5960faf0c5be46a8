/** The Stack Manager's records as the API answers them (issue 6 contract; customer-success.md section 3). */
import type { Alignment, CalcType } from '../../shared/stack-catalogue';

export type { StackProduct, StackService } from '../../shared/stack-services-api';

export interface StackCategory { csStackCategoryId: number; moniker: string; sort: number; serviceIds: number[]; activeFlag: 0 | 1 }

export interface StackTag { tagId: number; moniker: string; color: string }

export const CALC_TYPE_LABELS: Record<CalcType, string> = {
  adhoc: 'Ad hoc (one-off)',
  perSeat: 'Per seat (one-off)',
  perSeatPerMonth: 'Per seat per month',
  perSeatPerYear: 'Per seat per year',
  perMonth: 'Per month',
  perYear: 'Per year',
};

export const ALIGNMENT_LABELS: Record<Alignment, string> = { fully: 'Fully aligned', partial: 'Partially aligned', other: 'Not aligned' };
