/** TenantCsInsights (customer-success.md section 7): filters plus startDate, endDate (default: This Quarter). */
import { z } from 'zod';
import { badRequest } from '../../../../kernel/index';
import { isValidDay, presetRange } from '../../shared/date-presets';
import { csResult, defineCsObject } from '../object-api/registry';
import { INSIGHTS_PAGE } from '../segments/pages';
import { insightsFor } from './service';
import { insightsAnswer } from '../../shared/api';

const day = z
  .string()
  .max(10)
  .refine((v) => v !== '' && isValidDay(v), 'Must be a date (YYYY-MM-DD)');
const MAX_RANGE_DAYS = 366 * 5;

export const tenantCsInsights = defineCsObject({
  name: 'TenantCsInsights',
  responseKey: 'insights',
  companyLevel: false,
  summary: 'Insights over a date range (renewals, notice dates, goals due, score trend, health changes)',
  pages: { read: INSIGHTS_PAGE },
  reply: { value: insightsAnswer },
  schema: z.object({}),
  query: z.object({ startDate: day.optional(), endDate: day.optional() }),
  async list({ db, cs }, { companyIds, query }) {
    const fallback = presetRange('This Quarter')!;
    const range = { startDate: query.startDate ?? fallback.startDate, endDate: query.endDate ?? fallback.endDate };
    if (range.startDate > range.endDate)
      throw badRequest('The start date must not be after the end date', [
        { path: 'query.endDate', message: 'Must not be before the start date' },
      ]);
    if ((Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000 > MAX_RANGE_DAYS)
      throw badRequest('The range may cover at most 5 years', [
        { path: 'query.endDate', message: 'At most 5 years after the start date' },
      ]);
    return csResult(await insightsFor(cs, db, companyIds, range));
  },
});
