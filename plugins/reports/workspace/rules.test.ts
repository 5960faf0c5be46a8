import { canAdd, leaveUrl, moved, placeUrl, presentUrl, readPlace, slideFor, templateNameBody } from './rules';

describe('builder place in the query', () => {
  test('read and written back', () => {
    const p = readPlace('?templateId=4&vers=2&companyId=9&mode=review', false);
    expect(p).toEqual({ templateId: 4, vers: 2, companyId: 9, mode: 'review' });
    expect(placeUrl(p)).toBe('/reportbuilder?templateId=4&vers=2&companyId=9&mode=review');
  });
  test('Read Only users start in Review mode, others in Designer mode; junk is ignored', () => {
    expect(readPlace('?templateId=4', true).mode).toBe('review');
    expect(readPlace('?templateId=4', false).mode).toBe('designer');
    expect(readPlace('?templateId=x&vers=-1&companyId=1.5', false)).toEqual({
      templateId: null,
      vers: undefined,
      companyId: null,
      mode: 'designer',
    });
    expect(placeUrl({ templateId: null, companyId: 3, mode: 'review' })).toBe('/reportbuilder');
  });
});

describe('presentation', () => {
  test('its link names propTemplateId and vers, and the company when chosen', () => {
    expect(presentUrl(7, 3, null)).toBe('/reportbuilderpresent?propTemplateId=7&vers=3');
    expect(presentUrl(7, 3, 12)).toBe('/reportbuilderpresent?propTemplateId=7&vers=3&companyId=12');
  });
  test('Escape goes back to the builder in Review mode on the same report', () => {
    expect(leaveUrl('?propTemplateId=7&vers=3&companyId=12')).toBe(
      '/reportbuilder?templateId=7&vers=3&companyId=12&mode=review',
    );
    expect(leaveUrl('')).toBe('/reportbuilder');
  });
  test('keys move between slides within the deck', () => {
    expect(slideFor('ArrowRight', false, 0, 3)).toBe(1);
    expect(slideFor('PageDown', false, 2, 3)).toBe(2);
    expect(slideFor(' ', false, 1, 3)).toBe(2);
    expect(slideFor(' ', true, 1, 3)).toBe(0);
    expect(slideFor('ArrowLeft', false, 0, 3)).toBe(0);
    expect(slideFor('PageUp', false, 2, 3)).toBe(1);
    expect(slideFor('Home', false, 2, 3)).toBe(0);
    expect(slideFor('End', false, 0, 3)).toBe(2);
    expect(slideFor('End', false, 0, 0)).toBe(0);
    expect(slideFor('a', false, 0, 3)).toBeNull();
  });
});

describe('template names', () => {
  const problem = (name: string, taken: string[], own?: string) =>
    templateNameBody(taken, own).safeParse({ name }).error?.issues[0].message ?? null;
  test('required, at most 200 characters, unique in any case except the template itself', () => {
    expect(problem('  ', [])).toBe('Required.');
    expect(problem('x'.repeat(201), [])).toBe('Max 200 characters');
    expect(problem('qbr', ['QBR'])).toBe('A report template named "qbr" already exists. Choose another name.');
    expect(problem('QBR ', ['QBR'], 'qbr')).toBeNull();
    expect(problem('Monthly', ['QBR'])).toBeNull();
  });
});

describe('flyout and order', () => {
  test('a spec type waiting for its source can be added; another unavailable type cannot', () => {
    expect(canAdd({ available: true, origin: 'plugin' })).toBe(true);
    expect(canAdd({ available: false, origin: 'spec' })).toBe(true);
    expect(canAdd({ available: false, origin: 'plugin' })).toBe(false);
  });
  test('moving a component swaps it with its neighbour, never past the ends', () => {
    expect(moved(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 'a', -1)).toBeNull();
    expect(moved(['a', 'b', 'c'], 'c', 1)).toBeNull();
    expect(moved(['a'], 'x', 1)).toBeNull();
  });
});
