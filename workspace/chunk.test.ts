import { ChunkLoadError, reloadUrl, shouldReloadAfterChunkError, withChunkTimeout } from './chunk';

const DAY = 86_400_000;
test('reloads while online at most once per day', () => {
  expect(shouldReloadAfterChunkError(1000, undefined, true)).toBe(true);
  expect(shouldReloadAfterChunkError(1000, null, true)).toBe(true);
  expect(shouldReloadAfterChunkError(1000 + DAY - 1, 1000, true)).toBe(false);
  expect(shouldReloadAfterChunkError(1000 + DAY, 1000, true)).toBe(true);
});
test('never reloads while offline', () => {
  expect(shouldReloadAfterChunkError(1000, undefined, false)).toBe(false);
});
test('reload goes through the initializer with the path', () => {
  expect(reloadUrl('/cs/dashboard?x=1')).toBe('/initializer?path=%2Fcs%2Fdashboard%3Fx%3D1');
});
test('a chunk that does not arrive in 120 s raises ChunkLoadError', async () => {
  jest.useFakeTimers();
  const p = withChunkTimeout(() => new Promise(() => {}));
  jest.advanceTimersByTime(119_999);
  const spy = jest.fn();
  p.catch(spy);
  await Promise.resolve();
  expect(spy).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  await expect(p).rejects.toBeInstanceOf(ChunkLoadError);
  jest.useRealTimers();
  await expect(withChunkTimeout(async () => 7)).resolves.toBe(7);
});
