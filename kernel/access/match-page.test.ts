import type { AccessPage } from '../types';
import { matchPage, pageCandidates } from './match-page';

const ro = (url: string): AccessPage => ({ url, access_level: 'Read Only' });
const rw = (url: string): AccessPage => ({ url, access_level: 'Read/Write' });

describe('matchPage (platform.md section 5)', () => {
  test('an entry equal to the path matches', () => {
    expect(matchPage([ro('/contracts')], '/contracts')).toEqual(ro('/contracts'));
  });
  test('an entry equal to the path with a v2 or present suffix matches', () => {
    expect(matchPage([rw('/dashboardv2')], '/dashboard')).toEqual(rw('/dashboardv2'));
    expect(matchPage([rw('/qbrpresent')], '/qbr')).toEqual(rw('/qbrpresent'));
  });
  test('an entry equal to the path without its trailing slash matches', () => {
    expect(matchPage([ro('/assets')], '/assets/')).toEqual(ro('/assets'));
  });
  test('the exact entry wins over a suffixed one', () => {
    expect(matchPage([rw('/reportsv2'), ro('/reports')], '/reports')).toEqual(ro('/reports'));
    expect(matchPage([rw('/reportspresent'), ro('/reportsv2')], '/reports')).toEqual(ro('/reportsv2'));
  });
  test('no prefix, reverse-suffix or case-insensitive match', () => {
    expect(matchPage([ro('/contracts')], '/contracts/12')).toBeUndefined();
    expect(matchPage([ro('/contract')], '/contracts')).toBeUndefined();
    expect(matchPage([ro('/dashboard')], '/dashboardv2')).toBeUndefined();
    expect(matchPage([ro('/Contracts')], '/contracts')).toBeUndefined();
    expect(matchPage([ro('/assets/')], '/assets')).toBeUndefined();
    expect(matchPage([ro('/x')], '/x//')).toBeUndefined();
  });
  test('suffixes are not combined with the trailing slash rule', () => {
    expect(matchPage([ro('/qbrv2')], '/qbr/')).toBeUndefined();
    expect(matchPage([ro('/qbr/v2')], '/qbr/')).toEqual(ro('/qbr/v2'));
  });
  test('empty list, empty path and the root', () => {
    expect(matchPage([], '/dashboard')).toBeUndefined();
    expect(matchPage([ro('/')], '')).toBeUndefined();
    expect(matchPage([ro('/')], '/')).toEqual(ro('/'));
    expect(pageCandidates('/')).toEqual(['/', '/v2', '/present']);
  });
});
