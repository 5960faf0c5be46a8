/** The sign-in state machine with an in-memory store: challenges decided by rules, answered by responders. */
import { CHALLENGE_RULES, maskPhone } from './challenges';
import { LoginMachine, MAX_CHALLENGE_ATTEMPTS, type LoginStateStore } from './machine';
import type { ChallengeResponder, LoginState, LoginUser } from './types';

function memoryStore(): LoginStateStore & { map: Map<string, LoginState> } {
  const map = new Map<string, LoginState>();
  return {
    map,
    get: async (k) => map.get(k),
    set: async (k, v) => {
      map.set(k, v);
    },
    delete: async (k) => {
      map.delete(k);
    },
  };
}

const base: LoginUser = {
  userId: 7,
  username: 'a@b.com',
  email: 'a@b.com',
  active: true,
  confirmed: true,
  forceNewPassword: false,
  mfaType: null,
  idProviderName: 'lifecycle',
  phoneNumber: '+15551234567',
};

function setup(user: LoginUser) {
  const store = memoryStore();
  const users = new Map([[user.userId, { ...user }]]);
  const machine = new LoginMachine(store, async (id) => users.get(id) ?? null, CHALLENGE_RULES);
  return { store, users, machine };
}

const sms: ChallengeResponder = {
  challenge: 'SMS_MFA',
  amr: 'sms',
  respond: async (_u, a) =>
    a.code === '123456' ? null : { status: 401, code: 'CodeMismatchException', message: 'Invalid code.' },
};

test('no challenge applies: authenticated right after the password', async () => {
  const { machine, store } = setup(base);
  expect(await machine.start('u1', { ok: true, user: base, amr: ['pwd'] })).toEqual({
    kind: 'authenticated',
    userId: 7,
    amr: ['pwd'],
  });
  expect(store.map.size).toBe(0);
});

test('a failed primary factor is passed through and leaves no state', async () => {
  const { machine, store } = setup(base);
  const failure = { status: 401, code: 'NotAuthorizedException', message: 'Login failed.' };
  expect(await machine.start('u1', { ok: false, failure })).toEqual({ kind: 'failed', failure });
  expect(store.map.size).toBe(0);
});

test('SMS_MFA: pending until the right code, then authenticated with sms in amr', async () => {
  const user = { ...base, mfaType: 'SMS_MFA' };
  const { machine, store } = setup(user);
  machine.registerResponder(sms);
  const step = await machine.start('u1', { ok: true, user, amr: ['pwd'] });
  expect(step).toEqual({
    kind: 'challenge',
    challenge: 'SMS_MFA',
    userId: 7,
    parameters: { destination: '********4567' },
    terminal: false,
  });
  expect(store.map.get('u1')?.pending).toBe('SMS_MFA');
  expect(await machine.answer('u1', 'SOFTWARE_TOKEN_MFA', {})).toMatchObject({
    kind: 'failed',
    failure: { code: 'InvalidParameterException' },
  });
  expect(await machine.answer('u1', 'SMS_MFA', { code: '000000' })).toMatchObject({
    kind: 'failed',
    failure: { code: 'CodeMismatchException' },
  });
  expect(store.map.get('u1')?.attempts).toBe(1);
  expect(await machine.answer('u1', 'SMS_MFA', { code: '123456' })).toEqual({
    kind: 'authenticated',
    userId: 7,
    amr: ['pwd', 'sms'],
  });
  expect(store.map.size).toBe(0);
});

test('too many wrong answers end the sign-in', async () => {
  const user = { ...base, mfaType: 'SMS_MFA' };
  const { machine, store } = setup(user);
  machine.registerResponder(sms);
  await machine.start('u1', { ok: true, user, amr: ['pwd'] });
  for (let i = 1; i < MAX_CHALLENGE_ATTEMPTS; i++)
    expect((await machine.answer('u1', 'SMS_MFA', { code: 'x' })).kind).toBe('failed');
  expect(await machine.answer('u1', 'SMS_MFA', { code: 'x' })).toMatchObject({
    kind: 'failed',
    failure: { message: 'Too many failed attempts. Please sign in again.' },
  });
  expect(store.map.size).toBe(0);
  expect(await machine.answer('u1', 'SMS_MFA', { code: '123456' })).toMatchObject({
    kind: 'failed',
    failure: { code: 'InvalidParameterException' },
  });
});

test('challenges chain in rule order; the next rule sees the user as updated by the answer', async () => {
  const user = { ...base, forceNewPassword: true, mfaType: 'SOFTWARE_TOKEN_MFA' };
  const { machine, users } = setup(user);
  machine.registerResponder({
    challenge: 'NEW_PASSWORD_REQUIRED',
    respond: async (u) => {
      users.get(u.userId)!.forceNewPassword = false;
      return null;
    },
  });
  machine.registerResponder({ challenge: 'SOFTWARE_TOKEN_MFA', amr: 'otp', respond: async () => null });
  expect(await machine.start('u1', { ok: true, user, amr: ['pwd'] })).toMatchObject({
    kind: 'challenge',
    challenge: 'NEW_PASSWORD_REQUIRED',
  });
  expect(await machine.answer('u1', 'NEW_PASSWORD_REQUIRED', { newPassword: 'N3w#password' })).toMatchObject({
    kind: 'challenge',
    challenge: 'SOFTWARE_TOKEN_MFA',
  });
  expect(await machine.answer('u1', 'SOFTWARE_TOKEN_MFA', { code: '1' })).toEqual({
    kind: 'authenticated',
    userId: 7,
    amr: ['pwd', 'otp'],
  });
});

test('unconfirmed users stop at a terminal UserNotConfirmedException; a challenge without responder is refused', async () => {
  const { machine, store } = setup({ ...base, confirmed: false });
  expect(await machine.start('u1', { ok: true, user: { ...base, confirmed: false }, amr: ['pwd'] })).toMatchObject({
    kind: 'challenge',
    challenge: 'UserNotConfirmedException',
    terminal: true,
  });
  expect(store.map.size).toBe(0);
  const m2 = setup({ ...base, mfaType: 'SMS_MFA' });
  await m2.machine.start('u2', { ok: true, user: { ...base, mfaType: 'SMS_MFA' }, amr: ['pwd'] });
  expect(await m2.machine.answer('u2', 'SMS_MFA', { code: '123456' })).toMatchObject({
    kind: 'failed',
    failure: { code: 'ChallengeNotSupported' },
  });
});

test('a user disabled during the sign-in cannot finish it', async () => {
  const user = { ...base, mfaType: 'SMS_MFA' };
  const { machine, users } = setup(user);
  machine.registerResponder(sms);
  await machine.start('u1', { ok: true, user, amr: ['pwd'] });
  users.get(7)!.active = false;
  expect(await machine.answer('u1', 'SMS_MFA', { code: '123456' })).toMatchObject({
    kind: 'failed',
    failure: { message: 'User is disabled.' },
  });
});

test('maskPhone keeps the last four digits', () => {
  expect(maskPhone('+15551234567')).toBe('********4567');
  expect(maskPhone(null)).toBeNull();
});
