/**
 * /cs/company/detail (tagCode, query): the selected company's tiles (customer-success.md section 2): details
 * (CustomerSuccessDetailsTile), profile (TenantCompanyProfile, autosaved), headlines, health and effort with
 * history, goals, contracts and links. The tile order is the user's (moved with the arrows, saved per user).
 * Query: `query` selects a company by name or id; `tagCode` names a tile to scroll to. The company is the one of
 * the shell's company selector; without one the page says 'Must select a customer'.
 * Other plugins add tabs (after Overview; stack-manager's Stack Alignment) and tiles (after the page's own) through
 * the workspace slots companyDetailTabs and companyDetailTiles; a tab opens from the anchor #<its id> too.
 */
import { Button, ButtonGroup, Callout, Card, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  PageHeader,
  SlotBody,
  useChartsShown,
  useCompanies,
  useReadOnly,
  useSelectedCompany,
  useSlot,
  useTenant,
  type CompanyDetailSlotProps,
} from '../../../../workspace/sdk';
import {
  DETAIL_TILE_TITLES,
  isDetailTile,
  moveTile,
  normalizeTileOrder,
  type DetailTile,
} from '../../shared/tile-order';
import { setDetailAnchor, takeDetailAnchor } from './detail-anchor';
import { useCsApi } from '../cs-api';
import { CompanyFiltersBar } from '../filters/CompanyFiltersBar';
import { CsFiltersBar } from '../filters/CsFiltersBar';
import { ContractsTile } from './tiles/ContractsTile';
import { DetailsTile } from './tiles/DetailsTile';
import { GoalsTile } from './tiles/GoalsTile';
import { HeadlinesTile } from './tiles/HeadlinesTile';
import { LinksTile } from './tiles/LinksTile';
import { ProfileTile } from './tiles/ProfileTile';
import { ScoresTile } from './tiles/ScoresTile';
import type { DetailsTileData, Headlines } from './tiles/types';
import './detail.css';
import { MSG_MUST_SELECT_CUSTOMER } from '../../../../common/texts';

function queryParams(): { tagCode: string | null; query: string | null } {
  const p = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  return { tagCode: p.get('tagCode'), query: p.get('query') };
}

