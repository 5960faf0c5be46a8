/** The contacts import kind's rules, without a database: its columns, cells, review roles and company matching. */
import type { z } from 'zod';
import { companyMatcher, contactFinder, contactsImport, matchKey, reviewRoleOf } from '../import/contacts-import';

const parse = (row: Record<string, string>) => contactsImport.columns.safeParse(row);
const messages = (row: Record<string, string>) => {
  const r = parse(row);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

test('company and first_name are the required columns', () => {
  const required = Object.entries(contactsImport.columns.shape)
    .filter(([, schema]) => !(schema as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
  expect(required).toEqual(['company', 'first_name']);
  expect(contactsImport.kind).toBe('contacts');
});

test('cells: e-mail and phone as the API checks them, a review role by value or label, active as a flag', () => {
  const ok = parse({
    company: 'Acme',
    first_name: 'Dana',
    email: 'dana@acme.example',
    phone: '+1 555 010 2000 x12',
    review_role: 'decision maker',
    is_active: 'no',
  });
  expect(ok.success && ok.data).toMatchObject({ review_role: 'decisionMaker', is_active: false });
  expect(messages({ company: 'Acme', first_name: 'Dana', email: 'dana@', phone: 'ask reception' })).toEqual([
    'email: Invalid e-mail.',
    'phone: Invalid phone number: digits, spaces and + ( ) - . only, with an optional extension (x123).',
  ]);
  expect(messages({ company: 'Acme', first_name: 'Dana', review_role: 'CEO' })).toEqual([
    'review_role: Must be one of: Decision maker, Technical contact, Billing contact, Other',
  ]);
  expect(messages({ company: 'Acme', first_name: 'x'.repeat(81) })).toEqual(['first_name: Max 80 characters']);
});

test('review roles: values, labels and spellings in any case', () => {
  expect(reviewRoleOf('technicalContact')).toBe('technicalContact');
  expect(reviewRoleOf('Technical Contact')).toBe('technicalContact');
  expect(reviewRoleOf('billing_contact')).toBe('billingContact');
  expect(reviewRoleOf('OTHER')).toBe('other');
  expect(reviewRoleOf('owner')).toBeNull();
});

test('companies are matched by name in any case first, then by id', () => {
  const rows = [
    {
      tenant_company_id: 7,
      moniker: 'Acme Dental',
      is_active: true,
      assessment_only_flag: false,
      air_only_flag: false,
      seats: 1,
    },
    {
      tenant_company_id: 8,
      moniker: '7',
      is_active: true,
      assessment_only_flag: false,
      air_only_flag: false,
      seats: 1,
    },
  ];
  const match = companyMatcher(rows);
  expect(match(' acme dental ')?.tenant_company_id).toBe(7);
  expect(match('8')?.tenant_company_id).toBe(8);
  // A company named "7" wins over the company numbered 7.
  expect(match('7')?.tenant_company_id).toBe(8);
  expect(match('99')).toBeNull();
  expect(match('Nobody')).toBeNull();
});

test('a contact is matched by e-mail in any case, else by its name', () => {
  expect(matchKey({ first_name: 'Dana', last_name: 'W', email: 'Dana@X.example' })).toBe('e:dana@x.example');
  expect(matchKey({ first_name: 'Dana', last_name: 'Whitfield', email: null })).toBe('n:dana whitfield');
  expect(matchKey({ first_name: 'Dana' })).toBe('n:dana');
});

test('an imported row updates the contact with its e-mail, else one of its name (without an e-mail of its own)', () => {
  const contact = (contact_id: number, first_name: string, last_name: string, email: string | null) =>
    ({ contact_id, tenant_company_id: 1, first_name, last_name, email }) as Parameters<typeof contactFinder>[0][number];
  const find = contactFinder([
    contact(1, 'Dana', 'Whitfield', 'dana@acme.example'),
    contact(2, 'Ruth', 'Adeyemi', null),
    contact(3, 'Tom', 'Baker', 'tom@acme.example'),
  ]);
  expect(find(1, { first_name: 'Dana', last_name: 'Other', email: 'DANA@acme.example' })?.contact_id).toBe(1);
  expect(find(1, { first_name: 'ruth', last_name: 'adeyemi', email: 'ruth@acme.example' })?.contact_id).toBe(2);
  expect(find(1, { first_name: 'Tom', last_name: 'Baker' })?.contact_id).toBe(3);
  // Tom has another e-mail: a row with a new e-mail is another person of the same name.
  expect(find(1, { first_name: 'Tom', last_name: 'Baker', email: 'tom.b@acme.example' })).toBeUndefined();
  expect(find(2, { first_name: 'Dana', last_name: 'Whitfield', email: 'dana@acme.example' })).toBeUndefined();
});
