/**
 * The results of a completed assessment: the overall score, the section and category scores (vega-lite charts,
 * loaded lazily through the SDK's VegaChart) and the item detail: every question with its answer, note, finding,
 * score and its contribution to the overall score (points of the overall score the answer earned, through the
 * weights of its question, category and section: the contributions add up to the overall score).
 */
import { HTMLTable, Icon, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { VegaChart } from '../../../workspace/sdk';
import type { EventAnswer } from '../shared/api';
import { isScored } from '../shared/scoring';
import { contributions } from './results-math';
import { valueText } from './question-types';
import { scoreText } from './ui';

const barSpec = (values: { name: string; group: string; score: number }[], groupTitle: string) => ({
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  width: 'container' as const,
  height: Math.max(110, values.length * 30),
  data: { values },
  mark: { type: 'bar' as const, tooltip: true },
  encoding: {
    y: { field: 'name', type: 'nominal' as const, sort: null, title: null },
    x: { field: 'score', type: 'quantitative' as const, scale: { domain: [0, 100] }, title: 'Score' },
    color: { field: 'group', type: 'nominal' as const, title: groupTitle },
  },
});

export function ResultsSummary({ data }: { data: EventAnswer }) {
  const { content, answers, scores } = data;
  const contribution = useMemo(() => contributions(content, answers, scores), [content, answers, scores]);
  const byKey = useMemo(() => new Map(answers.map((a) => [a.question_key, a])), [answers]);
  const sectionTitle = (k: string) => content.sections.find((s) => s.key === k)?.title ?? k;
  const overall = data.event.overall_score ?? scores.overall;
  const catValues = scores.categories
    .filter((c) => c.score !== null)
    .map((c) => ({ name: c.title, group: sectionTitle(c.section_key), score: c.score! }));
  const secValues = scores.sections
    .filter((s) => s.score !== null)
    .map((s) => ({ name: s.title, group: s.title, score: s.score! }));

  return (
    <div className="lci-as-results">
      <section className="lci-as-cards" aria-label="Summary">
        <div className="lci-as-card">
          <div className="lci-as-muted">Overall score</div>
          <div className="lci-as-big" data-testid="overall-score">
            {scoreText(overall)}
          </div>
        </div>
        <div className="lci-as-card">
          <div className="lci-as-muted">Answered</div>
          <div className="lci-as-big">
            {scores.progress.answered}/{scores.progress.total}
          </div>
        </div>
        <div className="lci-as-card">
          <div className="lci-as-muted">Findings</div>
          <div className="lci-as-big">{scores.findings}</div>
        </div>
      </section>

      <div className="lci-as-charts">
        {secValues.length > 0 && <VegaChart label="Section scores" spec={barSpec(secValues, 'Section') as never} />}
        {catValues.length > 0 && <VegaChart label="Category scores" spec={barSpec(catValues, 'Section') as never} />}
      </div>

      <HTMLTable className="lci-table lci-as-table" compact aria-label="Scores by section and category">
        <thead>
          <tr>
            <th>Section / category</th>
            <th className="lci-as-num">Weight</th>
            <th className="lci-as-num">Answered</th>
            <th className="lci-as-num">Score</th>
          </tr>
        </thead>
        <tbody>
          {scores.sections.map((s) => (
            <FragmentRows key={s.key}>
              <tr className="lci-as-section-row">
                <td>{s.title}</td>
                <td className="lci-as-num">{s.weight}</td>
                <td className="lci-as-num">
                  {s.answered}/{s.scorable}
                </td>
                <td className="lci-as-num">{scoreText(s.score)}</td>
              </tr>
              {scores.categories
                .filter((c) => c.section_key === s.key)
                .map((c) => (
                  <tr key={c.key}>
                    <td className="lci-as-indent">{c.title}</td>
                    <td className="lci-as-num">{c.weight}</td>
                    <td className="lci-as-num">
                      {c.answered}/{c.scorable}
                    </td>
                    <td className="lci-as-num">{scoreText(c.score)}</td>
                  </tr>
                ))}
            </FragmentRows>
          ))}
        </tbody>
      </HTMLTable>

      <h3 className="bp6-heading">Item detail</h3>
      <HTMLTable className="lci-table lci-as-table" compact striped aria-label="Item detail">
        <thead>
          <tr>
            <th>Question</th>
            <th>Answer</th>
            <th>Note</th>
            <th className="lci-as-num">Weight</th>
            <th className="lci-as-num">Score</th>
            <th className="lci-as-num" title="Points of the overall score this answer earned">
              Contribution
            </th>
          </tr>
        </thead>
        <tbody>
          {content.sections.flatMap((s) =>
            s.categories.flatMap((c) => [
              <tr key={`${s.key}/${c.key}`} className="lci-as-section-row">
                <td colSpan={6}>
                  {s.title} › {c.title}
                </td>
              </tr>,
              ...c.questions.map((q) => {
                const a = byKey.get(q.key);
                const share = contribution.get(q.key);
                return (
                  <tr key={q.key}>
                    <td>
                      {a?.finding && <Icon icon="flag" intent="warning" size={12} aria-label="finding" />} {q.text}
                    </td>
                    <td>{a?.na ? <Tag minimal>N/A</Tag> : valueText(q, a?.value)}</td>
                    <td className="lci-as-note-cell">{a?.note || ''}</td>
                    <td className="lci-as-num">{isScored(q) ? q.weight : 'not scored'}</td>
                    <td className="lci-as-num">{scoreText(a?.score ?? null)}</td>
                    <td className="lci-as-num">{share === undefined ? '–' : share.toFixed(1)}</td>
                  </tr>
                );
              }),
            ]),
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function FragmentRows({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}
