import {
  firstUnmetRule,
  newPasswordError,
  NEW_PASSWORD_POLICY,
  passwordRuleStates,
  REGISTRATION_PASSWORD_POLICY,
  SPECIAL_CHARACTERS,
} from '../../common/password-rules';
import { validateCode, validateNewPassword, validateRegistrationPassword } from './validation';

const unmet = (v: string, policy = NEW_PASSWORD_POLICY) =>
  passwordRuleStates(v, policy)
    .filter((r) => !r.met)
    .map((r) => r.id);

test('the special characters are exactly the set of section 5 (plus and minus do not count)', () => {
  expect([...SPECIAL_CHARACTERS].sort()).toEqual(
    [
      '^',
      '$',
      '*',
      '.',
      '[',
      ']',
      '{',
      '}',
      '(',
      ')',
      '?',
      '"',
      '!',
      '@',
      '#',
      '%',
      '&',
      '/',
      '\\',
      ',',
      '>',
      '<',
      "'",
      ':',
      ';',
      '|',
      '_',
      '~',
      '`',
    ].sort(),
  );
  for (const c of SPECIAL_CHARACTERS) expect(unmet(`Abcdefg1${c}`)).toEqual([]);
  expect(unmet('Abcdefg1+')).toEqual(['special']);
  expect(unmet('Abcdefg1-')).toEqual(['special']);
  expect(unmet('Abcdefg1 =')).toEqual(['special']);
});

test('new password (wizard, reset, change): 8 to 99 with a number, upper, lower and special', () => {
  expect(unmet('Abc#1234')).toEqual([]);
  expect(unmet('Abc#123')).toEqual(['minLength']);
  expect(unmet(`Ab#1${'x'.repeat(95)}`)).toEqual([]); // 99
  expect(unmet(`Ab#1${'x'.repeat(96)}`)).toEqual(['maxLength']); // 100
  expect(unmet('abc#defg')).toEqual(['number', 'upper']);
  expect(unmet('ABC#1234')).toEqual(['lower']);
  expect(unmet('')).toEqual(['minLength', 'number', 'upper', 'lower', 'special']);
  expect(unmet('Ééééééé1!')).toEqual([]); // letters beyond ASCII count
});

test('the live rules list carries each rule with its label and met/unmet', () => {
  expect(passwordRuleStates('abc')).toEqual([
    { id: 'minLength', label: 'At least 8 characters', met: false },
    { id: 'maxLength', label: 'At most 99 characters', met: true },
    { id: 'number', label: 'A number', met: false },
    { id: 'upper', label: 'An upper case letter', met: false },
    { id: 'lower', label: 'A lower case letter', met: true },
    {
      id: 'special',
      label: 'A special character: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \\ , > < \' : ; | _ ~ `',
      met: false,
    },
  ]);
});

test('errors name the first unmet rule; empty is Required.', () => {
  expect(validateNewPassword('')).toBe('Required.');
  expect(validateNewPassword('short')).toBe('Password must have at least 8 characters.');
  expect(validateNewPassword('abcdefgh')).toBe('Password must have a number.');
  expect(validateNewPassword('abcdefg1')).toBe('Password must have an upper case letter.');
  expect(validateNewPassword('ABCDEFG1')).toBe('Password must have a lower case letter.');
  expect(validateNewPassword('Abcdefg1+')).toMatch(/^Password must have a special character \(\^ \$ \*/);
  expect(validateNewPassword('Abcdefg1!')).toBeNull();
  expect(firstUnmetRule('Abcdefg1!')).toBeNull();
  expect(newPasswordError(`Ab#1${'x'.repeat(96)}`)).toBe('Password must have at most 99 characters.');
});

test('registration-key form: required, 8 to 80, upper, lower, number, special', () => {
  expect(validateRegistrationPassword('')).toBe('Required.');
  expect(validateRegistrationPassword(`Ab#1${'x'.repeat(76)}`)).toBeNull(); // 80
  expect(validateRegistrationPassword(`Ab#1${'x'.repeat(77)}`)).toBe('Password must have at most 80 characters.');
  expect(unmet('Abc#1234', REGISTRATION_PASSWORD_POLICY)).toEqual([]);
  expect(unmet('abc1234+', REGISTRATION_PASSWORD_POLICY)).toEqual(['upper', 'special']);
  expect(passwordRuleStates('', REGISTRATION_PASSWORD_POLICY)[1]).toEqual({
    id: 'maxLength',
    label: 'At most 80 characters',
    met: true,
  });
});

test('code field: required and digits only', () => {
  expect(validateCode('')).toBe('Required.');
  expect(validateCode('12a456')).toBe('The code has digits only.');
  expect(validateCode(' 123456 ')).toBeNull();
});
