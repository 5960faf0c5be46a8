/**
 * Failed lazy page loads (platform.md section 8): while online, reload through
 * /initializer?path=... at most once per day; a chunk that does not arrive in 120 s
 * raises ChunkLoadError.
 */
import { CHUNK_LOAD_TIMEOUT_MS, CHUNK_RELOAD_GUARD_MS } from './constants';

export function shouldReloadAfterChunkError(
  now: number,
  lastReloadAt: number | undefined | null,
  online: boolean,
): boolean {
  if (!online) return false;
  return lastReloadAt == null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

export function reloadUrl(pathWithSearch: string): string {
  return `/initializer?${new URLSearchParams({ path: pathWithSearch }).toString()}`;
}

export class ChunkLoadError extends Error {
  constructor(message = 'Loading a part of the workspace timed out') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function withChunkTimeout<T>(
  load: () => Promise<T>,
  ms = CHUNK_LOAD_TIMEOUT_MS,
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = timers.setTimeout(() => reject(new ChunkLoadError()), ms);
    load().then(
      (v) => {
        timers.clearTimeout(t);
        resolve(v);
      },
      (e) => {
        timers.clearTimeout(t);
        reject(e);
      },
    );
  });
}
