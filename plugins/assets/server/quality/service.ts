/**
 * Asset data quality (issue 17 part D): the tenant's settings (read; changed with the version read, 409 when stale,
 * 400 naming the field when the cut points cross), the score of each company and of the tenant from the counts the
 * store computes in SQL, and the fix list. Rules: shared/data-quality.ts.
 */
import { badRequest, conflict, type Trx } from '../../../../kernel/index';
import {
  DQ_FIELDS,
  DQ_SETTING_OF,
  qualityBand,
  qualityScore,
  sumTallies,
  type DataQualitySettings,
  type DqTally,
} from '../../shared/data-quality';
import type {
  AssetDataQualityAnswer,
  DataQualitySettingsBody,
  DataQualitySettingsRow,
  FixListAnswer,
  FixListQuery,
} from '../../shared/data-quality-api';
import { selectCompanyTallies, selectFixList, selectSettings, writeSettings } from './store';

const DQ_MESSAGES = {
  stale: 'The data quality settings were changed by someone else; reload them and try again.',
  fairBelowGood: 'Fair must be below Good.',
} as const;

export function getSettings(db: Trx): Promise<DataQualitySettingsRow> {
  return selectSettings(db);
}

/** Merges the body over the stored settings and saves them at the version read. */
export async function saveSettings(
  db: Trx,
  tenantId: number,
  body: DataQualitySettingsBody,
  userId: number | null,
): Promise<DataQualitySettingsRow> {
  const { version, ...patch } = body;
  const current = await selectSettings(db, true);
  if (current.version !== version) throw conflict(DQ_MESSAGES.stale);
  const next: DataQualitySettings = {
    ...(Object.fromEntries(
      DQ_FIELDS.map((f) => [DQ_SETTING_OF[f], current[DQ_SETTING_OF[f]]]),
    ) as unknown as DataQualitySettings),
    stale_after_days: current.stale_after_days,
    good_score: current.good_score,
    fair_score: current.fair_score,
  };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (next as unknown as Record<string, unknown>)[k] = v;
  if (next.fair_score >= next.good_score) {
    const at = patch.fair_score !== undefined || patch.good_score === undefined ? 'fair_score' : 'good_score';
    throw badRequest(`Invalid body: body.${at} ${DQ_MESSAGES.fairBelowGood}`, [
      { path: `body.${at}`, message: DQ_MESSAGES.fairBelowGood },
    ]);
  }
  const saved = await writeSettings(db, tenantId, next, version, userId);
  if (!saved) throw conflict(DQ_MESSAGES.stale);
  return saved;
}

const shape = (t: DqTally, s: DataQualitySettings) => {
  const score = qualityScore(t.complete, t.assets);
  return {
    score,
    band: qualityBand(score, s),
    assets: t.assets,
    complete: t.complete,
    incomplete: t.assets - t.complete,
    missing: t.missing,
  };
};

/** The tenant's score and each company's (companies with assets; worst score first, then by name). */
export async function assetDataQuality(db: Trx, companyIds?: readonly number[]): Promise<AssetDataQualityAnswer> {
  const settings = await selectSettings(db);
  const tallies = await selectCompanyTallies(db, settings, companyIds);
  const companies = tallies
    .map((t) => ({ tenant_company_id: t.tenant_company_id, company_moniker: t.company_moniker, ...shape(t, settings) }))
    .sort(
      (a, b) =>
        (a.score ?? 101) - (b.score ?? 101) ||
        a.company_moniker.localeCompare(b.company_moniker) ||
        a.tenant_company_id - b.tenant_company_id,
    );
  return {
    tenant: shape(sumTallies(tallies), settings),
    companies,
    checks: DQ_FIELDS.filter((f) => settings[DQ_SETTING_OF[f]]),
    settings,
  };
}

export async function fixList(db: Trx, q: FixListQuery): Promise<FixListAnswer> {
  const settings = await selectSettings(db);
  const { rows, total } = await selectFixList(db, settings, q);
  return { assets: rows, total, page: q.page, pageSize: q.pageSize };
}
