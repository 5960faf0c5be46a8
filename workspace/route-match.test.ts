import { findByPattern, matchPattern } from './route-match';

test('literal, params, wildcard, trailing slash, case', () => {
  expect(matchPattern('/dashboard', '/dashboard')).toEqual({});
  expect(matchPattern('/dashboard', '/dashboard/')).toEqual({});
  expect(matchPattern('/dashboard', '/Dashboard')).toEqual({});
  expect(matchPattern('/dashboard', '/dashboard/x')).toBeNull();
  expect(matchPattern('/meeting/:meetingId', '/meeting/12')).toEqual({ meetingId: '12' });
  expect(matchPattern('/meeting/:meetingId', '/meeting')).toBeNull();
  expect(matchPattern('/cs/*', '/cs/a/b')).toEqual({ '*': 'a/b' });
  expect(matchPattern('/', '/')).toEqual({});
  expect(matchPattern('/', '/x')).toBeNull();
});
test('first matching route wins', () => {
  const routes = [{ path: '/a/new' }, { path: '/a/:id' }];
  expect(findByPattern(routes, '/a/new')?.route.path).toBe('/a/new');
  expect(findByPattern(routes, '/a/3')?.params).toEqual({ id: '3' });
  expect(findByPattern(routes, '/b')).toBeNull();
});
