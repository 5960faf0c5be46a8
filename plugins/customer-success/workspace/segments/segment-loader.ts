/**
 * How the pages get company segments (customer-success.md section 4 "Stale segments"):
 * - with no filters, the segments are cleared, marked stale and fetched over the realtime channel;
 * - with filters, the filtered list is read (filteredGet); when it is marked stale, a fresh one is fetched over
 *   the realtime channel;
 * - the realtime fetch is the function customerSegments; when the socket is not open, or the call fails, the
 *   normal call is made instead (POST TenantCompanySegment { action: 'refresh' }).
 * The transport is injected, so the flow is unit tested.
 */
import type { CsFilters } from '../../shared/filter-rules';
import type { SegmentId } from '../../shared/segment-settings';

export interface CompanySegmentRow {
  tenantCompanyId: number;
  companyName: string;
  segmentId: SegmentId | null;
  segmentName: string | null;
  monthlyValue: number | null;
  effortScore: number | null;
  healthScore: number | null;
  healthVariant: string | null;
  effortVariant: string | null;
  stale_data: boolean;
}
export interface SegmentsAnswer {
  segments: CompanySegmentRow[];
  stale_data: boolean;
}
export interface SegmentsState extends SegmentsAnswer {
  via: 'none' | 'list' | 'realtime' | 'http';
}

export interface SegmentTransport {
  realtimeOpen(): boolean;
  /** apiinvoke customerSegments over the socket. */
  invoke(payload: { filters?: Partial<CsFilters> }): Promise<SegmentsAnswer>;
  /** The normal call: POST TenantCompanySegment { action: 'refresh', filters }. */
  refresh(filters: Partial<CsFilters> | undefined): Promise<SegmentsAnswer>;
  /** POST TenantCompanySegment { action: 'filteredGet', filters }. */
  filteredGet(filters: Partial<CsFilters>): Promise<SegmentsAnswer>;
}

/** A fresh computation: over the socket when it is open, else (or when that fails) by the normal call. */
export async function fetchFresh(t: SegmentTransport, filters: Partial<CsFilters> | undefined): Promise<SegmentsState> {
  if (t.realtimeOpen()) {
    try {
      return { ...(await t.invoke(filters ? { filters } : {})), via: 'realtime' };
    } catch {
      /* socket closed or the call failed: the normal call */
    }
  }
  return { ...(await t.refresh(filters)), via: 'http' };
}

/**
 * Loads the segments for the filters; `onState` sees each step (the cleared, stale state first when nothing is
 * filtered). Resolves with the final state.
 */
export async function loadSegments(
  t: SegmentTransport,
  filters: Partial<CsFilters>,
  filtered: boolean,
  onState: (s: SegmentsState) => void = () => undefined,
): Promise<SegmentsState> {
  if (!filtered) {
    onState({ segments: [], stale_data: true, via: 'none' });
    const fresh = await fetchFresh(t, undefined);
    onState(fresh);
    return fresh;
  }
  const listed: SegmentsState = { ...(await t.filteredGet(filters)), via: 'list' };
  onState(listed);
  if (!listed.stale_data) return listed;
  const fresh = await fetchFresh(t, filters);
  onState(fresh);
  return fresh;
}
