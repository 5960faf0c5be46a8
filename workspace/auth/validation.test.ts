import { validateEmail, validatePassword } from './validation';

test('e-mail: required, max 80, pattern', () => {
  expect(validateEmail('')).toBe('Required.');
  expect(validateEmail('   ')).toBe('Required.');
  expect(validateEmail(`${'a'.repeat(70)}@example.com`)).toBe('Max 80 characters');
  expect(validateEmail(`${'a'.repeat(68)}@example.com`)).toBeNull();
  expect(validateEmail('not-an-email')).toBe('Invalid e-mail.');
  expect(validateEmail('a@b')).toBe('Invalid e-mail.');
  expect(validateEmail('a b@c.com')).toBe('Invalid e-mail.');
  expect(validateEmail('admin@demo-msp.example')).toBeNull();
});
test('password: required', () => {
  expect(validatePassword('')).toBe('Required.');
  expect(validatePassword('x')).toBeNull();
});
