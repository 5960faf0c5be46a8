import { accessLevelFor, matchAccessPage } from './access';
import type { AccessPage } from './types';

const pages: AccessPage[] = [
  { url: '/dashboard', access_level: 'Read/Write' },
  { url: '/reportbuilderv2', access_level: 'Read Only' },
  { url: '/assetlistpresent', access_level: 'Read/Write' },
  { url: '/contracts', access_level: 'Read Only' },
];

test('exact url matches', () => {
  expect(matchAccessPage(pages, '/dashboard')?.url).toBe('/dashboard');
});
test('path with a v2 or present suffix matches', () => {
  expect(matchAccessPage(pages, '/reportbuilder')?.url).toBe('/reportbuilderv2');
  expect(matchAccessPage(pages, '/assetlist')?.url).toBe('/assetlistpresent');
});
test('trailing slash is removed before matching', () => {
  expect(matchAccessPage(pages, '/contracts/')?.url).toBe('/contracts');
  // As on the server: an entry's own trailing slash is not trimmed (common/access-rule.ts).
  expect(matchAccessPage([{ url: '/contracts/', access_level: 'Read Only' }], '/contracts')).toBeUndefined();
});
test('other paths and prefixes do not match', () => {
  expect(matchAccessPage(pages, '/dash')).toBeUndefined();
  expect(matchAccessPage(pages, '/dashboard/extra')).toBeUndefined();
  expect(matchAccessPage(pages, '/report')).toBeUndefined();
});
test('access level: read only, read/write, none, LCI admin', () => {
  expect(accessLevelFor(pages, '/contracts')).toBe('Read Only');
  expect(accessLevelFor(pages, '/dashboard')).toBe('Read/Write');
  expect(accessLevelFor(pages, '/nowhere')).toBeNull();
  expect(accessLevelFor(pages, '/nowhere', true)).toBe('Read/Write');
});
