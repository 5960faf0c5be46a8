/** Plugin session data: loaded at session start and on demand, absent when off or failed, and seen by guard steps. */
import { runGuard, type GuardInput, type GuardStep } from './guard';
import { clearSessionData, loadSessionData, registerSessionData, reloadSessionData, sessionData } from './session-data';
import { sessionAtom, sessionDataAtom, store } from './state/atoms';
import type { Session } from './types';

function session(over: Partial<Session> = {}): Session {
  return {
    user: { isLciAdmin: false, isTenantAdmin: true } as Session['user'],
    tenant: { tenantId: 7, name: 'T', currency: 'USD', dateFormat: 'yyyy-mm-dd', regionCode: 'ue1' },
    tacAcceptance: true,
    userAccessPages: [{ url: '/dashboard', access_level: 'Read/Write' }],
    inMaintenance: false,
    maintenanceMessage: '',
    modules: [],
    pageModules: {},
    flags: {},
    impersonation: null,
    plugins: ['alpha', 'beta'],
    ...over,
  };
}

/** A load whose answer the test hands out. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let alphaCalls: number[] = [];
let alphaNext: () => Promise<unknown> = async () => ({ n: alphaCalls.length });
let betaNext: () => Promise<unknown> = async () => 'beta-data';
registerSessionData(
  [
    {
      key: 'alpha:data',
      load: async (s) => {
        alphaCalls.push(s.tenant!.tenantId);
        return alphaNext();
      },
    },
  ],
  'alpha',
);
registerSessionData([{ key: 'beta:data', load: () => betaNext() }], 'beta');

beforeEach(() => {
  alphaCalls = [];
  alphaNext = async () => ({ n: alphaCalls.length });
  betaNext = async () => 'beta-data';
  clearSessionData();
  store.set(sessionAtom, null);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('every registered key is loaded for the session and lands in the atom', async () => {
  await loadSessionData(session());
  expect(alphaCalls).toEqual([7]);
  expect(store.get(sessionDataAtom)).toEqual({ 'alpha:data': { n: 1 }, 'beta:data': 'beta-data' });
  expect(sessionData('beta:data')).toBe('beta-data');
});

test('a plugin that is off, or a session without a tenant, leaves its key absent', async () => {
  await loadSessionData(session({ plugins: ['alpha'] }));
  expect(store.get(sessionDataAtom)).toEqual({ 'alpha:data': { n: 1 } });
  await loadSessionData(session({ tenant: null }));
  expect(store.get(sessionDataAtom)).toEqual({});
  expect(alphaCalls).toEqual([7]);
});

test('a failed load leaves the key absent (and drops an older value); the other keys still load', async () => {
  await loadSessionData(session());
  betaNext = async () => {
    throw new Error('HTTP 500');
  };
  await loadSessionData(session());
  expect('beta:data' in store.get(sessionDataAtom)).toBe(false);
  expect(store.get(sessionDataAtom)['alpha:data']).toEqual({ n: 2 });
});

test('reloadSessionData loads one key again for the current session and resolves with the value', async () => {
  store.set(sessionAtom, session());
  await loadSessionData(session());
  alphaNext = async () => 'changed';
  await expect(reloadSessionData('alpha:data')).resolves.toBe('changed');
  expect(store.get(sessionDataAtom)).toEqual({ 'alpha:data': 'changed', 'beta:data': 'beta-data' });
  await expect(reloadSessionData('nope')).rejects.toThrow('no session data "nope" is registered');
});

test('without a session there is nothing to reload', async () => {
  await expect(reloadSessionData('alpha:data')).resolves.toBeUndefined();
  expect(alphaCalls).toEqual([]);
});

test('an older answer that arrives after a newer load is dropped', async () => {
  store.set(sessionAtom, session());
  const slow = deferred<unknown>();
  alphaNext = () => slow.promise;
  const first = loadSessionData(session());
  alphaNext = async () => 'new';
  await reloadSessionData('alpha:data');
  slow.resolve('old');
  await first;
  expect(sessionData('alpha:data')).toBe('new');
});

test('a load still in flight at sign-out does not bring data back', async () => {
  const slow = deferred<unknown>();
  alphaNext = () => slow.promise;
  const pending = loadSessionData(session());
  clearSessionData();
  slow.resolve('late');
  await pending;
  expect(sessionData('alpha:data')).toBeUndefined();
});

test('a key registered by two plugins is refused', () => {
  expect(() => registerSessionData([{ key: 'alpha:data', load: async () => 1 }], 'beta')).toThrow(
    /registered by alpha/,
  );
});

test('guard steps receive the data as input.extra[key]', async () => {
  await loadSessionData(session());
  const step: GuardStep = {
    step: 13,
    id: 't',
    run: (i) => (i.extra?.['beta:data'] === 'beta-data' ? { action: 'redirect', to: '/x' } : null),
  };
  const input: GuardInput = {
    path: '/dashboard',
    from: null,
    route: { title: 'D' },
    signedIn: true,
    session: session(),
    invalidLogin: false,
    inMaintenance: false,
    dirty: false,
    firstAccessiblePath: '/dashboard',
    extra: store.get(sessionDataAtom),
  };
  expect(runGuard(input, [step])).toMatchObject({ action: 'redirect', to: '/x', step: 13 });
  clearSessionData();
  expect(runGuard({ ...input, extra: store.get(sessionDataAtom) }, [step])).toMatchObject({ action: 'allow' });
});
