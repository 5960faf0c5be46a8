/**
 * The order of the findings list (the whole filtered list, before paging): by the column asked, in the direction
 * asked, blank values (a score of a question not scored) last in both directions; ties keep the store's order
 * (assessed on, newest first; then the question's place). Pure.
 */
import { FINDING_STATUSES, type Finding, type FindingSort } from '../../shared/api';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const KEYS: Record<FindingSort, (f: Finding) => string | number | null> = {
  assessed_on: (f) => f.assessed_on,
  company: (f) => f.company_moniker,
  question: (f) => f.question_text,
  template: (f) => f.template_name,
  score: (f) => f.score,
  status: (f) => FINDING_STATUSES.indexOf(f.status),
};

export function sortFindings(list: readonly Finding[], sort: FindingSort, dir: 'asc' | 'desc'): Finding[] {
  const key = KEYS[sort];
  const sign = dir === 'asc' ? 1 : -1;
  // The store's order is newest first: that is assessed_on descending; ascending reverses the events, not the
  // questions within one.
  const place = new Map(list.map((f, i) => [f, i]));
  return [...list].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else {
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      if (c !== 0) return sign * c;
    }
    if (sort === 'assessed_on' && a.assessment_event_id !== b.assessment_event_id)
      return sign * (a.assessment_event_id - b.assessment_event_id);
    return place.get(a)! - place.get(b)!;
  });
}
