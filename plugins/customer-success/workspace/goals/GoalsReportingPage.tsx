/**
 * /cs/goalsreporting (Cross Company Goals): the goals of every company, narrowed by the shared filters bar, with
 * counts by status, overdue goals, task progress and the latest goal score (coloured by the health cuts).
 */
import { Button, Callout, Card, HTMLSelect, HTMLTable, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  navigate,
  PageHeader,
  useSelectedCompany,
  usePageAccess,
  useReadOnly,
  useTenant,
  useTenantFormat,
} from '../../../../workspace/sdk';
import { GOAL_STATUS_LABELS, GOAL_STATUSES, type GoalStatus } from '../../shared/goal-rules';
import { filtersForRequest } from '../../shared/filter-rules';
import { useCsApi } from '../cs-api';
import { useCuts } from '../cuts/use-cuts';
import { CsFiltersBar } from '../filters/CsFiltersBar';
import { useCsFilters } from '../filters/state';
import { GoalsTable } from './GoalsTable';
import type { GoalRow, GoalSummary } from './types';
import './goals.css';

export default function GoalsReportingPage() {
  const cs = useCsApi();
  const tenant = useTenant();
  const { today } = useTenantFormat();
  const readOnly = useReadOnly();
  const canEdit = usePageAccess('/cs/company/detail') === 'Read/Write' && !readOnly;
  const { setCompanyId } = useSelectedCompany();
  const { filters, changeCount } = useCsFilters();
  const { cuts } = useCuts('health');
  const [rows, setRows] = useState<GoalRow[] | null>(null);
  const [summary, setSummary] = useState<GoalSummary | null>(null);
  const [deleted, setDeleted] = useState<GoalRow[]>([]);
  const [status, setStatus] = useState<GoalStatus | ''>('');
  const [crossOnly, setCrossOnly] = useState(false);
  const [showDeleted, setShowDeleted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    try {
      setError(null);
      const r = await cs.csReport<'TenantCsCrossCompanyGoals', GoalRow[]>('TenantCsCrossCompanyGoals', {
        filters: filtersForRequest(filters),
        today: today(),
      });
      setRows(r.tenantCsCrossCompanyGoals);
      setSummary(r.summary as GoalSummary);
      const d = await cs.csFilteredGet<'TenantCsCrossCompanyGoals', GoalRow[]>('TenantCsCrossCompanyGoals', filters, {
        activeFlag: 0,
      });
      setDeleted(d.tenantCsCrossCompanyGoals);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [cs, changeCount]);

  const run = async (f: () => Promise<unknown>) => {
    try {
      await f();
    } catch (e) {
      setError((e as Error).message);
    }
    await load();
  };
  const openCompany = (id: number) => {
    setCompanyId(id);
    void navigate('/cs/company/detail');
  };
  const shown = (rows ?? []).filter(
    (g) => (!status || g.status === status) && (!crossOnly || g.tenantCompanyIds.length > 1),
  );
  const day = today();

  return (
    <div className="lci-page">
      <PageHeader
        title="Cross Company Goals"
        subtitle="Goals of every company, with their tasks and scores"
        readOnly={readOnly}
      />
      <CsFiltersBar />
      {error && (
        <Callout intent="danger" title="Goals could not be loaded">
          {error} <Button variant="minimal" text="Try again" onClick={() => void load()} />
        </Callout>
      )}
      {!rows && !error && <Spinner aria-label="Loading goals" />}
      {summary && (
        <div className="cs-goal-cards" aria-label="Goal counts">
          <Card className="cs-goal-card">
            <span className="cs-goal-count">{summary.total}</span>Goals
          </Card>
          {GOAL_STATUSES.map((s) => (
            <Card
              key={s}
              className="cs-goal-card"
              interactive
              onClick={() => setStatus(status === s ? '' : s)}
              aria-pressed={status === s}
            >
              <span className="cs-goal-count">{summary.byStatus[s]}</span>
              {GOAL_STATUS_LABELS[s]}
            </Card>
          ))}
          <Card className="cs-goal-card cs-goal-overdue">
            <span className="cs-goal-count">{summary.overdue}</span>Overdue
          </Card>
          <Card className="cs-goal-card">
            <span className="cs-goal-count">{summary.crossCompany}</span>Cross company
          </Card>
        </div>
      )}
      {rows && (
        <>
          <div className="cs-inline-form">
            <HTMLSelect
              aria-label="Status"
              value={status}
              onChange={(e) => setStatus(e.target.value as GoalStatus | '')}
              options={[
                { value: '', label: 'Every status' },
                ...GOAL_STATUSES.map((s) => ({ value: s, label: GOAL_STATUS_LABELS[s] })),
              ]}
            />
            <Switch
              checked={crossOnly}
              label="Only goals covering several companies"
              onChange={() => setCrossOnly((x) => !x)}
            />
          </div>
          {shown.length === 0 ? (
            <NonIdealState
              icon="flag"
              title="No goals"
              description="None match the filters. Add a goal with Add goal on a company's detail page (Goals tile)."
            />
          ) : (
            <GoalsTable
              goals={shown}
              cuts={cuts}
              canEdit={canEdit}
              dateFormat={tenant?.dateFormat}
              today={day}
              onOpenCompany={openCompany}
              onStatus={(g, next) =>
                void run(() =>
                  cs.csUpdate('TenantCompanyGoal', g.tenantCompanyGoalId, { status: next, version: g.version }),
                )
              }
            />
          )}
          <Switch
            checked={showDeleted}
            label={`Show deleted goals (${deleted.length})`}
            onChange={() => setShowDeleted((x) => !x)}
          />
          {showDeleted && deleted.length > 0 && (
            <HTMLTable compact className="lci-table" aria-label="Deleted goals">
              <tbody>
                {deleted.map((g) => (
                  <tr key={g.tenantCompanyGoalId}>
                    <td>{g.moniker}</td>
                    <td>{g.companyNames.join(', ')}</td>
                    <td>
                      {canEdit && (
                        <Button
                          variant="minimal"
                          icon="undo"
                          text="Restore"
                          onClick={() =>
                            void run(() =>
                              cs.csUpdate('TenantCompanyGoal', g.tenantCompanyGoalId, {
                                activeFlag: 1,
                                version: g.version,
                              }),
                            )
                          }
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </>
      )}
    </div>
  );
}
