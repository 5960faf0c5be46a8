/**
 * A value entered by hand for a custom metric of a company (PUT CompanyCsHealthMetricValues/{metricId}).
 * Only custom metrics take one; it lies within 0..max of the metric; null clears it. The company's scores are
 * recalculated in the same transaction, so the answer carries the new score. version (of the value, 0 when
 * none was entered yet) guards against two people editing the same value: a stale one answers 409.
 */
import { badRequest, conflict, notFound, type Trx } from '../../../../kernel/index';
import { getCompany } from '../../../companies/public';
import type { ScoreType } from '../../shared/metric-calc-codes';
import { getMetric } from './definitions';
import { recalculate } from './recalculate';

const MSG_NOT_CUSTOM = 'Only a custom metric takes a value entered by hand.';
const MSG_STALE_VALUE = 'This value was changed by someone else. Reload to see the latest value.';

export async function setCustomValue(
  db: Trx,
  tenantId: number,
  type: ScoreType,
  a: { tenantCompanyId: number; metricId: number; value: number | null; version?: number; userId: number | null },
): Promise<void> {
  const metric = await getMetric(db, type, a.metricId);
  if (!metric || Number(metric.active_flag) !== 1) throw notFound(`Metric ${a.metricId} not found`);
  if (metric.calc_code !== 'custom')
    throw badRequest(MSG_NOT_CUSTOM, [{ path: 'body.value', message: MSG_NOT_CUSTOM }]);
  const max = Number(metric.max);
  if (a.value !== null && (a.value < 0 || a.value > max)) {
    const msg = `Must be between 0 and ${max}`;
    throw badRequest(msg, [{ path: 'body.value', message: msg }]);
  }
  const existing = await db('cs_metric_values')
    .first('version', 'source')
    .where({ tenant_id: tenantId, tenant_company_id: a.tenantCompanyId, cs_metric_id: a.metricId });
  const stored = existing && existing.source === 'manual' ? Number(existing.version) : 0;
  if (a.version !== undefined && a.version !== stored) throw conflict(MSG_STALE_VALUE);
  const company = await getCompany(db, a.tenantCompanyId);
  if (!company || !company.is_active) throw notFound(`Company ${a.tenantCompanyId} not found`);
  const saved = await db.raw(
    `insert into cs_metric_values (tenant_id, tenant_company_id, cs_metric_id, value, score, source, entered_by, version, calculated_at)
     values (?, ?, ?, ?, null, 'manual', ?, 1, now())
     on conflict (tenant_id, tenant_company_id, cs_metric_id) do update
       set value = excluded.value, source = 'manual', entered_by = excluded.entered_by, calculated_at = now(),
           version = case when cs_metric_values.source = 'manual' then cs_metric_values.version + 1 else 1 end
     where cs_metric_values.source <> 'manual' or cs_metric_values.version = ?
     returning version`,
    [tenantId, a.tenantCompanyId, a.metricId, a.value, a.userId, stored],
  );
  if (!saved.rows.length) throw conflict(MSG_STALE_VALUE);
  await recalculate(db, tenantId, { companyIds: [a.tenantCompanyId] });
}
