/**
 * Headlines keyed by company (customer-success.md section 3): for each company, the lines of shared/headlines.ts
 * from its health score and the previous month's, its contracts, its goals and its segment.
 */
import type { Trx } from '../../../../kernel/index';
import type { CsServices } from '../services';
import { buildHeadlines, type Headline } from '../../shared/headlines';
import { monthStart } from '../../shared/history-month';
import { csInputs, type CsInputs } from '../inputs/request-inputs';
import { contractLabel } from '../segments/contracts';
import { segmentsOf } from '../segments/store';
import { previousHealthScores } from '../metrics/history-store';
import { companyScores } from '../dashboard/company-scores';
import { goalsOfCompanies } from './company-goals';

/** `inputs`: the request's inputs (made here unless the caller made them), so each input is read once. */
export async function headlinesFor(
  cs: CsServices,
  db: Trx,
  companyIds: number[],
  today: Date = new Date(),
  inputs: CsInputs = csInputs(cs, db),
): Promise<Record<string, Headline[]>> {
  if (!companyIds.length) return {};
  const scores = await companyScores(inputs, companyIds);
  const previous = await previousHealthScores(db, companyIds, monthStart(today));
  const contracts = await inputs.contracts(companyIds);
  const goals = await goalsOfCompanies(db, companyIds);
  const { segments } = await segmentsOf(inputs, companyIds, today);
  const seg = new Map(segments.map((s) => [s.tenantCompanyId, s.segmentName]));
  const out: Record<string, Headline[]> = {};
  for (const id of companyIds) {
    out[String(id)] = buildHeadlines(
      {
        health: { current: scores.get(id)?.healthScore ?? null, previous: previous.get(id) ?? null },
        contracts: (contracts.get(id) ?? []).map((c) => ({
          label: contractLabel(c),
          end_date: c.end_date,
          notice_date: c.notice_date,
          active: !c.contract_status || c.contract_status === 'Active',
        })),
        goals: goals.filter((g) => g.tenantCompanyId === id),
        segmentName: seg.get(id) ?? null,
      },
      today,
    );
  }
  return out;
}
