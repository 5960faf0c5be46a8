import { goalCompanies, isOverdue, isValidDate, latestScore, taskProgress } from '../shared/goal-rules';

test('a goal covers its own company first, then the others once', () => {
  expect(goalCompanies(5, [7, 5, 7, 9])).toEqual([5, 7, 9]);
  expect(goalCompanies(5)).toEqual([5]);
});

test('task progress is the rounded percent of active tasks completed; none: null', () => {
  expect(taskProgress([])).toBeNull();
  expect(taskProgress([{ completedFlag: true }, { completedFlag: false }, { completedFlag: false }])).toBe(33);
  expect(taskProgress([{ completedFlag: true }, { completedFlag: false, activeFlag: 0 }])).toBe(100);
  expect(taskProgress([{ completedFlag: false, activeFlag: 0 }])).toBeNull();
});

test('the latest score is the most recent, ties broken by id', () => {
  const s = (id: number, score: number, at: string) => ({ tenantCompanyGoalScoreId: id, score, scoredAt: at });
  expect(latestScore([])).toBeNull();
  expect(latestScore([s(1, 10, '2024-01-02T00:00:00Z'), s(2, 20, '2024-01-01T00:00:00Z')])?.score).toBe(10);
  expect(latestScore([s(3, 30, '2024-01-02T00:00:00Z'), s(4, 40, '2024-01-02T00:00:00Z')])?.score).toBe(40);
});

test('overdue: not completed and due before today', () => {
  expect(isOverdue({ status: 'inProgress', dueDate: '2024-01-01' }, '2024-01-02')).toBe(true);
  expect(isOverdue({ status: 'inProgress', dueDate: '2024-01-02' }, '2024-01-02')).toBe(false);
  expect(isOverdue({ status: 'completed', dueDate: '2020-01-01' }, '2024-01-02')).toBe(false);
  expect(isOverdue({ status: 'atRisk', dueDate: null }, '2024-01-02')).toBe(false);
});

test('date helper: empty, or a real YYYY-MM-DD date', () => {
  expect(['', '2024-02-29', '2023-12-31'].every(isValidDate)).toBe(true);
  expect(['2023-02-29', '2024-13-01', '2024-1-01', '20240101', '2024-04-31', 'x'].some(isValidDate)).toBe(false);
});
