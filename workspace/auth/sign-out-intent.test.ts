import { signOutWithoutAsking } from './sign-out-intent';

const origin = 'https://lci.example.com';

test('a navigation inside the workspace signs out at once', () => {
  expect(signOutWithoutAsking({ loadedPath: '/dashboard', referrer: '', origin })).toBe(true);
  expect(signOutWithoutAsking({ loadedPath: '/maintenance', referrer: 'https://evil.example/', origin })).toBe(true);
});

test('a document loaded at /signOut from another site (or with no referrer) asks first', () => {
  expect(signOutWithoutAsking({ loadedPath: '/signOut', referrer: 'https://evil.example/page', origin })).toBe(false);
  expect(signOutWithoutAsking({ loadedPath: '/signout', referrer: '', origin })).toBe(false);
  expect(signOutWithoutAsking({ loadedPath: null, referrer: 'not a url', origin })).toBe(false);
  expect(
    signOutWithoutAsking({ loadedPath: '/signOut', referrer: 'https://lci.example.com.evil.example/', origin }),
  ).toBe(false);
});

test('a document loaded at /signOut from a page of the workspace itself signs out', () => {
  expect(signOutWithoutAsking({ loadedPath: '/signOut', referrer: 'https://lci.example.com/dashboard', origin })).toBe(
    true,
  );
});
