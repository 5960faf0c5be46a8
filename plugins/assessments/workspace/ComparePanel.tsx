/**
 * Compare (results of a completed assessment): pick another assessment of the same company and template (the
 * previous completed one first) or the tenant's average, and see the overall, per section, per category and per
 * question change (improved / declined / unchanged / not scored / added / removed) from engineer I's comparison
 * route (GET assessmentEvents/:id/comparison?with=). "Only changes" hides the unchanged rows. Above it, the overall
 * score of the company's completed assessments of the template over time (GET assessmentTrend), when there are two.
 */
import { Callout, HTMLSelect, HTMLTable, NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { api, useTenantFormat, VegaChart } from '../../../workspace/sdk';
import {
  analysisPaths,
  assessmentPaths,
  type AssessmentEvent,
  type ComparisonAnswer,
  type TemplateContent,
  type TemplateQuestion,
  type TrendAnswer,
} from '../shared/api';
import { CHANGE_LABELS, type Change } from '../shared/comparison';
import { questionsOf } from '../shared/scoring';
import { valueText } from './question-types';
import { errorText, scoreText } from './ui';

const CHANGE_INTENT: Record<Change, 'success' | 'danger' | 'none' | 'primary' | 'warning'> = {
  improved: 'success',
  declined: 'danger',
  unchanged: 'none',
  newly_scored: 'primary',
  not_scored: 'none',
  added: 'primary',
  removed: 'warning',
};

export function ChangeTag({ change }: { change: Change }) {
  return (
    <Tag minimal intent={CHANGE_INTENT[change]} className={`lci-as-change-${change}`}>
      {CHANGE_LABELS[change]}
    </Tag>
  );
}

const delta = (d: number | null) => (d === null ? '–' : `${d > 0 ? '+' : ''}${d.toFixed(1)}`);

export function ComparePanel({
  tenantId,
  event,
  content,
}: {
  tenantId: number;
  event: AssessmentEvent;
  content: TemplateContent;
}) {
  const fmt = useTenantFormat();
  const [others, setOthers] = useState<AssessmentEvent[] | null>(null);
  const [target, setTarget] = useState<string>('');
  const [result, setResult] = useState<ComparisonAnswer | null>(null);
  const [trend, setTrend] = useState<TrendAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [onlyChanges, setOnlyChanges] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<{ events: AssessmentEvent[] }>(assessmentPaths.events(tenantId), {
        query: {
          tenantCompanyId: event.tenant_company_id,
          assessmentTemplateId: event.assessment_template_id,
          pageSize: 500,
        },
        expect: 'events',
      })
      .then((r) => {
        if (!live) return;
        const list = r.events
          .filter((e) => e.assessment_event_id !== event.assessment_event_id)
          .sort((a, b) => b.assessed_on.localeCompare(a.assessed_on) || b.assessment_event_id - a.assessment_event_id);
        setOthers(list);
        const previous = list.find((e) => e.status === 'completed' && e.assessed_on <= event.assessed_on);
        setTarget(
          previous
            ? String(previous.assessment_event_id)
            : list.length
              ? String(list[0].assessment_event_id)
              : 'tenantAverage',
        );
      })
      .catch((e) => live && setError(errorText(e)));
    api
      .get<TrendAnswer>(analysisPaths.trend(tenantId, event.tenant_company_id, event.assessment_template_id), {
        expect: 'points',
      })
      .then((t) => live && setTrend(t))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tenantId, event]);

  useEffect(() => {
    if (!target) return;
    let live = true;
    setBusy(true);
    api
      .get<ComparisonAnswer>(
        analysisPaths.comparison(
          tenantId,
          event.assessment_event_id,
          target === 'tenantAverage' ? 'tenantAverage' : Number(target),
        ),
        { expect: 'questions' },
      )
      .then((r) => {
        if (!live) return;
        setResult(r);
        setError(null);
      })
      .catch((e) => {
        if (!live) return;
        setResult(null);
        setError(errorText(e));
      })
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [tenantId, event.assessment_event_id, target]);

  const questionByKey = useMemo(
    () => new Map<string, TemplateQuestion>(questionsOf(content).map((x) => [x.question.key, x.question])),
    [content],
  );

  if (others === null && !error) return <Spinner size={24} aria-label="Loading the assessments to compare with" />;

  const trendSpec =
    trend && trend.points.length >= 2
      ? {
          $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
          width: 'container',
          height: 160,
          data: { values: trend.points.map((p) => ({ date: p.assessed_on, overall: p.overall })) },
          mark: { type: 'line', point: true, tooltip: true },
          encoding: {
            x: { field: 'date', type: 'temporal', title: 'Assessed on' },
            y: { field: 'overall', type: 'quantitative', scale: { domain: [0, 100] }, title: 'Overall score' },
          },
        }
      : null;

  const keep = (c: Change) => !onlyChanges || (c !== 'unchanged' && c !== 'not_scored');
  const beforeLabel = result?.kind === 'tenantAverage' ? 'Tenant average' : 'Before';
  return (
    <div className="lci-as-compare">
      {trendSpec && <VegaChart label="Overall score over time" spec={trendSpec as never} />}
      <div className="lci-as-toolbar">
        <label htmlFor="as-compare-with">Compare with</label>
        <HTMLSelect
          id="as-compare-with"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          options={[
            ...(others ?? []).map((e) => ({
              value: String(e.assessment_event_id),
              label: `${fmt.date(e.assessed_on)} · ${e.title || e.template_name} v${e.template_version} · ${e.status === 'completed' ? `score ${scoreText(e.overall_score)}` : 'not completed'}`,
            })),
            { value: 'tenantAverage', label: "Tenant average (every company's latest)" },
          ]}
        />
        <Switch
          className="lci-as-inline-switch"
          label="Only changes"
          checked={onlyChanges}
          onChange={(e) => setOnlyChanges(e.currentTarget.checked)}
        />
        {busy && <Spinner size={16} aria-label="Comparing" />}
      </div>
      {error && (
        <Callout intent="warning" role="alert">
          {error}
        </Callout>
      )}
      {result && result.kind === 'tenantAverage' && result.average_of === 0 ? (
        <NonIdealState
          icon="comparison"
          title="No tenant average yet"
          description="No company has a completed assessment of this template."
        />
      ) : (
        result && (
          <section aria-label="Comparison">
            <div className="lci-as-cards">
              <div className="lci-as-card">
                <div className="lci-as-muted">{beforeLabel}</div>
                <div className="lci-as-big">{scoreText(result.overall.before)}</div>
                {result.before && <div className="lci-as-muted">{fmt.date(result.before.assessed_on)}</div>}
                {result.kind === 'tenantAverage' && (
                  <div className="lci-as-muted">of {result.average_of} companies</div>
                )}
              </div>
              <div className="lci-as-card">
                <div className="lci-as-muted">After</div>
                <div className="lci-as-big">{scoreText(result.overall.after)}</div>
                <div className="lci-as-muted">{fmt.date(result.after.assessed_on)}</div>
              </div>
              <div className="lci-as-card">
                <div className="lci-as-muted">Change</div>
                <div className="lci-as-big">{delta(result.overall.delta)}</div>
                <ChangeTag change={result.overall.change} />
              </div>
              <div className="lci-as-card" aria-label="Questions by change">
                <div className="lci-as-muted">Questions</div>
                <div>
                  <span className="lci-as-improved">{result.counts.improved ?? 0} improved</span>
                  {' · '}
                  <span className="lci-as-declined">{result.counts.declined ?? 0} declined</span>
                  {' · '}
                  {result.counts.unchanged ?? 0} unchanged
                  {(result.counts.newly_scored ?? 0) > 0 && ` · ${result.counts.newly_scored} newly scored`}
                </div>
              </div>
            </div>
            <HTMLTable className="lci-table lci-as-table" compact striped aria-label="Categories compared">
              <thead>
                <tr>
                  <th>Category</th>
                  <th className="lci-as-num">{beforeLabel}</th>
                  <th className="lci-as-num">After</th>
                  <th className="lci-as-num">Change</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {result.categories
                  .filter((c) => keep(c.change))
                  .map((c) => (
                    <tr key={`${c.section_key}/${c.key}`}>
                      <td>{c.title}</td>
                      <td className="lci-as-num">{scoreText(c.before)}</td>
                      <td className="lci-as-num">{scoreText(c.after)}</td>
                      <td className="lci-as-num">{delta(c.delta)}</td>
                      <td>
                        <ChangeTag change={c.change} />
                      </td>
                    </tr>
                  ))}
              </tbody>
            </HTMLTable>
            <HTMLTable className="lci-table lci-as-table" compact striped aria-label="Questions compared">
              <thead>
                <tr>
                  <th>Question</th>
                  <th>{result.kind === 'tenantAverage' ? 'Answer' : 'Answers'}</th>
                  <th className="lci-as-num">{beforeLabel}</th>
                  <th className="lci-as-num">After</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {result.questions
                  .filter((x) => keep(x.change))
                  .map((x) => {
                    const q = questionByKey.get(x.key);
                    const show = (v: typeof x.after_value) => (q ? valueText(q, v) : v === null ? '–' : String(v));
                    return (
                      <tr key={x.key}>
                        <td>{x.text}</td>
                        <td>
                          {result.kind === 'tenantAverage'
                            ? show(x.after_value)
                            : `${show(x.before_value)} → ${show(x.after_value)}`}
                        </td>
                        <td className="lci-as-num">{scoreText(x.before)}</td>
                        <td className="lci-as-num">{scoreText(x.after)}</td>
                        <td>
                          <ChangeTag change={x.change} />
                        </td>
                      </tr>
                    );
                  })}
              </tbody>
            </HTMLTable>
          </section>
        )
      )}
    </div>
  );
}
