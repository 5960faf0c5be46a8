/**
 * Demo data of health and effort (idempotent: only for a tenant without metrics): health metrics (client sentiment
 * and QBR attendance entered by hand, SmileBack CSAT), effort metrics (tickets of the rolling window, locations),
 * tickets and CSAT responses of the last 90 days for each client company, and six months of history whose values
 * drift, so the scores carry colours and deltas.
 */
import type { FixtureContext, Trx } from '../../../../kernel/index';
import { listCompanies } from '../../../companies/public';
import { insertMetric } from './definitions';
import { recalculate } from './recalculate';

const DAY = 86_400_000;

async function setManual(
  trx: Trx,
  tenantId: number,
  companyId: number,
  metricId: number,
  value: number,
): Promise<void> {
  await trx.raw(
    `insert into cs_metric_values (tenant_id, tenant_company_id, cs_metric_id, value, source, version) values (?, ?, ?, ?, 'manual', 1)
     on conflict (tenant_id, tenant_company_id, cs_metric_id) do update set value = excluded.value, source = 'manual'`,
    [tenantId, companyId, metricId, value],
  );
}

export async function metricsFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    if (await trx('cs_metrics').first('cs_metric_id')) return;
    const companies = (await listCompanies(trx, { activeOnly: true })).filter(
      (c) => !c.assessment_only_flag && !c.air_only_flag,
    );
    if (!companies.length) return;
    const sentiment = await insertMetric(trx, tenantId, 'health', {
      name: 'Client sentiment',
      calcCode: 'custom',
      weight: 30,
      max: 10,
      sort: 1,
    });
    const qbr = await insertMetric(trx, tenantId, 'health', {
      name: 'QBR attendance',
      calcCode: 'custom',
      weight: 25,
      max: 4,
      sort: 2,
    });
    await insertMetric(trx, tenantId, 'health', {
      name: 'CSAT',
      calcCode: 'smileback-csat',
      weight: 25,
      max: 100,
      sort: 3,
    });
    // The latest assessment score of any template (the assessments plugin records it when an event completes).
    await insertMetric(trx, tenantId, 'health', {
      name: 'Assessment score',
      calcCode: 'assessment-template',
      weight: 20,
      max: 100,
      sort: 4,
    });
    await insertMetric(trx, tenantId, 'effort', {
      name: 'Tickets (rolling window)',
      calcCode: 'number-of-tickets',
      weight: 70,
      max: 40,
      sort: 1,
    });
    await insertMetric(trx, tenantId, 'effort', {
      name: 'Locations',
      calcCode: 'number-of-locations',
      weight: 30,
      max: 5,
      sort: 2,
    });

    const now = Date.now();
    for (const [i, c] of companies.entries()) {
      const tickets = [6, 34, 14, 22, 9][i % 5];
      for (let n = 0; n < tickets; n++) {
        await trx('cs_tickets').insert({
          tenant_id: tenantId,
          tenant_company_id: c.tenant_company_id,
          ticket_table: n % 3 === 0 ? 'attickets' : 'cwtickets',
          ticket_number: `D${c.tenant_company_id}-${n + 1}`,
          opened_at: new Date(now - ((n * 7 + i) % 88) * DAY).toISOString(),
          summary: 'Demo ticket',
        });
      }
      const ratings = [
        ['positive', 'positive', 'positive', 'neutral'],
        ['positive', 'negative', 'negative', 'neutral'],
        ['positive', 'positive', 'negative'],
      ][i % 3];
      for (const [n, rating] of ratings.entries()) {
        await trx('cs_csat_responses').insert({
          tenant_id: tenantId,
          tenant_company_id: c.tenant_company_id,
          response_id: `demo-${c.tenant_company_id}-${n + 1}`,
          rating,
          responded_at: new Date(now - (n * 11 + 2) * DAY).toISOString(),
        });
      }
    }
    // Six months of history: the hand-entered values drift toward today's, each month recalculated as of then.
    const today = new Date(now);
    for (let monthsAgo = 6; monthsAgo >= 0; monthsAgo--) {
      for (const [i, c] of companies.entries()) {
        const base = [8, 3, 6, 9, 5][i % 5];
        await setManual(
          trx,
          tenantId,
          c.tenant_company_id,
          sentiment.cs_metric_id,
          Math.max(0, Math.min(10, base + ((monthsAgo + i) % 3) - 1)),
        );
        await setManual(
          trx,
          tenantId,
          c.tenant_company_id,
          qbr.cs_metric_id,
          Math.max(0, Math.min(4, [4, 1, 3, 4, 2][i % 5] - (monthsAgo % 2))),
        );
      }
      const asOf =
        monthsAgo === 0 ? today : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsAgo, 15, 12));
      await recalculate(trx, tenantId, { asOf });
    }
    log(
      `customer-success: 5 health/effort metrics, tickets and CSAT of ${companies.length} companies, 6 months of score history`,
    );
  });
}
