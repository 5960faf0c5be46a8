/**
 * The scoring rules (shared/scoring.ts) and the template and answer rules (shared/template-rules.ts), pure.
 */
import { templateContent, templateQuestion, type TemplateContent } from '../shared/api';
import { isScored, questionFraction, questionScore, scoreEvent } from '../shared/scoring';
import { answerValueProblem, contentProblems } from '../shared/template-rules';
import { SAMPLE_CONTENT } from './sample-template';

const content: TemplateContent = templateContent.parse(SAMPLE_CONTENT);
const q = (x: Record<string, unknown>) => templateQuestion.parse({ key: 'q', text: 'Q', ...x });
const ans = (question_key: string, value: unknown, na = false, finding = false) => ({
  question_key,
  value: value as never,
  na,
  finding,
});

describe('one question', () => {
  test('yes/no: yes 1, no 0; a value of another type earns nothing', () => {
    expect(questionFraction(q({ type: 'yesno' }), { value: true, na: false })).toBe(1);
    expect(questionFraction(q({ type: 'yesno' }), { value: false, na: false })).toBe(0);
    expect(questionFraction(q({ type: 'yesno' }), { value: 'yes', na: false })).toBeNull();
  });
  test('scale: the position between min and max (default 0..5), clamped', () => {
    expect(questionFraction(q({ type: 'scale' }), { value: 3, na: false })).toBeCloseTo(0.6);
    expect(questionFraction(q({ type: 'scale', scale: { min: 1, max: 3 } }), { value: 2, na: false })).toBe(0.5);
    expect(questionFraction(q({ type: 'scale', scale: { min: 1, max: 3 } }), { value: 7, na: false })).toBe(1);
  });
  test("choice: the option's score over the best option's; an unknown option earns nothing", () => {
    const c = q({
      type: 'choice',
      options: [
        { value: 'a', label: 'A', score: 4 },
        { value: 'b', label: 'B', score: 1 },
      ],
    });
    expect(questionFraction(c, { value: 'b', na: false })).toBe(0.25);
    expect(questionFraction(c, { value: 'z', na: false })).toBeNull();
    expect(isScored(q({ type: 'choice', options: [{ value: 'a', label: 'A', score: 0 }] }))).toBe(false);
  });
  test('number: atLeast reaches for the target, atMost stays under it; without a target it is not scored', () => {
    const atLeast = q({ type: 'number', number: { target: 10 } });
    expect(questionFraction(atLeast, { value: 5, na: false })).toBe(0.5);
    expect(questionFraction(atLeast, { value: 12, na: false })).toBe(1);
    expect(questionFraction(atLeast, { value: -3, na: false })).toBe(0);
    const atMost = q({ type: 'number', number: { target: 90, direction: 'atMost' } });
    expect(questionFraction(atMost, { value: 30, na: false })).toBe(1);
    expect(questionFraction(atMost, { value: 180, na: false })).toBe(0.5);
    expect(isScored(q({ type: 'number' }))).toBe(false);
  });
  test('text and weight 0 are not scored; N/A and unanswered earn nothing', () => {
    expect(isScored(q({ type: 'text' }))).toBe(false);
    expect(isScored(q({ type: 'yesno', weight: 0 }))).toBe(false);
    expect(questionScore(q({ type: 'yesno' }), { value: true, na: true })).toBeNull();
    expect(questionScore(q({ type: 'yesno' }), { value: null, na: false })).toBeNull();
    expect(questionScore(q({ type: 'yesno' }), undefined)).toBeNull();
    expect(questionScore(q({ type: 'scale', scale: { min: 0, max: 3 } }), { value: 2, na: false })).toBe(66.7);
  });
});

