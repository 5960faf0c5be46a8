import { relativeDays, relativeTime } from '../shared/relative-time';
import { formatTenantDate } from '../shared/tenant-date-format';
import { DETAIL_TILES, moveTile, normalizeTileOrder } from '../shared/tile-order';
import { buildHeadlines } from '../shared/headlines';

const day = (s: string) => {
  const [y, m, d] = s.split('-').map(Number);
  return new Date(y, m - 1, d);
};

describe('relative time (section 9)', () => {
  it('uses days under 7, weeks under 30, months under 365, else years', () => {
    expect(relativeDays(0)).toBe('today');
    expect(relativeDays(1)).toBe('1 day ago');
    expect(relativeDays(6)).toBe('6 days ago');
    expect(relativeDays(7)).toBe('1 week ago');
    expect(relativeDays(29)).toBe('4 weeks ago');
    expect(relativeDays(30)).toBe('1 month ago');
    expect(relativeDays(364)).toBe('12 months ago');
    expect(relativeDays(365)).toBe('1 year ago');
    expect(relativeDays(800)).toBe('2 years ago');
    expect(relativeDays(-14)).toBe('in 2 weeks');
  });
  it('measures calendar days between dates', () => {
    expect(relativeTime('2025-03-01', day('2025-03-04'))).toBe('3 days ago');
    expect(relativeTime('2025-04-04', day('2025-03-04'))).toBe('in 1 month');
  });
});

describe('tenant date formats (section 9)', () => {
  it('formats each tenant format and falls back to yyyy-mm-dd', () => {
    expect(formatTenantDate('2025-03-07', 'yyyy-mm-dd')).toBe('2025-03-07');
    expect(formatTenantDate('2025-03-07', 'dd-monthname-yyyy')).toBe('07-March-2025');
    expect(formatTenantDate('2025-03-07', 'mm-dd-yyyy')).toBe('03-07-2025');
    expect(formatTenantDate('2025-03-07', 'dd-mm-yyyy')).toBe('07-03-2025');
    expect(formatTenantDate('2025-03-07', 'weird')).toBe('2025-03-07');
    expect(formatTenantDate('', 'dd-mm-yyyy')).toBe('');
    expect(formatTenantDate('not a date', 'dd-mm-yyyy')).toBe('');
  });
});

describe('tile order (saved per user)', () => {
  it('merges a saved order with the known tiles', () => {
    expect(normalizeTileOrder(null)).toEqual([...DETAIL_TILES]);
    const o = normalizeTileOrder(['goals', 'nope', 'goals', 'details']);
    expect(o.slice(0, 2)).toEqual(['goals', 'details']);
    expect(o).toHaveLength(DETAIL_TILES.length);
    expect(new Set(o).size).toBe(DETAIL_TILES.length);
  });
  it('moves a tile up or down and keeps the ends', () => {
    const o = normalizeTileOrder([]);
    expect(moveTile(o, 'profile', -1).slice(0, 2)).toEqual(['profile', 'details']);
    expect(moveTile(o, 'details', -1)).toEqual(o);
    expect(moveTile(o, o[o.length - 1], 1)).toEqual(o);
  });
});

describe('headlines', () => {
  const today = day('2025-06-01');
  it('reports health changes, ending contracts, notice dates and goals, most urgent first', () => {
    const h = buildHeadlines(
      {
        health: { current: 60, previous: 80 },
        contracts: [
          { label: 'Acme backup', end_date: '2025-06-20', notice_date: '2025-06-10' },
          { label: 'Old firewall', end_date: '2025-05-01' },
          { label: 'Far away', end_date: '2026-06-01' },
        ],
        goals: [
          { title: 'MFA rollout', due_date: '2025-05-25' },
          { title: 'Done', due_date: '2025-05-01', completed: true },
        ],
        segmentName: 'Ideal',
      },
      today,
    );
    expect(h.map((x) => x.text)).toEqual([
      'Health score down 25% to 60',
      'Contract Old firewall ended 1 month ago',
      'Goal MFA rollout was due 1 week ago',
      'Contract Acme backup ends in 2 weeks',
      'Notice date for Acme backup is in 1 week',
      'In the Ideal segment',
    ]);
    expect(h[0].variant).toBe('danger');
  });
  it('has nothing to say without data', () => {
    expect(buildHeadlines({ health: { current: 50, previous: 50 } }, today)).toEqual([]);
  });
});
