/**
 * The company segments of the current filters (segment-loader.ts): reloads on a filter change, and fetches a
 * fresh computation on demand (after the settings were saved). The realtime channel's status decides between
 * customerSegments over the socket and the normal call.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { invoke, useRealtimeStatus } from '../../../../workspace/sdk';
import { filtersForRequest } from '../../shared/filter-rules';
import { useCsApi } from '../cs-api';
import { useCsFilters } from '../filters/state';
import {
  fetchFresh,
  loadSegments,
  type CompanySegmentRow,
  type SegmentsAnswer,
  type SegmentsState,
  type SegmentTransport,
} from './segment-loader';

/** The transport of segment-loader.ts: customerSegments over the socket when open, else the normal calls. */
export function useSegmentTransport(): SegmentTransport {
  const cs = useCsApi();
  const { filters } = useCsFilters();
  const status = useRealtimeStatus();
  const statusRef = useRef(status);
  statusRef.current = status;
  return useMemo<SegmentTransport>(
    () => ({
      realtimeOpen: () => statusRef.current === 'open',
      invoke: (payload) => invoke<SegmentsAnswer>('customerSegments', payload),
      refresh: async (f) => {
        const r = await cs.csAction<{ segments: CompanySegmentRow[]; stale_data: boolean }>(
          'TenantCompanySegment',
          'refresh',
          f ? { filters: f } : {},
          'segments',
        );
        return { segments: r.segments, stale_data: Boolean(r.stale_data) };
      },
      filteredGet: async () => {
        const r = await cs.csFilteredGet<'TenantCompanySegment', CompanySegmentRow[]>('TenantCompanySegment', filters);
        return { segments: r.segments, stale_data: Boolean(r.stale_data) };
      },
    }),
    [cs, filters],
  );
}

export function useSegments() {
  const { filters, filtered, changeCount } = useCsFilters();
  const transport = useSegmentTransport();
  const [state, setState] = useState<SegmentsState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    let live = true;
    void run(() =>
      loadSegments(transport, filtersForRequest(filters), filtered, (s) => {
        if (live) setState(s);
      }),
    );
    return () => {
      live = false;
    };
  }, [transport, changeCount]);

  /** A fresh computation for the current filters (e.g. after the settings changed). */
  const refresh = useCallback(
    () => run(async () => setState(await fetchFresh(transport, filtered ? filtersForRequest(filters) : undefined))),
    [transport, filtered, filters, run],
  );

  return { state, error, busy, refresh };
}
