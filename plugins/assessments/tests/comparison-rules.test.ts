/**
 * The comparison rules (shared/comparison.ts): two events of different template versions matched by question,
 * category and section key (added / removed), improved / declined / unchanged / not scored with the delta, the
 * overall change, the tenant average (per key over the sides that have a score), and the finding candidate rule.
 */
import { templateContent, type TemplateContentIn } from '../shared/api';
import { averageSide, changeOf, compareSides, eventSide, isFindingCandidate } from '../shared/comparison';
import { scoreEvent, type AnswerInput } from '../shared/scoring';

const V1: TemplateContentIn = {
  sections: [
    {
      key: 'sec',
      title: 'Security',
      categories: [
        {
          key: 'id',
          title: 'Identity',
          questions: [
            { key: 'mfa', text: 'MFA?', type: 'yesno' },
            { key: 'pw', text: 'Passwords', type: 'scale', scale: { min: 0, max: 4 } },
            { key: 'usb', text: 'USB blocked?', type: 'yesno' },
          ],
        },
      ],
    },
  ],
};
const V2: TemplateContentIn = {
  sections: [
    {
      key: 'sec',
      title: 'Security',
      categories: [
        {
          key: 'id',
          title: 'Identity',
          questions: [
            { key: 'mfa', text: 'MFA everywhere?', type: 'yesno' },
            { key: 'pw', text: 'Passwords', type: 'scale', scale: { min: 0, max: 4 } },
            { key: 'logs', text: 'Audit logs?', type: 'yesno' },
          ],
        },
        { key: 'bk', title: 'Backup', questions: [{ key: 'bkq', text: 'Backups?', type: 'yesno' }] },
      ],
    },
  ],
};
const c1 = templateContent.parse(V1);
const c2 = templateContent.parse(V2);
const side = (content: typeof c1, answers: AnswerInput[]) => eventSide(content, answers, scoreEvent(content, answers));
const a = (question_key: string, value: AnswerInput['value'], finding = false): AnswerInput => ({
  question_key,
  value,
  na: false,
  finding,
});

test('changeOf: delta after - before with one decimal; improved, declined, unchanged, not scored', () => {
  expect(changeOf(40, 75.55)).toEqual({ delta: 35.6, change: 'improved' });
  expect(changeOf(80, 50)).toEqual({ delta: -30, change: 'declined' });
  expect(changeOf(50, 50.04)).toEqual({ delta: 0, change: 'unchanged' });
  // Scored for the first time: said so, not counted as unchanged or hidden among "not scored".
  expect(changeOf(null, 50)).toEqual({ delta: null, change: 'newly_scored' });
  expect(changeOf(null, null)).toEqual({ delta: null, change: 'not_scored' });
  expect(changeOf(50, null)).toEqual({ delta: null, change: 'not_scored' });
});

test('two events of different versions: matched by key, added and removed listed, categories and overall', () => {
  const before = side(c1, [a('mfa', false, true), a('pw', 2), a('usb', true)]);
  const after = side(c2, [a('mfa', true), a('pw', 2), a('logs', false), a('bkq', true)]);
  const r = compareSides(before, after);
  const q = Object.fromEntries(r.questions.map((x) => [x.key, x]));
  expect(q.mfa).toMatchObject({ before: 0, after: 100, delta: 100, change: 'improved', text: 'MFA everywhere?' });
  expect(q.mfa).toMatchObject({ before_value: false, after_value: true, before_finding: true, after_finding: false });
  expect(q.pw).toMatchObject({ before: 50, after: 50, delta: 0, change: 'unchanged' });
  expect(q.logs).toMatchObject({ before: null, after: 0, delta: null, change: 'added' });
  expect(q.usb).toMatchObject({ before: 100, after: null, change: 'removed' });
  // Order: the after side's questions, then those only before had.
  expect(r.questions.map((x) => x.key)).toEqual(['mfa', 'pw', 'logs', 'bkq', 'usb']);
  expect(r.counts).toMatchObject({ improved: 1, unchanged: 1, added: 2, removed: 1, declined: 0 });
  // Identity: before (0 + 50 + 100) / 3 = 50; after (100 + 50 + 0) / 3 = 50: unchanged; Backup is new.
  expect(r.categories).toEqual([
    { key: 'id', section_key: 'sec', title: 'Identity', before: 50, after: 50, delta: 0, change: 'unchanged' },
    { key: 'bk', section_key: 'sec', title: 'Backup', before: null, after: 100, delta: null, change: 'added' },
  ]);
  // Overall: 50 then the mean of Identity 50 and Backup 100 = 75.
  expect(r.overall).toEqual({ before: 50, after: 75, delta: 25, change: 'improved' });
  expect(r.sections[0]).toMatchObject({ key: 'sec', before: 50, after: 75, change: 'improved' });
});

test('a decline and an unanswered question (not scored)', () => {
  const r = compareSides(side(c1, [a('mfa', true), a('pw', 4)]), side(c1, [a('mfa', false)]));
  const q = Object.fromEntries(r.questions.map((x) => [x.key, x]));
  expect(q.mfa!.change).toBe('declined');
  expect(q.pw).toMatchObject({ before: 100, after: null, change: 'not_scored', delta: null });
  expect(q.usb!.change).toBe('not_scored');
  expect(r.overall.change).toBe('declined');
});

test('questions answered only in the later assessment are counted as newly scored, not as unchanged', () => {
  const r = compareSides(side(c1, [a('mfa', true)]), side(c1, [a('mfa', true), a('pw', 4), a('usb', false)]));
  expect(r.counts).toMatchObject({ improved: 0, declined: 0, unchanged: 1, newly_scored: 2, not_scored: 0 });
  expect(r.questions.find((x) => x.key === 'pw')).toMatchObject({ before: null, after: 100, change: 'newly_scored' });
});

test('the tenant average: per key the mean over the sides with a score; none: null', () => {
  const s1 = side(c1, [a('mfa', true), a('pw', 4), a('usb', false)]);
  const s2 = side(c2, [a('mfa', false), a('pw', 1), a('bkq', true)]);
  const avg = averageSide([s1, s2])!;
  const q = Object.fromEntries(avg.questions.map((x) => [x.key, x]));
  expect(q.mfa!.score).toBe(50);
  expect(q.pw!.score).toBe(62.5);
  expect(q.usb!.score).toBe(0); // only s1 has it
  expect(q.logs!.score).toBeNull(); // nobody answered it
  expect(q.mfa).toMatchObject({ value: null, finding: false });
  expect(avg.categories.find((c) => c.key === 'bk')!.score).toBe(100);
  expect(avg.overall).toBe(Math.round((((s1.overall ?? 0) + (s2.overall ?? 0)) / 2) * 10) / 10);
  expect(averageSide([])).toBeNull();
  // An event against the average: the event is "after".
  const r = compareSides(avg, side(c1, [a('mfa', true)]));
  expect(r.questions.find((x) => x.key === 'mfa')).toMatchObject({ before: 50, after: 100, change: 'improved' });
});

test('finding candidates: a scored answer under 50; unscored never', () => {
  expect(isFindingCandidate(0)).toBe(true); // a "no"
  expect(isFindingCandidate(40)).toBe(true); // 2 of 5 on a 0..5 scale
  expect(isFindingCandidate(50)).toBe(false);
  expect(isFindingCandidate(100)).toBe(false);
  expect(isFindingCandidate(null)).toBe(false);
});
