/**
 * The findings list's order (server/findings/sort.ts), applied to the whole filtered list before paging: each column
 * both ways, blank scores last in both directions, ties in the store's order (newest assessment first, then the
 * question's place), the follow-up status in its own order (open, planned, resolved, accepted risk).
 */
import type { Finding } from '../shared/api';
import { sortFindings } from '../server/findings/sort';

const f = (id: number, event: number, on: string, company: string, score: number | null, status: Finding['status']) =>
  ({
    assessment_finding_id: id,
    assessment_event_id: event,
    assessed_on: on,
    company_moniker: company,
    question_text: `Question ${id}`,
    template_name: company === 'acme' ? 'Baseline' : 'M365',
    score,
    status,
  }) as Finding;

// The store's order: newest assessment first, questions in their place.
const list = [
  f(11, 3, '2026-03-01', 'Cedar', 40, 'open'),
  f(12, 3, '2026-03-01', 'Cedar', null, 'resolved'),
  f(7, 2, '2026-02-01', 'acme', 10, 'planned'),
  f(8, 2, '2026-02-01', 'acme', null, 'open'),
  f(2, 1, '2026-01-15', 'Brightwater', 25, 'accepted_risk'),
];
const ids = (l: Finding[]) => l.map((x) => x.assessment_finding_id);

test('by score: blank scores last ascending and descending', () => {
  expect(ids(sortFindings(list, 'score', 'asc'))).toEqual([7, 2, 11, 12, 8]);
  expect(ids(sortFindings(list, 'score', 'desc'))).toEqual([11, 2, 7, 12, 8]);
});

test('by assessed on: descending is the store order; ascending the oldest assessment first, questions in place', () => {
  expect(ids(sortFindings(list, 'assessed_on', 'desc'))).toEqual([11, 12, 7, 8, 2]);
  expect(ids(sortFindings(list, 'assessed_on', 'asc'))).toEqual([2, 7, 8, 11, 12]);
});

test('by company (any case), template, question and status; ties keep the store order', () => {
  expect(ids(sortFindings(list, 'company', 'asc'))).toEqual([7, 8, 2, 11, 12]);
  expect(ids(sortFindings(list, 'company', 'desc'))).toEqual([11, 12, 2, 7, 8]);
  expect(ids(sortFindings(list, 'status', 'asc'))).toEqual([11, 8, 7, 12, 2]);
  expect(ids(sortFindings(list, 'question', 'asc'))).toEqual([2, 7, 8, 11, 12]);
  expect(ids(sortFindings(list, 'template', 'desc'))).toEqual([11, 12, 2, 7, 8]);
});
