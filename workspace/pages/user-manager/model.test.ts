import {
  addedMessage,
  emptyForm,
  filterUsers,
  formOf,
  identityLocked,
  insertBody,
  invitationLabel,
  invitationUrl,
  statusOf,
  updateBody,
  usersUrl,
  validateUserForm,
  writeFailure,
  type ManagedUser,
} from './model';

const user = (over: Partial<ManagedUser> = {}): ManagedUser => ({
  user_id: 7,
  tenant_user_id: 70,
  username: 'sam@x.example',
  email: 'sam@x.example',
  name: 'Sam Patel',
  name_first: 'Sam',
  name_last: 'Patel',
  force_sso_flag: false,
  is_active: true,
  is_external: false,
  is_tenant_admin: false,
  security_group_id: 2,
  security_group_name: 'Account Managers',
  registration_pending: false,
  accept_timestamp: null,
  last_sign_in_at: null,
  is_home_tenant: true,
  ...over,
});

test('urls of the user manager routes', () => {
  expect(usersUrl(3)).toBe('/v3/tenantadmin/3/users');
  expect(usersUrl(3, 7)).toBe('/v3/tenantadmin/3/users/7');
  expect(usersUrl(3, 7, 'deactivate')).toBe('/v3/tenantadmin/3/users/7/deactivate');
  expect(usersUrl(3, 7, 'registrationemail')).toBe('/v3/tenantadmin/3/users/7/registrationemail');
});

test('validation: e-mail only when adding; names required and under 80; a group is required', () => {
  const f = emptyForm([]);
  expect(validateUserForm(f, true)).toEqual({
    email: 'Required.',
    name_first: 'Required.',
    name_last: 'Required.',
    security_group_id: 'Required.',
  });
  expect(
    validateUserForm({ ...f, email: 'nope', name_first: 'A', name_last: 'x'.repeat(80), security_group_id: 1 }, true),
  ).toEqual({ email: 'Invalid e-mail.', name_last: 'Must be less than 80 characters' });
  expect(validateUserForm({ ...f, email: '', name_first: 'A', name_last: 'B', security_group_id: 1 }, false)).toEqual(
    {},
  );
  expect(emptyForm([{ security_group_id: 4, name: 'G' }]).security_group_id).toBe(4);
});

test('insert body trims; update body carries only the changes', () => {
  expect(
    insertBody({
      ...emptyForm([]),
      email: ' a@b.example ',
      name_first: ' A ',
      name_last: 'B',
      security_group_id: 2,
      is_tenant_admin: true,
    }),
  ).toEqual({
    email: 'a@b.example',
    name_first: 'A',
    name_last: 'B',
    security_group_id: 2,
    is_tenant_admin: true,
    force_sso_flag: false,
  });
  const u = user();
  expect(updateBody(u, formOf(u))).toBeNull();
  expect(updateBody(u, { ...formOf(u), name_first: 'Samuel ', force_sso_flag: true, is_active: false })).toEqual({
    name_first: 'Samuel',
    force_sso_flag: true,
    is_active: false,
  });
});

test("a write with records_updated 0 fails with the server's errorMessage", () => {
  expect(writeFailure({ records_updated: 1 })).toBeNull();
  expect(writeFailure({ records_updated: 0, errorMessage: 'User Email Already Exists: a@b.example' })).toBe(
    'User Email Already Exists: a@b.example',
  );
  expect(writeFailure({ records_updated: 0 })).toBe('Could not update user');
});

test('status and filtering', () => {
  expect(statusOf(user())).toBe('Active');
  expect(statusOf(user({ registration_pending: true }))).toBe('Invitation pending');
  expect(statusOf(user({ is_active: false, registration_pending: true }))).toBe('Inactive');
  const list = [
    user({ user_id: 1, name: 'Zed', is_active: false }),
    user({ user_id: 2, name: 'Amy', email: 'amy@x.example' }),
    user({ user_id: 3, name: 'Bob', security_group_name: 'Administrators' }),
  ];
  expect(filterUsers(list, '').map((u) => u.user_id)).toEqual([2, 3, 1]);
  expect(filterUsers(list, 'admin').map((u) => u.user_id)).toEqual([3]);
  expect(filterUsers(list, 'AMY@').map((u) => u.user_id)).toEqual([2]);
});

test('a user whose home is another company: names and single sign-on are not sent, the membership is', () => {
  const u = user({ is_home_tenant: false });
  expect(identityLocked(u)).toBe(true);
  expect(identityLocked(user())).toBe(false);
  expect(updateBody(u, { ...formOf(u), name_first: 'Other', force_sso_flag: true })).toBeNull();
  expect(updateBody(u, { ...formOf(u), name_last: 'X', security_group_id: 5, is_active: false })).toEqual({
    security_group_id: 5,
    is_active: false,
  });
});

test("adding: an invitation of another company's user reads differently from an added user; invitations show their state", () => {
  const inv = {
    invitation_id: 9,
    email: 'kim@other.example',
    status: 'invited' as const,
    invited_at: '2026-01-01T00:00:00.000Z',
    expires_at: '2026-01-15T00:00:00.000Z',
  };
  expect(addedMessage({ records_updated: 1, invitation: inv }, 'kim@other.example')).toBe(
    'kim@other.example belongs to another company and was invited by e-mail; they join once they accept.',
  );
  expect(addedMessage({ records_updated: 1, user: user({ registration_pending: true }) }, 'x')).toBe(
    'sam@x.example added and invited by e-mail.',
  );
  expect(invitationLabel(inv)).toBe('Invited');
  expect(invitationLabel({ ...inv, status: 'expired' })).toBe('Invitation expired');
  expect(invitationUrl(3, 9)).toBe('/v3/tenantadmin/3/invitations/9');
});
