/**
 * Object types of health and effort (customer-success.md section 7):
 *   TenantCsHealthMetric, TenantCsEffortMetric          metric definitions (tenant admin writes; soft delete)
 *   TenantCsEffortDisplayInfo                           rollingWindow, switchTicketsByUserFlag, excludedTicketsTables
 *   CompanyCsHealthMetricValues, CompanyCsEffortMetricValues                 current values and scores per company;
 *                                                       PUT /{metricId} enters a custom metric's value
 *   CompanyCsHealthMetricHistoricValues, CompanyCsEffortMetricHistoricValues monthly history per company
 * Every write that changes an input recalculates the scores in the same transaction.
 */
import { z } from 'zod';
import { badRequest } from '../../../../kernel/index';
import type { ScoreType } from '../../shared/metric-calc-codes';
import { MAX_ROLLING_WINDOW_DAYS, MIN_ROLLING_WINDOW_DAYS } from '../../shared/rolling-window';
import { TICKET_TABLE_PATTERN } from '../../shared/ticket-input';
import { csResult, defineCsObject, MSG_MUST_SELECT_CUSTOMER, type CsObjectDef } from '../object-api/registry';
import { setCustomValue } from './custom-values';
import { getMetric, insertMetric, listMetrics, metricToApi, softDeleteMetric, updateMetric } from './definitions';
import { getEffortDisplay, saveEffortDisplay } from './display-info';
import { effortDisplayInfo } from './effort-display';
import { companyHistory, MAX_HISTORY_MONTHS } from './history';
import { COMPANY_DETAIL_PAGE, SCORE_METRICS_ADMIN_PAGE } from './pages';
import { recalculate } from './recalculate';
import { companyValues } from './values';
import * as api from '../../shared/api';
import { metricBody, metricUpdateBody } from '../../shared/metric-schemas';

const title = (t: ScoreType) => (t === 'health' ? 'Health' : 'Effort');
const definitionsKey = (t: ScoreType) => (t === 'health' ? 'tenantCsHealthMetrics' : 'tenantCsEffortMetrics');
function metricObject(type: ScoreType): CsObjectDef {
  return defineCsObject({
    name: type === 'health' ? 'TenantCsHealthMetric' : 'TenantCsEffortMetric',
    responseKey: definitionsKey(type),
    companyLevel: false,
    summary: `${title(type)} metric definitions (calcCode, weight, max)`,
    pages: { write: SCORE_METRICS_ADMIN_PAGE },
    adminWrites: true,
    reply: { row: api.metricDef(type) },
    schema: metricBody,
    updateSchema: metricUpdateBody,
    async list({ db, tenantId }, { activeFlag: flag }) {
      return (await listMetrics(db, tenantId, type, flag)).map(metricToApi);
    },
    async get({ db }, id) {
      const m = await getMetric(db, type, id);
      return m ? metricToApi(m) : undefined;
    },
    async create({ db, tenantId }, body) {
      const m = await insertMetric(db, tenantId, type, body);
      await recalculate(db, tenantId);
      return metricToApi(m);
    },
    async update({ db, tenantId }, id, body) {
      const m = await updateMetric(db, type, id, body);
      if (m) await recalculate(db, tenantId);
      return m ? metricToApi(m) : undefined;
    },
    async remove({ db, tenantId }, id) {
      const ok = await softDeleteMetric(db, type, id);
      if (ok) await recalculate(db, tenantId);
      return ok;
    },
  });
}

const customValueBody = z.object({
  tenantCompanyId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  value: z.number({ error: 'Must be a number or null' }).finite().nullable(),
  version: z.number().int().min(0).optional(),
});

function valuesObject(type: ScoreType): CsObjectDef {
  return defineCsObject({
    name: type === 'health' ? 'CompanyCsHealthMetricValues' : 'CompanyCsEffortMetricValues',
    responseKey: type === 'health' ? 'companyCsHealthMetricValues' : 'companyCsEffortMetricValues',
    companyLevel: true,
    summary: `${title(type)} score and metric values per company (PUT /{metricId}: a custom metric's value)`,
    pages: { write: COMPANY_DETAIL_PAGE },
    reply: { row: api.companyValues(type), extra: api.metricDefsExtra(type) },
    schema: customValueBody,
    updateSchema: customValueBody,
    async list({ db, tenantId }, { tenantCompanyId, companyIds }) {
      const r = tenantCompanyId
        ? await companyValues(db, tenantId, type, [tenantCompanyId], { single: tenantCompanyId })
        : await companyValues(db, tenantId, type, companyIds);
      return csResult(r.companies, { [definitionsKey(type)]: r.metrics.map(metricToApi) });
    },
    async update({ db, tenantId, caller }, metricId, body, { tenantCompanyId }) {
      if (!tenantCompanyId)
        throw badRequest(MSG_MUST_SELECT_CUSTOMER, [
          { path: 'query.tenantCompanyId', message: MSG_MUST_SELECT_CUSTOMER },
        ]);
      await setCustomValue(db, tenantId, type, {
        tenantCompanyId,
        metricId,
        value: body.value,
        version: body.version,
        userId: caller?.userId ?? null,
      });
      return (await companyValues(db, tenantId, type, [tenantCompanyId], { single: tenantCompanyId })).companies[0];
    },
  });
}

