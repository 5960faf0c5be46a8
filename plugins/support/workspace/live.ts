/** Reloads a page's data when the server says it changed (a realtime store target of shared/live.ts). */
import { useEffect, useRef } from 'react';
import { useStoreTarget } from '../../../workspace/sdk';

/**
 * Calls `reload` with each update of `target` that arrives while the page is open (the value kept from before the
 * page opened is not news: the page loads its data when it opens anyway).
 */
export function useReloadOn<T>(target: string, reload: (update: T) => void): void {
  const update = useStoreTarget<T>(target);
  const seen = useRef(update);
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    if (update === undefined || update === seen.current) return;
    seen.current = update;
    latest.current(update);
  }, [update]);
}