describe('an event', () => {
  const full = [
    ans('mfa', true, false, true),
    ans('pwpolicy', 3),
    ans('backupfreq', 'weekly'),
    ans('restoredays', 180),
    ans('runbook', false),
    ans('notes', 'text is never scored'),
  ];
  test('nothing answered: no scores, progress 0, every node listed', () => {
    const s = scoreEvent(content, []);
    expect(s.overall).toBeNull();
    expect(s.sections.map((x) => x.score)).toEqual([null, null]);
    expect(s.categories.map((x) => [x.key, x.scorable, x.answered])).toEqual([
      ['identity', 2, 0],
      ['backup', 2, 0],
      ['docs', 1, 0],
    ]);
    expect(s.progress).toEqual({ answered: 0, total: 6, percent: 0 });
  });
  test('weights: questions within a category, categories within a section, sections overall', () => {
    const s = scoreEvent(content, full);
    expect(s.categories.map((x) => x.score)).toEqual([88.6, 50, 0]);
    expect(s.sections.map((x) => x.score)).toEqual([75.7, 0]);
    expect(s.overall).toBe(56.8);
    expect(s.progress).toEqual({ answered: 6, total: 6, percent: 100 });
    expect(s.findings).toBe(1);
  });
  test('N/A leaves a question out; a section with nothing scored drops out of the overall score', () => {
    const s = scoreEvent(content, [...full.filter((a) => a.question_key !== 'runbook'), ans('runbook', null, true)]);
    expect(s.sections[1].score).toBeNull();
    expect(s.overall).toBe(75.7);
    expect(s.progress.answered).toBe(6); // N/A counts as answered
    const partial = scoreEvent(content, [ans('mfa', false)]);
    expect(partial.categories[0]).toMatchObject({ score: 0, answered: 1, scorable: 2 });
    expect(partial.overall).toBe(0);
    expect(partial.progress.percent).toBe(16);
  });
  test('a category of weight 0 counts for nothing above it; answers to unknown keys are ignored', () => {
    const c = templateContent.parse({
      sections: [
        {
          key: 's',
          title: 'S',
          categories: [
            { key: 'a', title: 'A', weight: 0, questions: [{ key: 'x', text: 'X', type: 'yesno' }] },
            { key: 'b', title: 'B', weight: 1, questions: [{ key: 'y', text: 'Y', type: 'yesno' }] },
          ],
        },
      ],
    });
    const s = scoreEvent(c, [ans('x', false), ans('y', true), ans('ghost', true)]);
    expect(s.categories.map((x) => x.score)).toEqual([0, 100]);
    expect(s.overall).toBe(100);
  });
});

describe('template and answer rules', () => {
  test('the sample template has no problem; duplicate keys and misplaced settings are named by path', () => {
    expect(contentProblems(content)).toEqual([]);
    const bad = templateContent.parse({
      sections: [
        { key: 's', title: 'S', categories: [{ key: 'c', title: 'C', questions: [] }] },
        {
          key: 's',
          title: 'S2',
          categories: [
            {
              key: 'c',
              title: 'C',
              questions: [{ key: 'q', text: 'Q', type: 'yesno', options: [{ value: 'a', label: 'A', score: 1 }] }],
            },
          ],
        },
      ],
    });
    expect(contentProblems(bad)).toEqual([
      { path: 'sections.1.key', message: 'Section key "s" is used twice' },
      { path: 'sections.1.categories.0.questions.0.options', message: 'Only choice questions have options' },
    ]);
    expect(
      contentProblems(
        templateContent.parse({
          sections: [{ key: 's', title: 'S', categories: [{ key: 'c', title: 'C', questions: [] }] }],
        }),
      ),
    ).toEqual([{ path: 'sections', message: 'A template has at least one question' }]);
  });
  test('answer values must fit their question; null (clearing) always fits', () => {
    expect(answerValueProblem(q({ type: 'yesno' }), 'yes')).toBe('A yes/no answer is true or false');
    expect(answerValueProblem(q({ type: 'scale' }), 2.5)).toBe('A whole number 0 to 5');
    expect(answerValueProblem(q({ type: 'number' }), '3')).toBe('A number');
    expect(answerValueProblem(q({ type: 'text' }), 3)).toBe('Text');
    expect(answerValueProblem(q({ type: 'scale' }), null)).toBeNull();
    expect(answerValueProblem(q({ type: 'scale' }), 5)).toBeNull();
  });
});
