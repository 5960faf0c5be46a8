/** Loads data for a page: { data, error, loading, reload }; a newer load wins over an older one. */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useLoad<T>(
  load: () => Promise<T>,
  deps: unknown[],
): { data: T | null; error: string | null; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(() => {
    const mine = ++seq.current;
    setLoading(true);
    setError(null);
    load().then(
      (d) => {
        if (mine === seq.current) {
          setData(d);
          setLoading(false);
        }
      },
      (e: unknown) => {
        if (mine === seq.current) {
          setError((e as Error).message || 'The request failed');
          setLoading(false);
        }
      },
    );
  }, deps);
  useEffect(() => {
    run();
  }, [run]);
  return { data, error, loading, reload: run };
}
