/**
 * Comparison and trend (shared/comparison.ts rules on the stored data): two events of the same company and template
 * (any versions; the earlier one is `before`), or one event against the tenant's average (the latest completed event
 * of each company on the same template); the trend of a company's completed events on a template.
 */
import type { Trx } from '../../../../kernel/index';
import type { ComparisonAnswer, TrendAnswer } from '../../shared/api';
import { averageSide, compareSides, eventSide } from '../../shared/comparison';
import { scoreEvent } from '../../shared/scoring';
import { badRequest, missing } from '../util';
import * as store from './store';

/** The scores of an event: the stored ones once completed, else live. */
export function scoresOf(b: store.EventBundle) {
  return b.status === 'completed' && b.scores ? b.scores : scoreEvent(b.content, b.answers);
}
export const sideOf = (b: store.EventBundle) => eventSide(b.content, b.answers, scoresOf(b));

const brief = (b: store.EventBundle) => ({
  assessment_event_id: b.assessment_event_id,
  title: b.title,
  assessed_on: b.assessed_on,
  status: b.status,
  template_version: b.template_version,
});

async function bundle(db: Trx, id: number): Promise<store.EventBundle> {
  const [b] = await store.selectBundles(db, [id]);
  if (!b) throw missing('Assessment');
  return b;
}

export async function compare(db: Trx, eventId: number, other: number | 'tenantAverage'): Promise<ComparisonAnswer> {
  const e = await bundle(db, eventId);
  const head = {
    tenant_company_id: e.tenant_company_id,
    company_moniker: await store.companyMoniker(db, e.tenant_company_id),
    assessment_template_id: e.assessment_template_id,
    template_name: (await store.templateName(db, e.assessment_template_id)) ?? '',
  };
  if (other === 'tenantAverage') {
    const ids = await store.latestCompletedPerCompany(db, e.assessment_template_id);
    const avg = averageSide((await store.selectBundles(db, ids)).map(sideOf));
    const after = sideOf(e);
    const base = avg ?? { overall: null, sections: [], categories: [], questions: [] };
    const result = compareSides(base, after);
    // With no average, every row is "not scored" rather than "added".
    if (!avg) {
      const ns = <T extends { change: string }>(x: T): T => ({ ...x, change: 'not_scored' });
      result.sections = result.sections.map(ns);
      result.categories = result.categories.map(ns);
      result.questions = result.questions.map(ns);
      result.counts = { ...result.counts, added: 0, not_scored: result.questions.length };
    }
    return { kind: 'tenantAverage', before: null, after: brief(e), average_of: ids.length, ...head, ...result };
  }
  if (other === eventId)
    throw badRequest('Compare with another assessment', [
      { path: 'query.with', message: 'An assessment cannot be compared with itself' },
    ]);
  const [o] = await store.selectBundles(db, [other]);
  if (!o) throw badRequest('Unknown assessment', [{ path: 'query.with', message: 'No such assessment' }]);
  if (o.tenant_company_id !== e.tenant_company_id)
    throw badRequest('Another company', [
      { path: 'query.with', message: 'Compare assessments of the same company (or with=tenantAverage)' },
    ]);
  if (o.assessment_template_id !== e.assessment_template_id)
    throw badRequest('Another template', [
      { path: 'query.with', message: 'Compare assessments taken with the same template (any of its versions)' },
    ]);
  const earlierFirst =
    o.assessed_on < e.assessed_on || (o.assessed_on === e.assessed_on && o.assessment_event_id < e.assessment_event_id);
  const [before, after] = earlierFirst ? [o, e] : [e, o];
  return {
    kind: 'events',
    before: brief(before),
    after: brief(after),
    average_of: 0,
    ...head,
    ...compareSides(sideOf(before), sideOf(after)),
  };
}

export async function trend(db: Trx, companyId: number, templateId: number): Promise<TrendAnswer> {
  const name = await store.templateName(db, templateId);
  if (name === null)
    throw badRequest('Unknown template', [{ path: 'query.assessmentTemplateId', message: 'No such template' }]);
  const bundles = await store.selectBundles(db, await store.completedEventIds(db, companyId, templateId));
  const categories = new Map<string, string>();
  const points = bundles.map((b) => {
    const s = scoresOf(b);
    for (const c of s.categories) if (!categories.has(c.key)) categories.set(c.key, c.title);
    return {
      assessment_event_id: b.assessment_event_id,
      assessed_on: b.assessed_on,
      title: b.title,
      template_version: b.template_version,
      overall: s.overall,
      categories: s.categories.map((c) => ({ key: c.key, title: c.title, score: c.score })),
      findings: s.findings,
    };
  });
  return {
    tenant_company_id: companyId,
    assessment_template_id: templateId,
    template_name: name,
    categories: [...categories].map(([key, title]) => ({ key, title })),
    points,
  };
}
