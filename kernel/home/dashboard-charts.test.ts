/** The dashboardCharts rules without a server: chart ids checked at start, who may load a chart, ?charts= parsing. */
import { z } from 'zod';
import { requestedCharts } from '../../common/api/dashboard';
import type { AccessPage } from '../types';
import { checkCharts, mayLoadChart } from './dashboard-charts';

const chart = (id: string, page = '/contractManager') => ({ id, page, schema: z.object({}), load: async () => ({}) });

test('chart ids must be letters and digits, unique, with a page url', () => {
  expect(() => checkCharts([chart('goalsDue'), chart('contractNotices')])).not.toThrow();
  expect(() => checkCharts([chart('goals-due')])).toThrow('id "goals-due" must be letters and digits');
  expect(() => checkCharts([chart('a1'), chart('a1')])).toThrow('chart "a1" is contributed twice');
  expect(() => checkCharts([chart('x', 'contracts')])).toThrow('chart "x" needs page: a url');
});

test('a chart loads for callers who may open its page and have its module; admins pass the page check', () => {
  const pages: AccessPage[] = [{ url: '/contractManager', access_level: 'Read Only' } as AccessPage];
  const k = { access: { matchPage: (p: AccessPage[], path: string) => p.find((e) => e.url === path) } };
  const user = { isLciAdmin: false, isTenantAdmin: false, pages, modules: ['Core' as const] };
  expect(mayLoadChart(k, user, { page: '/contractManager' })).toBe(true);
  expect(mayLoadChart(k, user, { page: '/cs/dashboard' })).toBe(false);
  expect(mayLoadChart(k, user, { page: '/contractManager', module: 'Customer Success' })).toBe(false);
  const admin = { ...user, isTenantAdmin: true, pages: [] };
  expect(mayLoadChart(k, admin, { page: '/cs/dashboard' })).toBe(true);
  expect(mayLoadChart(k, admin, { page: '/cs/dashboard', module: 'Customer Success' })).toBe(false);
  expect(mayLoadChart(k, { ...admin, isLciAdmin: true }, { page: '/x', module: 'Customer Success' })).toBe(true);
});

test('?charts= is a comma list, trimmed, without empties or repeats; absent means all', () => {
  expect(requestedCharts(undefined)).toBeUndefined();
  expect(requestedCharts(' goalsDue, ,healthDrops,goalsDue')).toEqual(['goalsDue', 'healthDrops']);
  expect(requestedCharts('')).toEqual([]);
});
