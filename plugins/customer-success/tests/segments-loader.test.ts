import { loadSegments, type SegmentsAnswer, type SegmentTransport } from '../workspace/segments/segment-loader';

const row = (id: number, stale = false) => ({
  tenantCompanyId: id,
  companyName: `C${id}`,
  segmentId: 1 as const,
  segmentName: 'Ideal',
  monthlyValue: 1,
  effortScore: 1,
  healthScore: null,
  healthVariant: null,
  effortVariant: null,
  stale_data: stale,
});
const answer = (ids: number[], stale = false): SegmentsAnswer => ({
  segments: ids.map((i) => row(i, stale)),
  stale_data: stale,
});

function transport(o: { open?: boolean; invokeFails?: boolean; listStale?: boolean } = {}) {
  const calls: string[] = [];
  const t: SegmentTransport = {
    realtimeOpen: () => o.open ?? true,
    invoke: async (p) => {
      calls.push(`invoke ${JSON.stringify(p)}`);
      if (o.invokeFails) throw new Error('socket');
      return answer([1, 2]);
    },
    refresh: async (f) => {
      calls.push(`refresh ${JSON.stringify(f ?? null)}`);
      return answer([1, 2]);
    },
    filteredGet: async (f) => {
      calls.push(`filteredGet ${JSON.stringify(f)}`);
      return answer([2], o.listStale ?? false);
    },
  };
  return { t, calls };
}

describe('loading segments (stale data flow)', () => {
  it('with no filters clears, marks stale and fetches over the realtime channel', async () => {
    const { t, calls } = transport();
    const states: unknown[] = [];
    const r = await loadSegments(t, {}, false, (s) => states.push(s));
    expect(states[0]).toEqual({ segments: [], stale_data: true, via: 'none' });
    expect(calls).toEqual(['invoke {}']);
    expect(r).toMatchObject({ via: 'realtime', stale_data: false });
    expect(r.segments).toHaveLength(2);
  });
  it('falls back to the normal call when the socket is not open or the call fails', async () => {
    const closed = transport({ open: false });
    expect((await loadSegments(closed.t, {}, false)).via).toBe('http');
    expect(closed.calls).toEqual(['refresh null']);
    const failing = transport({ invokeFails: true });
    expect((await loadSegments(failing.t, {}, false)).via).toBe('http');
    expect(failing.calls).toEqual(['invoke {}', 'refresh null']);
  });
  it('with filters reads the filtered list, and fetches fresh only when it is stale', async () => {
    const fresh = transport();
    const r = await loadSegments(fresh.t, { segmentIds: [1] }, true);
    expect(r.via).toBe('list');
    expect(fresh.calls).toEqual(['filteredGet {"segmentIds":[1]}']);
    const stale = transport({ listStale: true });
    const s = await loadSegments(stale.t, { segmentIds: [1] }, true);
    expect(s.via).toBe('realtime');
    expect(stale.calls).toEqual(['filteredGet {"segmentIds":[1]}', 'invoke {"filters":{"segmentIds":[1]}}']);
  });
});
