/**
 * useDashboardChart(id, schema): a /dashboard panel's data from GET /v3/tenant/:tenantId/dashboardCharts?charts=<id>
 * (kernel/home/dashboard-charts.ts; the kernel point `kernel.dashboardCharts`), checked against the plugin's schema.
 * `data` is undefined while loading and null when the server left the chart out (no access to its page).
 */
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { dashboardChartsPath, type DashboardChartsAnswer } from '../common/api/dashboard';
import { api } from './runtime';
import { sessionAtom } from './state/atoms';
import { useAtomValue } from 'jotai';

export interface DashboardChartState<T> {
  data: T | null | undefined;
  error: string | null;
  reload(): void;
}

/** `hidePanel` (the panel's prop): called when the server leaves the chart out, so no empty card stays. */
export function useDashboardChart<S extends z.ZodType>(
  id: string,
  schema: S,
  hidePanel?: () => void,
): DashboardChartState<z.output<S>> {
  const tenantId = useAtomValue(sessionAtom)?.tenant?.tenantId ?? null;
  const [data, setData] = useState<z.output<S> | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    if (tenantId === null) return;
    let live = true;
    setData(undefined);
    setError(null);
    api.get<DashboardChartsAnswer>(dashboardChartsPath(tenantId), { query: { charts: id } }).then(
      (r) => {
        if (!live) return;
        if (!(id in r.charts)) {
          setData(null);
          hidePanel?.();
          return;
        }
        const parsed = schema.safeParse(r.charts[id]);
        if (parsed.success) setData(parsed.data);
        else setError('invalid return found for request');
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [tenantId, id, schema, round, hidePanel]);
  return { data, error, reload };
}
