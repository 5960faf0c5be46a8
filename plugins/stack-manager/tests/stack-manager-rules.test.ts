import { isChargeEstimate, MONIKER_MAX } from '../shared/stack-catalogue';
import {
  assignService,
  canSave,
  categoriesChanged,
  categoryErrors,
  draftErrors,
  hasErrors,
  keepDeletions,
  matchesFilter,
  nextTemporaryId,
  orderAndTagsSave,
  rebaseOnFresh,
  removeProduct,
  serviceChanges,
  tagChanges,
  togglePreferred,
  withDeletion,
  type ListedService,
  type StackProductDraft,
  type StackServiceDraft,
} from '../shared/stack-manager';
import { moveNextTo, orderChanged } from '../shared/stack-order';

const s = (
  serviceId: number,
  pos: number,
  tagIds: number[] = [],
  extra: Partial<ListedService> = {},
): ListedService => ({
  serviceId,
  sort: pos,
  order: pos,
  moniker: `S${serviceId}`,
  categoryId: null,
  tagIds,
  version: 3,
  ...extra,
});

describe('Save button rule', () => {
  it('is enabled only when tags or order changed, not read-only and not loading', () => {
    expect(canSave({ orderDirty: true, tagsDirty: false, readOnly: false, loading: false })).toBe(true);
    expect(canSave({ orderDirty: false, tagsDirty: true, readOnly: false, loading: false })).toBe(true);
    expect(canSave({ orderDirty: false, tagsDirty: false, readOnly: false, loading: false })).toBe(false);
    expect(canSave({ orderDirty: true, tagsDirty: true, readOnly: true, loading: false })).toBe(false);
    expect(canSave({ orderDirty: true, tagsDirty: true, readOnly: false, loading: true })).toBe(false);
  });
});

describe('temporary ids', () => {
  it('are negative and below every id in use', () => {
    expect(nextTemporaryId([])).toBe(-1);
    expect(nextTemporaryId([4, 9])).toBe(-1);
    expect(nextTemporaryId([4, -1, -3])).toBe(-4);
  });
});

describe('search and filters', () => {
  const item = { moniker: 'Managed Backup', categoryId: 2, tagIds: [5, 6] };
  it('search by name (case-insensitive, trimmed), category (or none) and tag', () => {
    expect(matchesFilter(item, { search: ' backup ', categoryId: null, tagId: null })).toBe(true);
    expect(matchesFilter(item, { search: 'firewall', categoryId: null, tagId: null })).toBe(false);
    expect(matchesFilter(item, { search: '', categoryId: 2, tagId: 6 })).toBe(true);
    expect(matchesFilter(item, { search: '', categoryId: 3, tagId: null })).toBe(false);
    expect(matchesFilter(item, { search: '', categoryId: 'none', tagId: null })).toBe(false);
    expect(matchesFilter({ ...item, categoryId: null }, { search: '', categoryId: 'none', tagId: null })).toBe(true);
    expect(matchesFilter(item, { search: '', categoryId: null, tagId: 7 })).toBe(false);
  });
});

