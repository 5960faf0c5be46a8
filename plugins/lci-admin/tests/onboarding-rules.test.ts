/** The tenant side of onboarding, pure rules (shared/onboarding.ts): the hidden-link rule and survey answer checks. */
import { answerProblems, itemShown, linkPath, shownItems } from '../shared/onboarding';

const pages = new Set(['/dashboard', '/datamanagercompanies', '/usermanager']);

describe('hidden-link rule', () => {
  test('an item whose link is not a registered page is hidden; one without a link is shown', () => {
    expect(itemShown({ link_url: '/integrations' }, pages)).toBe(false);
    expect(itemShown({ link_url: '/datamanager/companies' }, pages)).toBe(false);
    expect(itemShown({ link_url: '/datamanagercompanies' }, pages)).toBe(true);
    expect(itemShown({ link_url: null }, pages)).toBe(true);
    expect(itemShown({ link_url: '' }, pages)).toBe(true);
  });
  test('query, fragment and a trailing slash do not change the page', () => {
    expect(linkPath('/usermanager/?tab=2#x')).toBe('/usermanager');
    expect(itemShown({ link_url: '/usermanager?invite=1' }, pages)).toBe(true);
    expect(itemShown({ link_url: '/usermanagerx' }, pages)).toBe(false);
    expect(linkPath('/')).toBe('/');
  });
  test('shownItems keeps the order of the shown ones', () => {
    const items = [
      { id: 1, link_url: '/integrations' },
      { id: 2, link_url: '/datamanagercompanies' },
      { id: 3, link_url: null },
    ];
    expect(shownItems(items, pages).map((i) => i.id)).toEqual([2, 3]);
    expect(shownItems(items, new Set(['/integrations', '/datamanagercompanies'])).map((i) => i.id)).toEqual([1, 2, 3]);
  });
});

describe('survey answers', () => {
  const questions = [
    { question_id: 1, answer_type: 'choice' as const, choices: ['1-5', '6-25'] },
    { question_id: 2, answer_type: 'yesno' as const, choices: [] },
    { question_id: 3, answer_type: 'text' as const, choices: [] },
  ];
  test('valid answers pass', () => {
    expect(
      answerProblems(
        [
          { question_id: 1, answer: '6-25' },
          { question_id: 2, answer: 'No' },
          { question_id: 3, answer: 'anything' },
        ],
        questions,
      ),
    ).toEqual([]);
  });
  test('each problem names its field', () => {
    expect(
      answerProblems(
        [
          { question_id: 1, answer: '7' },
          { question_id: 2, answer: 'maybe' },
          { question_id: 9, answer: 'x' },
          { question_id: 1, answer: '1-5' },
        ],
        questions,
      ),
    ).toEqual([
      { path: 'answers.0.answer', message: 'Must be one of: 1-5, 6-25' },
      { path: 'answers.1.answer', message: 'Must be one of: Yes, No' },
      { path: 'answers.2.question_id', message: 'Unknown question 9' },
      { path: 'answers.3.question_id', message: 'Question 1 is answered twice' },
    ]);
  });
});
