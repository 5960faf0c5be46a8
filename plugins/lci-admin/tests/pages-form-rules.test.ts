/** The pages' form checks (workspace/pages/form-rules.ts): what a user is told before anything is sent. */
import {
  codeProblem,
  confirms,
  itemProblem,
  messageProblem,
  overrideProblem,
  questionProblem,
  viewProblem,
} from '../workspace/pages/form-rules';

const item = { moniker: 'Connect your PSA', description: '', link_url: '', sort: 0, active_flag: true };

test('onboarding item: a name is required; the link is an in-app path', () => {
  expect(itemProblem(item)).toBeNull();
  expect(itemProblem({ ...item, moniker: '  ' })).toBe('A name is required.');
  expect(itemProblem({ ...item, link_url: 'https://example.com' })).toBe(
    'The link must be an in-app path starting with /.',
  );
  expect(itemProblem({ ...item, link_url: '/integrations' })).toBeNull();
});

test('module view: at least one module and a Blueprint icon name', () => {
  expect(viewProblem({ modules: ['Core'], icon: 'heat-grid' })).toBeNull();
  expect(viewProblem({ modules: [], icon: 'heat-grid' })).toBe('Choose at least one module.');
  expect(viewProblem({ modules: ['Core'], icon: 'Heat Grid' })).toMatch(/Blueprint icon name/);
});

test('menu override: order is a whole number within ±10000; empty fields keep the declared values', () => {
  expect(overrideProblem({ title: '', sort: '' })).toBeNull();
  expect(overrideProblem({ title: 'Tenant Currency', sort: '-5' })).toBeNull();
  expect(overrideProblem({ title: '', sort: '1.5' })).toMatch(/whole number/);
  expect(overrideProblem({ title: '', sort: '10001' })).toMatch(/whole number/);
  expect(overrideProblem({ title: 'x'.repeat(81), sort: '' })).toBe('The title is at most 80 characters.');
});

test('websocket message: the target id matches the target, and a message is required', () => {
  expect(messageProblem({ target: 'all', to: '', msg: 'Restart at 22:00' })).toBeNull();
  expect(messageProblem({ target: 'tenant', to: '', msg: 'Hi' })).toBe('Enter the tenant id.');
  expect(messageProblem({ target: 'user', to: '0', msg: 'Hi' })).toBe('Enter the user id.');
  expect(messageProblem({ target: 'socket', to: '12', msg: 'Hi' })).toMatch(/socket id/);
  expect(messageProblem({ target: 'socket', to: '9b2f8c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b', msg: 'Hi' })).toBeNull();
  expect(messageProblem({ target: 'all', to: '', msg: '  ' })).toBe('A message is required.');
});

test('survey question: text required; a choice question needs two choices', () => {
  expect(questionProblem({ question: 'Which PSA?', answer_type: 'choice', choices: 'CW Manage, Autotask' })).toBeNull();
  expect(questionProblem({ question: 'Which PSA?', answer_type: 'choice', choices: 'CW Manage, ' })).toMatch(
    /at least two choices/,
  );
  expect(questionProblem({ question: '', answer_type: 'text', choices: '' })).toBe('The question is required.');
});

test('affiliate code and the typed tenant-name confirmation', () => {
  expect(codeProblem('PARTNER-7')).toBeNull();
  expect(codeProblem('x')).toMatch(/2 to 40/);
  expect(codeProblem('has space')).toMatch(/2 to 40/);
  expect(confirms('  demo msp ', 'Demo MSP')).toBe(true);
  expect(confirms('Demo', 'Demo MSP')).toBe(false);
});