function historyObject(type: ScoreType): CsObjectDef {
  return defineCsObject({
    name: type === 'health' ? 'CompanyCsHealthMetricHistoricValues' : 'CompanyCsEffortMetricHistoricValues',
    responseKey: type === 'health' ? 'companyCsHealthMetricHistoricValues' : 'companyCsEffortMetricHistoricValues',
    companyLevel: true,
    summary: `${title(type)} score and metric values per company and month`,
    reply: { row: api.companyHistory(type), extra: api.metricDefsExtra(type) },
    schema: z.object({}),
    query: z.object({
      months: z.coerce
        .number()
        .int()
        .min(1)
        .max(MAX_HISTORY_MONTHS, `Must be at most ${MAX_HISTORY_MONTHS}`)
        .optional(),
    }),
    async list({ db, tenantId }, { tenantCompanyId, companyIds, query }) {
      const ids = tenantCompanyId ? [tenantCompanyId] : companyIds;
      const r = await companyHistory(db, tenantId, type, ids, { months: query.months });
      return csResult(r.companies, { [definitionsKey(type)]: r.metrics.map(metricToApi) });
    },
  });
}

const tableName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(TICKET_TABLE_PATTERN, 'Letters, digits, - and _ (max 40), starting with a letter');
const tables = z.array(tableName).max(50, 'At most 50 tables');
const rollingWindowField = z
  .number({ error: 'Must be a number' })
  .int('Must be a whole number of days')
  .min(MIN_ROLLING_WINDOW_DAYS, `Must be at least ${MIN_ROLLING_WINDOW_DAYS}`)
  .max(MAX_ROLLING_WINDOW_DAYS, `Must be at most ${MAX_ROLLING_WINDOW_DAYS}`);

/** Preview overrides on GET (query text) or filteredGet (JSON): each field takes either form. */
const displayQuery = z.object({
  rollingWindow: z
    .union([
      rollingWindowField,
      z.string().max(10).regex(/^\d+$/, 'Must be a whole number of days').transform(Number).pipe(rollingWindowField),
    ])
    .optional(),
  switchTicketsByUserFlag: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')])
    .optional(),
  excludedTicketsTables: z
    .union([
      tables,
      z
        .string()
        .max(2000)
        .transform((v) =>
          v
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        )
        .pipe(tables),
    ])
    .optional(),
});
const displayBody = z.object({
  rollingWindow: rollingWindowField,
  switchTicketsByUserFlag: z.boolean({ error: 'Must be true or false' }),
  excludedTicketsTables: tables,
  version: z.number().int().min(0).optional(),
});

export const tenantCsEffortDisplayInfo = defineCsObject({
  name: 'TenantCsEffortDisplayInfo',
  responseKey: 'tenantCsEffortDisplayInfo',
  companyLevel: false,
  summary: 'Effort display info: rolling window, tickets by user, excluded ticket tables, and the tickets they count',
  pages: { write: SCORE_METRICS_ADMIN_PAGE },
  adminWrites: true,
  reply: { value: api.effortDisplayInfo },
  schema: displayBody,
  query: displayQuery,
  async list({ db, tenantId }, { tenantCompanyId, query }) {
    const stored = await getEffortDisplay(db, tenantId);
    const settings = {
      ...stored,
      ...(query.rollingWindow !== undefined ? { rollingWindow: query.rollingWindow } : {}),
      ...(query.switchTicketsByUserFlag !== undefined
        ? { switchTicketsByUserFlag: query.switchTicketsByUserFlag }
        : {}),
      ...(query.excludedTicketsTables !== undefined
        ? { excludedTicketsTables: [...new Set(query.excludedTicketsTables)].sort() }
        : {}),
    };
    return csResult(await effortDisplayInfo(db, tenantId, settings, tenantCompanyId));
  },
  save: {
    schema: displayBody,
    async handler({ db, tenantId }, body: z.output<typeof displayBody>) {
      const saved = await saveEffortDisplay(db, tenantId, body);
      await recalculate(db, tenantId);
      return csResult(await effortDisplayInfo(db, tenantId, saved, null));
    },
  },
});

export const METRIC_OBJECTS: CsObjectDef[] = [
  metricObject('health'),
  metricObject('effort'),
  tenantCsEffortDisplayInfo,
  valuesObject('health'),
  valuesObject('effort'),
  historyObject('health'),
  historyObject('effort'),
];
