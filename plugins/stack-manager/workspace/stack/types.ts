/** The Stack Manager's records as the API answers them (issue 6 contract; customer-success.md section 3). */
import type { Alignment, CalcType } from '../../shared/stack-catalogue';

export type { StackService } from '../../shared/stack-services-api';

/** Inferred from the reply schemas (shared/api.ts). */
import type { StackTagAnswer } from '../../shared/api';
export type { StackCategory } from '../../shared/api';
export type StackTag = Pick<StackTagAnswer, 'tagId' | 'moniker' | 'color'>;

export const CALC_TYPE_LABELS: Record<CalcType, string> = {
  adhoc: 'Ad hoc (one-off)',
  perSeat: 'Per seat (one-off)',
  perSeatPerMonth: 'Per seat per month',
  perSeatPerYear: 'Per seat per year',
  perMonth: 'Per month',
  perYear: 'Per year',
};

export const ALIGNMENT_LABELS: Record<Alignment, string> = {
  fully: 'Fully aligned',
  partial: 'Partially aligned',
  other: 'Not aligned',
};
