/**
 * The sign-up rules exist once (shared/signup-rules.ts): the server's schemas refuse what the wizard refuses,
 * with the same message, and the wizard's password is also checked against the common-password list.
 */
import { MSG_COMMON_PASSWORD } from '../../../kernel/index';
import {
  companyName,
  emailDomain,
  identitySignupBody,
  phone,
  signupEmail,
  website,
  wizardPassword,
} from '../server/signup/schemas';
import {
  validateCompany,
  validateEmailDomain,
  validatePhone,
  validateWebsite,
  validateWizardEmail,
  validateWizardName,
  validateWizardPassword,
} from '../shared/signup-rules';
import type { z } from 'zod';

/** The server's first message for a value, or null when it accepts it. */
const serverSays = (schema: z.ZodType, value: string): string | null => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

test.each([
  [
    'e-mail',
    signupEmail,
    validateWizardEmail,
    ['ada@acme-it.com', '', 'not an e-mail', `${'a'.repeat(75)}@x.com`, ' ada@acme.io '],
  ],
  ['e-mail domain', emailDomain, validateEmailDomain, ['acme-it.com', 'ACME.io', '', 'not a domain', 'acme', '-x.com']],
  [
    'website',
    website,
    validateWebsite,
    ['', 'https://acme-it.com', 'http://acme.io/about', 'ftp://acme.io', 'https://localhost', 'acme.io'],
  ],
  ['phone', phone, validatePhone, ['', '+1 (555) 010-2030', '555-0100', 'call me', '12']],
  ['company', companyName, validateCompany, ['Acme IT', '', ' ', 'x'.repeat(100), 'x'.repeat(101)]],
  [
    'password',
    wizardPassword,
    validateWizardPassword,
    ['Wizard#Signup1', '', 'short1!A', 'nouppercase#1', 'NoNumber#x', 'NoSpecial1x'],
  ],
] as [string, z.ZodType, (v: string) => string | null, string[]][])(
  '%s: the server and the wizard agree',
  (_field, schema, validate, values) => {
    for (const v of values) expect([v, serverSays(schema, v)]).toEqual([v, validate(v)]);
  },
);

test("the identity sign-up's name takes the characters the wizard's names take", () => {
  const name = identitySignupBody.shape.attributes.shape.name;
  for (const v of ['Ada Lovelace', 'Zoë-Ann 2 King', "O'Brien", 'Ada<script>', ''])
    expect([v, serverSays(name, v)]).toEqual([v, validateWizardName(v)]);
});

test("the wizard's password: a common password is refused by the server with the common-password message", () => {
  expect(validateWizardPassword('Welcome2024!')).toBeNull(); // the spec's rules pass; the list lives on the server
  expect(serverSays(wizardPassword, 'Welcome2024!')).toBe(MSG_COMMON_PASSWORD);
  expect(serverSays(wizardPassword, 'Lifecycle#2024')).toBeNull();
});
