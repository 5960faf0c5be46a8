/**
 * /cs/stackAlignmentOverview: the Stack Alignment Overview (customer-success.md sections 2, 3, 9): the matrix of
 * TenantCsRptStackMatrix as a Blueprint Table, the view selector (MRR Opportunity, Percentage Alignment), tag,
 * category and type filters, Swap Rows and Columns, the CS filters bar (provided by customer-success:
 * csFiltersBarPoint), the charts (top 10 companies and services;
 * the header's charts switch, remembered locally, default on) and the CSV download (_cs_stack_alignment.csv).
 */
import { Button, Card, HTMLSelect, Label, NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { csFiltersBarPoint, filtersForRequest } from '../../../customer-success/public.browser';
import {
  downloadCsv as downloadCsvFile,
  FilterMenu,
  PageHeader,
  PageLoadError,
  PageLoading,
  SlotBody,
  useChartsShown,
  useProvided,
  useReadOnly,
  useSelectedCompany,
  useTenant,
  VegaChart,
} from '../../../../workspace/sdk';
import { STACK_CSV_FILE_NAME, stackCsvRows } from '../../shared/stack-csv';
import {
  DEFAULT_STACK_TYPE_FILTER,
  DEFAULT_STACK_VIEW,
  isEmptyPivot,
  matrixRequest,
  pivotAxes,
  selectView,
  STACK_TYPE_FILTERS,
  STACK_VIEWS,
  swapPivot,
  topByMrrOpportunity,
  type StackMatrix,
  type StackPivotName,
  type StackTypeFilter,
  type StackView,
} from '../../shared/stack-overview';
import { useCsClient } from '../cs-client';
import { openCompanyStackAlignment } from './stack-alignment-link';
import { stackTopSpec } from './stack-chart-specs';
import { StackMatrixTable } from './StackMatrixTable';
import { useStackFilterOptions } from './use-stack-filter-options';
import './alignment.css';

export default function StackAlignmentOverviewPage() {
  const cs = useCsClient();
  const tenant = useTenant();
  const readOnly = useReadOnly();
  const { setCompanyId } = useSelectedCompany();
  const [chartsShown, setChartsShown] = useChartsShown();
  const csFilters = useProvided(csFiltersBarPoint);
  const { filters, changeCount } = csFilters.useFilters();
  const { tags, categories } = useStackFilterOptions();
  const [view, setView] = useState<StackView>(DEFAULT_STACK_VIEW);
  const [pivot, setPivot] = useState<StackPivotName>('StackByCompanyPivot');
  const [typeFilter, setTypeFilter] = useState<StackTypeFilter>(DEFAULT_STACK_TYPE_FILTER);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [matrix, setMatrix] = useState<StackMatrix | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const request = useRef(0);
  const currency = tenant?.currency ?? 'USD';

  const load = useCallback(async () => {
    const n = ++request.current;
    setBusy(true);
    setError(null);
    try {
      const r = await cs.csReport<'TenantCsRptStackMatrix', StackMatrix>('TenantCsRptStackMatrix', {
        filters: filtersForRequest(filters),
        ...matrixRequest({ tagIds, categoryIds, typeFilter }),
      });
      if (n === request.current) setMatrix(r.stackMatrix);
    } catch (e) {
      if (n === request.current) setError((e as Error).message);
    } finally {
      if (n === request.current) setBusy(false);
    }
  }, [cs, filters, tagIds, categoryIds, typeFilter]);
  useEffect(() => {
    void load();
  }, [cs, changeCount, tagIds, categoryIds, typeFilter]);

  const table = useMemo(() => (matrix ? selectView(matrix, pivot, view) : null), [matrix, pivot, view]);
  const topCompanies = useMemo(() => (matrix ? topByMrrOpportunity(matrix.StackByCompanyPivot) : []), [matrix]);
  const topServices = useMemo(() => (matrix ? topByMrrOpportunity(matrix.StackByServicePivot) : []), [matrix]);
  const openCompany = useCallback(
    (id: number) => {
      void openCompanyStackAlignment(id, setCompanyId);
    },
    [setCompanyId],
  );
  const empty = !matrix || isEmptyPivot(matrix[pivot]);
  const axes = pivotAxes(pivot);

  return (
    <div className="lci-page cs-stack-overview">
      <PageHeader
        title="Stack Alignment Overview"
        subtitle="Where each client's stack differs from your ideal stack, and the monthly revenue opportunity"
        readOnly={readOnly}
        charts={{ shown: chartsShown, onChange: setChartsShown }}
        actions={
          table && !empty
            ? {
                downloadCsv: () => {
                  const [header, ...rows] = stackCsvRows(table, currency);
                  void downloadCsvFile({ fileName: STACK_CSV_FILE_NAME, header, rows });
                },
              }
            : undefined
        }
      />
      <SlotBody title="Customer Success filters" load={csFilters.component} props={{}} />
      <div className="cs-stack-toolbar" role="toolbar" aria-label="Matrix options">
        <Label className="bp6-inline">
          View
          <HTMLSelect
            aria-label="Matrix view"
            value={view}
            onChange={(e) => setView(e.target.value as StackView)}
            options={STACK_VIEWS.map((v) => ({ value: v.value, label: v.label }))}
          />
        </Label>
        <FilterMenu label="Tags" options={tags} selected={tagIds} onChange={(v) => setTagIds(v as number[])} />
        <FilterMenu
          label="Categories"
          options={categories}
          selected={categoryIds}
          onChange={(v) => setCategoryIds(v as number[])}
        />
        <Label className="bp6-inline">
          Type
          <HTMLSelect
            aria-label="Type filter"
            value={typeFilter}
            onChange={(e) => setTypeFilter(e.target.value as StackTypeFilter)}
            options={STACK_TYPE_FILTERS.map((v) => ({ value: v.value, label: v.label }))}
          />
        </Label>
        <Button
          icon="swap-horizontal"
          text="Swap Rows and Columns"
          onClick={() => setPivot(swapPivot)}
          aria-pressed={pivot === 'StackByServicePivot'}
        />
        <span className="bp6-text-muted cs-stack-axes" aria-live="polite">
          Rows: {axes.rows === 'Company' ? 'companies' : 'services'}; columns:{' '}
          {axes.columns === 'Company' ? 'companies' : 'services'}
        </span>
      </div>
      {error ? (
        <PageLoadError
          title="The stack alignment could not be loaded"
          error={error}
          retry={() => void load()}
          busy={busy}
        />
      ) : !matrix ? (
        <PageLoading what="the stack alignment" />
      ) : empty ? (
        <NonIdealState
          icon="th-disconnect"
          title="Nothing to show"
          description={
            typeFilter === 'none'
              ? "No company or stack service matches the filters. Define services in the Stack Manager and mark each client's alignment."
              : 'No row has an MRR opportunity under these filters. Choose "No Filter" in Type to see every row.'
          }
        />
      ) : (
        <>
          {chartsShown && (
            <div className="cs-stack-charts">
              <Card>
                <VegaChart
                  label="Top 10 companies by MRR opportunity"
                  spec={stackTopSpec(topCompanies, {
                    title: 'Top 10 companies by MRR opportunity',
                    axis: 'Company',
                    currency,
                  })}
                />
              </Card>
              <Card>
                <VegaChart
                  label="Top 10 services by MRR opportunity"
                  spec={stackTopSpec(topServices, {
                    title: 'Top 10 services by MRR opportunity',
                    axis: 'Service',
                    currency,
                  })}
                />
              </Card>
            </div>
          )}
          {table && <StackMatrixTable table={table} currency={currency} onOpenCompany={openCompany} />}
        </>
      )}
    </div>
  );
}