describe('saving the list sends only changed services', () => {
  const saved = [s(1, 1, [5]), s(2, 2), s(3, 3), s(4, 4)];
  it('nothing changed: nothing to send', () => {
    expect(orderAndTagsSave(saved, saved)).toBeNull();
  });
  it('a move sends the services whose position changed, with their version, in list order', () => {
    const current = moveNextTo(saved, 3, 2, 'before');
    expect(orderAndTagsSave(saved, current)).toEqual({
      services: [
        { serviceId: 3, version: 3, sort: 2, order: 2 },
        { serviceId: 2, version: 3, sort: 3, order: 3 },
      ],
    });
  });
  it("a tag change sends the service's tags, and the chosen treatment of a removed tag", () => {
    const current = saved.map((x) =>
      x.serviceId === 1 ? { ...x, tagIds: [] } : x.serviceId === 4 ? { ...x, tagIds: [8] } : x,
    );
    expect(tagChanges(saved, current)).toEqual([
      { serviceId: 1, tagIds: [] },
      { serviceId: 4, tagIds: [8] },
    ]);
    const body = orderAndTagsSave(saved, current, [{ serviceId: 1, tagId: 5, treatment: 'removeAllApplicable' }]);
    expect(body).toEqual({
      services: [
        { serviceId: 1, version: 3, tagIds: [] },
        { serviceId: 4, version: 3, tagIds: [8] },
      ],
      tagDeletions: [{ serviceId: 1, tagId: 5, treatment: 'removeAllApplicable' }],
    });
  });
  it('a preferred-product change sends only the changed products of that service', () => {
    const p = (productId: number, preferredFlag: 0 | 1) => ({
      productId,
      moniker: `P${productId}`,
      description: '',
      calcType: 'perMonth' as const,
      chargeEstimate: 5,
      preferredFlag,
      activeFlag: 1 as const,
      sort: 1,
    });
    const before = [s(1, 1, [], { products: [p(10, 0), p(11, 1)] }), s(2, 2, [], { products: [p(12, 0)] })];
    const after = [s(1, 1, [], { products: [p(10, 1), p(11, 1)] }), before[1]];
    expect(orderAndTagsSave(before, after)).toEqual({ services: [{ serviceId: 1, version: 3, products: [p(10, 1)] }] });
  });
  it('tag order alone is no change; a deletion whose tag came back is dropped', () => {
    const two = [s(1, 1, [5, 6])];
    expect(orderAndTagsSave(two, [s(1, 1, [6, 5])])).toBeNull();
    expect(orderAndTagsSave(two, two, [{ serviceId: 1, tagId: 5, treatment: 'leaveAsIs' }])).toBeNull();
  });
  it('a later treatment for the same tag replaces the earlier; re-adding the tag drops it', () => {
    let d = withDeletion([], { serviceId: 1, tagId: 5, treatment: 'leaveAsIs' });
    d = withDeletion(d, { serviceId: 1, tagId: 5, treatment: 'removeOnlyWithoutData' });
    expect(d).toEqual([{ serviceId: 1, tagId: 5, treatment: 'removeOnlyWithoutData' }]);
    expect(keepDeletions(d, () => [5])).toEqual([]);
    expect(keepDeletions(d, () => [])).toEqual(d);
    expect(keepDeletions(d, () => undefined)).toEqual([]);
  });
});

describe('taking a fresh list while the user keeps editing', () => {
  it("keeps the user's order and unsaved tags, takes everything else (tags saved elsewhere, versions) from the answer", () => {
    const base = [s(1, 1, [5]), s(2, 2, [6]), s(3, 3)];
    const current = [s(3, 3), s(1, 1, [5, 7]), s(2, 2, [6])];
    const fresh = [s(1, 1, [5], { version: 4 }), s(2, 2, [8], { version: 4 }), s(4, 3, [], { version: 1 })];
    const out = rebaseOnFresh(current, base, fresh);
    expect(out.map((x) => x.serviceId)).toEqual([1, 2, 4]);
    expect(out[0]).toMatchObject({ tagIds: [5, 7], version: 4 });
    expect(out[1]).toBe(fresh[1]);
  });
  it('a restored service takes its saved place and leaves the order clean when the user had not reordered', () => {
    const base = [s(1, 1), s(3, 3)];
    const current = [s(1, 1), s(3, 3, [5])];
    // The server answers the restored service 2 at its saved position (sort 2).
    const fresh = [s(1, 1), s(2, 2, [], { version: 4 }), s(3, 3)];
    const out = rebaseOnFresh(current, base, fresh);
    expect(out.map((x) => x.serviceId)).toEqual([1, 2, 3]);
    expect(orderChanged(fresh, out)).toBe(false);
    expect(out[2].tagIds).toEqual([5]);
    // With an unsaved reorder the user's order stays (and is still dirty); the restored one comes last.
    const moved = rebaseOnFresh([s(3, 3), s(1, 1)], base, fresh);
    expect(moved.map((x) => x.serviceId)).toEqual([3, 1, 2]);
    expect(orderChanged(fresh, moved)).toBe(true);
  });
});

const product = (productId: number, extra: Partial<StackProductDraft> = {}): StackProductDraft => ({
  productId,
  moniker: `P${productId}`,
  description: '',
  calcType: 'perSeatPerMonth',
  chargeEstimate: 10,
  preferredFlag: 0,
  activeFlag: 1,
  sort: 1,
  ...extra,
});
const draft = (extra: Partial<StackServiceDraft> = {}): StackServiceDraft => ({
  serviceId: 1,
  moniker: 'Backup',
  description: '',
  categoryId: null,
  tagIds: [1],
  defaultApplicableFlag: 1,
  defaultAlignment: 'fully',
  defaultPartOfContractFlag: 0,
  defaultChargeEstimate: 0,
  defaultCalcType: 'adhoc',
  products: [product(10)],
  ...extra,
});

