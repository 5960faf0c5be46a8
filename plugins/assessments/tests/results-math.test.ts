/**
 * The arithmetic the assessment pages show (workspace/results-math.ts): each answer's contribution to the overall
 * score adds up to the overall score (item detail), and the list's trend compares a completed event with the
 * previous completed one of the same company and template only.
 */
import { templateContent, type Answer, type AssessmentEvent } from '../shared/api';
import { scoreEvent } from '../shared/scoring';
import { contributions, trends } from '../workspace/results-math';
import { SAMPLE_CONTENT } from './sample-template';

const answer = (question_key: string, value: Answer['value'], na = false): Answer => ({
  question_key,
  value,
  na,
  note: '',
  finding: false,
  score: null,
  version: 1,
  updated_at: '',
  updated_by_user_id: null,
});

test('contributions of the answers add up to the overall score; unanswered, N/A and text earn none', () => {
  const content = templateContent.parse(SAMPLE_CONTENT);
  const answers = [
    answer('mfa', true),
    answer('pwpolicy', 3),
    answer('backupfreq', 'weekly'),
    answer('restoredays', 120),
    answer('runbook', null, true),
  ];
  const scores = scoreEvent(content, answers);
  const parts = contributions(content, answers, scores);
  const sum = [...parts.values()].reduce((n, x) => n + x, 0);
  expect(scores.overall).not.toBeNull();
  expect(sum).toBeCloseTo(scores.overall!, 0);
  expect(Math.abs(sum - scores.overall!)).toBeLessThanOrEqual(0.05);
  expect(parts.has('runbook')).toBe(false);
  // MFA yes (weight 5 of 7 in Identity, Identity weight 2 of 3 in Security): the biggest share.
  expect(parts.get('mfa')!).toBeGreaterThan(parts.get('pwpolicy')!);
});

test('no answers: no contributions', () => {
  const content = templateContent.parse(SAMPLE_CONTENT);
  const scores = scoreEvent(content, []);
  expect(contributions(content, [], scores).size).toBe(0);
});

const ev = (id: number, company: number, template: number, on: string, score: number | null, status = 'completed') =>
  ({
    assessment_event_id: id,
    tenant_company_id: company,
    assessment_template_id: template,
    assessed_on: on,
    overall_score: score,
    status,
  }) as AssessmentEvent;

test('trend: against the previous completed event of the same company and template only', () => {
  const t = trends([
    ev(1, 10, 1, '2026-01-01', 50),
    ev(2, 10, 1, '2026-04-01', 62.5),
    ev(3, 10, 1, '2026-07-01', 60),
    ev(4, 10, 2, '2026-05-01', 90), // another template
    ev(5, 11, 1, '2026-05-01', 10), // another company
    ev(6, 10, 1, '2026-08-01', null, 'draft'),
  ]);
  expect(t.get(1)).toBeUndefined();
  expect(t.get(2)).toEqual({ previous: 50, delta: 12.5 });
  expect(t.get(3)).toEqual({ previous: 62.5, delta: -2.5 });
  expect(t.get(4)).toBeUndefined();
  expect(t.get(5)).toBeUndefined();
  expect(t.get(6)).toBeUndefined();
});
