/** Rules of the stack catalogue: field rules (shared/stack-catalogue.ts) and the tag-deletion treatments (shared/stack-tag-deletion.ts). */
import { compareServices, isChargeEstimate, isColour, isTemporaryId, normaliseColour } from '../shared/stack-catalogue';
import {
  isAffected,
  tagDeletionWrites,
  type TagDeletionCompany,
  type TagDeletionTreatment,
} from '../shared/stack-tag-deletion';

test('charge estimates are 0 or more with at most two decimals', () => {
  for (const v of [0, 1, 3.5, 12.25, 0.1 + 0.2, 19.99, 999_999_999_999.99]) expect(isChargeEstimate(v)).toBe(true);
  for (const v of [-0.01, 1.234, 0.001, Number.NaN, Number.POSITIVE_INFINITY, 1e15])
    expect(isChargeEstimate(v)).toBe(false);
});

test('tag colours are #rrggbb and stored lower-case', () => {
  expect(isColour('#A1b2C3')).toBe(true);
  for (const v of ['red', '#abc', 'a1b2c3', '#a1b2c3d4', '#ggg000']) expect(isColour(v)).toBe(false);
  expect(normaliseColour('#A1B2C3')).toBe('#a1b2c3');
});

test('new items carry negative temporary ids', () => {
  expect(isTemporaryId(-1)).toBe(true);
  expect(isTemporaryId(7)).toBe(false);
});

test('the list is sorted by sort, then name (case-insensitive), then id', () => {
  const rows = [
    { serviceId: 3, sort: 1, moniker: 'backup' },
    { serviceId: 1, sort: 0, moniker: 'Zeta' },
    { serviceId: 2, sort: 1, moniker: 'Antivirus' },
    { serviceId: 4, sort: 1, moniker: 'Backup' },
  ];
  expect([...rows].sort(compareServices).map((r) => r.serviceId)).toEqual([1, 2, 3, 4]);
});

const T = 10; // the removed tag
const O = 11; // another tag the service keeps
const company = (id: number, tagIds: number[], stored = false, data = false): TagDeletionCompany => ({
  tenantCompanyId: id,
  tagIds,
  stored,
  hasNotesOrRecommendations: data,
});
const companies = [
  company(1, [T]), // affected, nothing stored
  company(2, [T, O]), // keeps the service through O
  company(3, [T], true), // affected, stored item
  company(4, [T], false, true), // affected, a note or recommendation
  company(5, [O]), // never carried T
  company(6, [T, 99]), // another tag the service does not have: still affected
];
const run = (treatment: TagDeletionTreatment, remaining = [O]) =>
  tagDeletionWrites({ treatment, removedTagId: T, remainingTagIds: remaining, companies }).map(
    (w) => `${w.tenantCompanyId}:${w.applicableFlag ? 1 : 0}${w.insertOnly ? '+' : ''}`,
  );

test('affected companies carry the removed tag and no other remaining tag of the service', () => {
  expect(companies.filter((c) => isAffected(c, T, [O])).map((c) => c.tenantCompanyId)).toEqual([1, 3, 4, 6]);
  expect(companies.filter((c) => isAffected(c, T, [])).map((c) => c.tenantCompanyId)).toEqual([1, 2, 3, 4, 6]);
});

test('leaveAsIs stores applicable true where nothing is stored, so alignments do not change', () => {
  expect(run('leaveAsIs')).toEqual(['1:1+', '4:1+', '6:1+']);
});

test('removeAllApplicable stores applicable false for every affected company', () => {
  expect(run('removeAllApplicable')).toEqual(['1:0', '3:0', '4:0', '6:0']);
  expect(run('removeAllApplicable', [])).toEqual(['1:0', '2:0', '3:0', '4:0', '6:0']);
});

test('removeOnlyWithoutData keeps companies with data applicable', () => {
  expect(run('removeOnlyWithoutData')).toEqual(['1:0', '4:1+', '6:0']);
});