describe('the edit dialog', () => {
  it('no change (or only whitespace around names): nothing to save', () => {
    expect(serviceChanges(draft(), draft({ moniker: ' Backup ' }))).toEqual({});
  });
  it('names the changed fields; products travel whole when one changed', () => {
    const after = draft({
      moniker: 'Cloud Backup',
      categoryId: 4,
      defaultAlignment: 'partial',
      products: [product(10, { chargeEstimate: 12 }), product(-1)],
    });
    const c = serviceChanges(draft(), after);
    expect(Object.keys(c).sort()).toEqual(['categoryId', 'defaultAlignment', 'moniker', 'products']);
    expect(c.products?.map((p) => p.productId)).toEqual([10, -1]);
  });
  it('removing a saved product marks it for deletion (inactive, no longer preferred); a new one just leaves', () => {
    const ps = [product(10, { preferredFlag: 1 }), product(-2)];
    expect(removeProduct(ps, 10)[0]).toMatchObject({ productId: 10, activeFlag: 0, preferredFlag: 0 });
    expect(removeProduct(ps, -2).map((p) => p.productId)).toEqual([10]);
    expect(
      serviceChanges(draft({ products: ps }), draft({ products: removeProduct(ps, 10) })).products?.[0].activeFlag,
    ).toBe(0);
  });
  it('preferred flips for active products only', () => {
    expect(togglePreferred([product(10)], 10)[0].preferredFlag).toBe(1);
    expect(togglePreferred([product(10, { activeFlag: 0 })], 10)[0].preferredFlag).toBe(0);
  });
  it("validates the name, the charges and the active products' names", () => {
    expect(hasErrors(draftErrors(draft(), isChargeEstimate, MONIKER_MAX))).toBe(false);
    const e = draftErrors(
      draft({
        moniker: '  ',
        defaultChargeEstimate: 1.234,
        products: [
          product(10, { moniker: '' }),
          product(11, { chargeEstimate: -1 }),
          product(12, { moniker: '', activeFlag: 0 }),
        ],
      }),
      isChargeEstimate,
      MONIKER_MAX,
    );
    expect(e.moniker).toBe('Name is required.');
    expect(e.defaultChargeEstimate).toBeDefined();
    expect(Object.keys(e.products ?? {})).toEqual(['10', '11']);
  });
});

describe('Category Manager', () => {
  const cats = [
    { csStackCategoryId: 1, moniker: 'Security', sort: 1, serviceIds: [7] },
    { csStackCategoryId: 2, moniker: 'Backup', sort: 2, serviceIds: [] },
  ];
  it('a service belongs to at most one category', () => {
    const moved = assignService(cats, 7, 2);
    expect(moved.map((c) => c.serviceIds)).toEqual([[], [7]]);
    expect(assignService(moved, 7, null).map((c) => c.serviceIds)).toEqual([[], []]);
    expect(categoriesChanged(cats, moved)).toBe(true);
    expect(categoriesChanged(cats, assignService(cats, 7, 1))).toBe(false);
  });
  it('notices renames and new categories; flags empty and duplicate names', () => {
    expect(categoriesChanged(cats, [{ ...cats[0], moniker: 'Security ' }, cats[1]])).toBe(false);
    expect(categoriesChanged(cats, [{ ...cats[0], moniker: 'Sec' }, cats[1]])).toBe(true);
    expect(categoriesChanged(cats, [...cats, { csStackCategoryId: -1, moniker: 'New', sort: 3, serviceIds: [] }])).toBe(
      true,
    );
    expect(
      categoryErrors([
        ...cats,
        { csStackCategoryId: -1, moniker: 'security', sort: 3, serviceIds: [] },
        { csStackCategoryId: -2, moniker: ' ', sort: 4, serviceIds: [] },
      ]),
    ).toEqual({ [-1]: 'Another category is named security.', [-2]: 'Name is required.' });
  });
});
