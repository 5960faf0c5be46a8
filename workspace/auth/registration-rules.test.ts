import { MSG_NAME_REQUIRED, MSG_NAME_TOO_LONG, validatePersonName } from './registration-rules';
import { validateRegistrationPassword } from './validation';

test('names: required and fewer than 80 characters', () => {
  expect(validatePersonName('')).toBe(MSG_NAME_REQUIRED);
  expect(validatePersonName('   ')).toBe(MSG_NAME_REQUIRED);
  expect(validatePersonName('x'.repeat(79))).toBeNull();
  expect(validatePersonName('x'.repeat(80))).toBe(MSG_NAME_TOO_LONG);
  expect(validatePersonName(' Ada ')).toBeNull();
});

test('registration password: required, 8 to 80, upper, lower, number, special', () => {
  expect(validateRegistrationPassword('')).toBe('Required.');
  expect(validateRegistrationPassword('Aa1!')).toMatch(/at least 8/);
  expect(validateRegistrationPassword(`Aa1!${'x'.repeat(77)}`)).toMatch(/at most 80/);
  expect(validateRegistrationPassword(`Aa1!${'x'.repeat(76)}`)).toBeNull();
  expect(validateRegistrationPassword('aaaaaaa1!')).toMatch(/upper case/);
  expect(validateRegistrationPassword('AAAAAAA1!')).toMatch(/lower case/);
  expect(validateRegistrationPassword('Aaaaaaaa!')).toMatch(/number/);
  expect(validateRegistrationPassword('Aaaaaaa1+-')).toMatch(/special/);
});
