import { CallerCache } from './cache';

test('caches per key for the TTL, then reloads', async () => {
  let now = 0;
  const c = new CallerCache<string>(1000, 100, () => now);
  let loads = 0;
  const load = async () => ({ value: `v${++loads}`, tags: { userId: 1, tenantIds: [10] } });
  expect(await c.get('1:10', load)).toBe('v1');
  now = 999;
  expect(await c.get('1:10', load)).toBe('v1');
  now = 1000;
  expect(await c.get('1:10', load)).toBe('v2');
});

test('concurrent gets share one load', async () => {
  const c = new CallerCache<number>(1000);
  let loads = 0;
  const load = () =>
    new Promise<{ value: number; tags: { userId: number; tenantIds: number[] } }>((r) =>
      setTimeout(() => r({ value: ++loads, tags: { userId: 1, tenantIds: [] } }), 10),
    );
  expect(await Promise.all([c.get('k', load), c.get('k', load), c.get('k', load)])).toEqual([1, 1, 1]);
  expect(loads).toBe(1);
});

test('invalidation by tenant, by user and of everything', async () => {
  const c = new CallerCache<string>(60_000);
  const put = (key: string, userId: number, tenantIds: number[]) =>
    c.get(key, async () => ({ value: key, tags: { userId, tenantIds } }));
  await put('1:10', 1, [10]);
  await put('2:10', 2, [10, 20]);
  await put('3:30', 3, [30]);
  c.invalidateTenant(20);
  expect(c.size).toBe(2);
  c.invalidateUser(1);
  expect(c.size).toBe(1);
  c.invalidateTenant();
  expect(c.size).toBe(0);
});

test('a load that started before an invalidation is not stored', async () => {
  const c = new CallerCache<string>(60_000);
  let release!: () => void;
  const slow = c.get(
    'k',
    () =>
      new Promise((r) => {
        release = () => r({ value: 'stale', tags: { userId: 1, tenantIds: [1] } });
      }),
  );
  c.invalidateTenant(1);
  release();
  expect(await slow).toBe('stale');
  expect(c.size).toBe(0);
});
