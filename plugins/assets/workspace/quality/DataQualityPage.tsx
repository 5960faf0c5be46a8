/**
 * /mspdataquality (customer-success.md 2 "mspdataquality"; issue 17 part D): the data quality of the tenant's
 * assets. The tenant's score (percent of assets complete, coloured by the cut points), the score per company (worst
 * first; a company opens its rows of the fix list), the fix list (incomplete assets with what each misses; fixed
 * inline by people with Read/Write on the asset list, opened in the asset list by everyone else) and the settings
 * (which checks count, stale after, cut points; Read/Write on this page). Sections other plugins add
 * (dataQualitySectionsPoint, e.g. the Customer Success data quality of companies) follow, each shown only to users
 * who may see it. Rules: shared/data-quality.ts.
 */
import { Button, Callout, Card, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import {
  api,
  navigate,
  PageHeader,
  PageLoading,
  SlotBody,
  useChartsShown,
  useExtensions,
  usePageAccess,
  useReadOnly,
  useSession,
  useTenant,
} from '../../../../workspace/sdk';
import { DQ_BAND_LABELS, DQ_FIELD_LABELS, type DqBand } from '../../shared/data-quality';
import { dqPaths, type AssetDataQualityAnswer } from '../../shared/data-quality-api';
import { ASSET_LIST_PAGE, DATA_QUALITY_PAGE } from '../../shared/pages';
import { dataQualitySectionsPoint } from '../../shared/workspace-points';
import { FixList } from './FixList';
import { SettingsEditor } from './SettingsEditor';
import { BAND_INTENT, type FixFilters } from './quality-format';
import './quality.css';

function ScoreTag({ score, band }: { score: number | null; band: DqBand | null }) {
  if (score === null || band === null) return <span className="bp6-text-muted">--</span>;
  return (
    <Tag intent={BAND_INTENT[band]} round title={DQ_BAND_LABELS[band]} data-band={band}>
      {score}%
    </Tag>
  );
}

export default function DataQualityPage() {
  const tenant = useTenant();
  const session = useSession();
  const readOnly = useReadOnly(DATA_QUALITY_PAGE);
  const canEditAssets = usePageAccess(ASSET_LIST_PAGE) === 'Read/Write';
  const [chartsShown, setChartsShown] = useChartsShown();
  const sections = useExtensions(dataQualitySectionsPoint).filter(
    (s) => !s.module || session?.user.isLciAdmin || session?.modules.includes(s.module),
  );
  const [data, setData] = useState<AssetDataQualityAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [filters, setFilters] = useState<FixFilters>({
    companyId: null,
    field: null,
    search: '',
    sort: 'missing_count',
    dir: 'desc',
    page: 1,
  });
  const fixRef = useRef<HTMLDivElement>(null);
  const tenantId = tenant?.tenantId;

  const load = async () => {
    if (!tenantId) return;
    setError(null);
    try {
      setData(await api.get<AssetDataQualityAnswer>(dqPaths.quality(tenantId)));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [tenantId, reloadKey]);

  const reload = () => setReloadKey((k) => k + 1);
  const showCompany = (companyId: number) => {
    setFilters({ ...filters, companyId, page: 1 });
    fixRef.current?.scrollIntoView({ block: 'start' });
    fixRef.current?.querySelector<HTMLElement>('select')?.focus();
  };

  if (!tenantId) return <PageLoading what="the data quality" />;
  const t = data?.tenant;
  const checks = data?.checks ?? [];

  return (
    <div className="lci-page dq-page">
      <PageHeader
        title="Data Quality"
        subtitle="How complete your asset records are, and what to fix first"
        readOnly={readOnly}
        charts={sections.length ? { shown: chartsShown, onChange: setChartsShown } : undefined}
      />
      {error && (
        <Callout intent="danger" title="The data quality could not be loaded">
          {error} <Button variant="minimal" text="Try again" onClick={() => void load()} />
        </Callout>
      )}
      {!data && !error && <PageLoading what="the data quality" />}
      {data && t && (
        <>
          <div className="dq-cards" aria-label="Asset data quality">
            <Card className="dq-card">
              <span
                className="dq-figure"
                aria-label="Asset data quality score"
                data-band={t.band ?? 'none'}
                style={{ color: t.band ? `var(--dq-${t.band})` : undefined }}
              >
                {t.score === null ? '--' : `${t.score}%`}
              </span>
              {t.band ? `${DQ_BAND_LABELS[t.band]}: assets complete` : 'Assets complete'}
            </Card>
            <Card className="dq-card">
              <span className="dq-figure" aria-label="Assets">
                {t.assets}
              </span>
              Assets
            </Card>
            <Card className="dq-card">
              <span className="dq-figure" aria-label="Incomplete assets">
                {t.incomplete}
              </span>
              To fix
            </Card>
          </div>

          {t.assets === 0 ? (
            <NonIdealState
              icon="desktop"
              title="No assets yet"
              description="Add or import assets to see how complete their records are."
              action={<Button text="Open the asset list" onClick={() => void navigate(ASSET_LIST_PAGE)} />}
            />
          ) : (
            <>
              <Card className="dq-section">
                <h2 className="bp6-heading">Score per company</h2>
                <p className="bp6-text-muted">
                  Good at {data.settings.good_score}% or more, fair at {data.settings.fair_score}% or more, else poor.
                  {checks.length === 0 && ' No check is on: every asset counts as complete.'}
                </p>
                <div className="dq-table-wrap">
                  <HTMLTable compact striped aria-label="Score per company">
                    <thead>
                      <tr>
                        <th>Company</th>
                        <th>Score</th>
                        <th>Assets</th>
                        <th>To fix</th>
                        {checks.map((f) => (
                          <th key={f}>{DQ_FIELD_LABELS[f]}</th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {data.companies.map((c) => (
                        <tr key={c.tenant_company_id} aria-label={c.company_moniker}>
                          <td>
                            <Button
                              variant="minimal"
                              size="small"
                              text={c.company_moniker}
                              title={`Show the assets of ${c.company_moniker} to fix`}
                              disabled={c.incomplete === 0}
                              onClick={() => showCompany(c.tenant_company_id)}
                            />
                          </td>
                          <td>
                            <ScoreTag score={c.score} band={c.band} />
                          </td>
                          <td>{c.assets}</td>
                          <td>{c.incomplete}</td>
                          {checks.map((f) => (
                            <td key={f} className={c.missing[f] ? 'dq-miss' : 'bp6-text-muted'}>
                              {c.missing[f]}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                </div>
              </Card>

              <Card className="dq-section">
                <div ref={fixRef}>
                  <h2 className="bp6-heading">Fix list</h2>
                  {!canEditAssets && (
                    <p className="bp6-text-muted">Open an asset in the asset list to see it; you cannot edit assets.</p>
                  )}
                  <FixList
                    tenantId={tenantId}
                    companies={data.companies}
                    checks={checks}
                    filters={filters}
                    setFilters={setFilters}
                    canEdit={canEditAssets}
                    reloadKey={reloadKey}
                    onFixed={reload}
                  />
                </div>
              </Card>
            </>
          )}

          <Card className="dq-section">
            <h2 className="bp6-heading">Settings</h2>
            <SettingsEditor tenantId={tenantId} settings={data.settings} readOnly={readOnly} onSaved={reload} />
          </Card>
        </>
      )}
      {sections.map((s) => (
        <Card key={`${s.plugin}.${s.id}`} className="dq-section">
          <h2 className="bp6-heading">{s.title}</h2>
          <SlotBody title={s.title} load={s.component} props={{ tenantId, chartsShown }} />
        </Card>
      ))}
    </div>
  );
}