export default function CompanyDetailPage() {
  const cs = useCsApi();
  const tenant = useTenant();
  const readOnly = useReadOnly();
  const companies = useCompanies();
  const { companyId, company, setCompanyId } = useSelectedCompany();
  const [chartsShown, setChartsShown] = useChartsShown();
  const [details, setDetails] = useState<DetailsTileData | null>(null);
  const [headlines, setHeadlines] = useState<Headlines>({});
  const [order, setOrder] = useState<DetailTile[]>(normalizeTileOrder(null));
  const [error, setError] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  /** Raised after a write that changes the details tile (a score recalculated, a goal changed): reloads it in place. */
  const [detailsVersion, setDetailsVersion] = useState(0);
  const refreshDetails = () => setDetailsVersion((v) => v + 1);
  const { tagCode, query } = useMemo(queryParams, []);
  const slotTabs = useSlot('companyDetailTabs');
  const slotTiles = useSlot('companyDetailTiles');
  const isTab = (t: string | null): t is string => !!t && slotTabs.some((s) => s.id === t);
  // The anchor #<a contributed tab's id> (e.g. #stackAlignment) opens that tab; a tab stays mounted once opened, so edits survive a tab switch.
  const [tab, setTab] = useState<string>(() => {
    const a = takeDetailAnchor();
    return isTab(a) ? a : 'tiles';
  });
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([tab]));
  const openTab = (t: string) => {
    setTab(t);
    setOpened((o) => (o.has(t) ? o : new Set(o).add(t)));
  };
  const showTab = (t: string) => {
    openTab(t);
    setDetailAnchor(t === 'tiles' ? null : t);
  };
  useEffect(() => {
    const onHash = () => {
      const a = window.location.hash.replace(/^#/, '');
      if (isTab(a)) openTab(a);
    };
    window.addEventListener('hashchange', onHash);
    onHash(); // an anchor that arrived between the first render and this effect (no hashchange is heard then)
    return () => window.removeEventListener('hashchange', onHash);
  }, [slotTabs]);

  // ?query= selects a company by name or id (selecting the same company again does nothing).
  useEffect(() => {
    if (!query || !companies) return;
    const q = query.trim().toLowerCase();
    const found = companies.find((c) => String(c.tenant_company_id) === q || c.name.toLowerCase() === q);
    if (found && found.tenant_company_id !== companyId) setCompanyId(found.tenant_company_id);
  }, [query, companies]);

  const loadedFor = useRef<number | null>(null);
  useEffect(() => {
    // Another company: the page shows the spinner; a refresh of the same company keeps the tiles in place.
    if (loadedFor.current !== companyId) setDetails(null);
    setError(null);
    if (!companyId) return;
    let live = true;
    (async () => {
      const d = await cs.csGet<'CustomerSuccessDetailsTile', DetailsTileData[]>('CustomerSuccessDetailsTile', {
        tenantCompanyId: companyId,
      });
      const h = await cs.csGet<'TenantCsHeadlines', Headlines>('TenantCsHeadlines', { tenantCompanyId: companyId });
      if (!live) return;
      setDetails(d.customerSuccessDetailsTile[0]);
      setOrder(normalizeTileOrder(d.customerSuccessDetailsTile[0].tileOrder));
      setHeadlines(h.headlines);
      loadedFor.current = companyId;
    })().catch((e) => {
      if (live) setError((e as Error).message);
    });
    return () => {
      live = false;
    };
  }, [cs, companyId, detailsVersion]);

  useEffect(() => {
    if (details && tagCode && isDetailTile(tagCode))
      document.getElementById(`cs-tile-${tagCode}`)?.scrollIntoView({ block: 'start' });
  }, [details, tagCode]);

  const move = async (tile: DetailTile, by: -1 | 1) => {
    const next = moveTile(order, tile, by);
    const before = order;
    setOrder(next);
    try {
      setOrderError(null);
      await cs.csSave('CustomerSuccessDetailsTile', { tileOrder: next }, companyId);
    } catch (e) {
      setOrder(before);
      setOrderError((e as Error).message);
    }
  };

  const currency = tenant?.currency ?? 'USD';
  const dateFormat = tenant?.dateFormat;
  const body = (tile: DetailTile): ReactNode => {
    if (!companyId || !details || !tenant) return null;
    switch (tile) {
      case 'details':
        return <DetailsTile d={details} currency={currency} dateFormat={dateFormat} />;
      case 'profile':
        return <ProfileTile key={companyId} companyId={companyId} readOnly={readOnly} dateFormat={dateFormat} />;
      case 'headlines':
        return <HeadlinesTile headlines={headlines[String(companyId)] ?? []} />;
      case 'scores':
        return (
          <ScoresTile
            companyId={companyId}
            readOnly={readOnly}
            chartsShown={chartsShown}
            onScoresChanged={refreshDetails}
          />
        );
      case 'goals':
        return (
          <GoalsTile companyId={companyId} dateFormat={dateFormat} readOnly={readOnly} onChanged={refreshDetails} />
        );
      case 'contracts':
        return (
          <ContractsTile tenantId={tenant.tenantId} companyId={companyId} currency={currency} dateFormat={dateFormat} />
        );
      case 'links':
        return <LinksTile tenantId={tenant.tenantId} companyId={companyId} readOnly={readOnly} />;
    }
  };

  const slotProps: CompanyDetailSlotProps | null = companyId
    ? { companyId, readOnly, currency, dateFormat, chartsShown }
    : null;
  const hiddenUnless = (t: string) => (tab !== t ? { display: 'none' } : undefined);

  return (
    <div className="lci-page cs-detail-page">
      <PageHeader
        title={company ? company.name : 'Company Detail'}
        subtitle="Customer Success detail"
        readOnly={readOnly}
        charts={{ shown: chartsShown, onChange: setChartsShown }}
      />
      <CsFiltersBar />
      {companyId && tenant && <CompanyFiltersBar tenantId={tenant.tenantId} companyId={companyId} />}
      {!companyId ? (
        <NonIdealState
          icon="office"
          title={MSG_MUST_SELECT_CUSTOMER}
          description="Choose a company in the company selector to see its details."
        />
      ) : error ? (
        <Callout intent="danger" title="The company could not be loaded">
          {error}
        </Callout>
      ) : !details ? (
        <Spinner aria-label="Loading the company" />
      ) : (
        <>
          <Tabs id="cs-detail-tabs" selectedTabId={tab} onChange={(t) => showTab(String(t))}>
            {/* disabled={false}: Blueprint's arrow keys move only between tabs whose aria-disabled is "false" */}
            <Tab id="tiles" title="Overview" disabled={false} />
            {slotTabs.map((t) => (
              <Tab key={t.id} id={t.id} title={t.title} disabled={false} />
            ))}
          </Tabs>
          {slotProps &&
            slotTabs
              .filter((t) => opened.has(t.id))
              .map((t) => (
                <div
                  key={`${t.id}-${companyId}`}
                  id={`bp6-tab-panel_cs-detail-tabs_${t.id}`}
                  role="tabpanel"
                  aria-label={t.title}
                  className="cs-detail-slot-tab"
                  style={hiddenUnless(t.id)}
                >
                  <SlotBody title={t.title} load={t.component} props={slotProps} />
                </div>
              ))}
          {tab === 'tiles' && orderError && (
            <Callout intent="warning">The tile order could not be saved: {orderError}</Callout>
          )}
          <div className="cs-detail-tiles" style={hiddenUnless('tiles')}>
            {order.map((tile, i) => (
              <Card
                key={tile}
                id={`cs-tile-${tile}`}
                className={`cs-detail-tile cs-detail-tile-${tile}${tagCode === tile ? ' cs-detail-tile-tagged' : ''}`}
                aria-label={DETAIL_TILE_TITLES[tile]}
                role="region"
              >
                <div className="cs-detail-tile-head">
                  <h3 className="bp6-heading">{DETAIL_TILE_TITLES[tile]}</h3>
                  <ButtonGroup variant="minimal">
                    <Button
                      icon="arrow-up"
                      aria-label={`Move ${DETAIL_TILE_TITLES[tile]} up`}
                      disabled={i === 0}
                      onClick={() => void move(tile, -1)}
                    />
                    <Button
                      icon="arrow-down"
                      aria-label={`Move ${DETAIL_TILE_TITLES[tile]} down`}
                      disabled={i === order.length - 1}
                      onClick={() => void move(tile, 1)}
                    />
                  </ButtonGroup>
                </div>
                {body(tile)}
              </Card>
            ))}
            {slotProps &&
              slotTiles.map((t) => (
                <Card
                  key={`slot-${t.id}`}
                  id={`cs-tile-${t.id}`}
                  className={`cs-detail-tile cs-detail-tile-slot${tagCode === t.id ? ' cs-detail-tile-tagged' : ''}`}
                  aria-label={t.title}
                  role="region"
                >
                  <div className="cs-detail-tile-head">
                    <h3 className="bp6-heading">{t.title}</h3>
                  </div>
                  <SlotBody key={companyId} title={t.title} load={t.component} props={slotProps} />
                </Card>
              ))}
          </div>
        </>
      )}
    </div>
  );
}
