/**
 * `lci import contacts` and the import page's "Contacts" kind (platform.md 2.4 "user imports"): client contacts of
 * existing companies, named by name (any case) or by id. A row whose company already has a contact with the same
 * e-mail (or, without an e-mail, the same first and last name) updates that contact with the columns given; any other
 * row adds a contact with source "csv". All or nothing, or per-row rejections with --skip-invalid, as every kind.
 */
import { z } from 'zod';
import type { Trx } from '../../../kernel/index';
import { csvCell, defineCsvImport, listCompanies, type CompanyRow, type CsvRejection } from '../../companies/public';
import {
  EMAIL_MAX,
  NAME_MAX,
  PHONE_MAX,
  REVIEW_ROLES,
  REVIEW_ROLE_LABELS,
  TITLE_MAX,
  contactName,
  emailProblem,
  phoneProblem,
  type ReviewRole,
} from '../shared/contact-fields';
import { insertContact, selectContactsOfCompanies, updateContact, type ContactValues } from '../server/store';
import type { Contact } from '../shared/api';

const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** A review role by its value or label, in any case and spacing ("Decision maker", "decision_maker"). */
export function reviewRoleOf(cell: string): ReviewRole | null {
  const key = squash(cell);
  return REVIEW_ROLES.find((r) => squash(r) === key || squash(REVIEW_ROLE_LABELS[r]) === key) ?? null;
}

const checked = (max: number, problem: (v: string) => string | null) =>
  csvCell.text(max).superRefine((v, ctx) => {
    const p = problem(v);
    if (p) ctx.addIssue({ code: 'custom', message: p });
  });

const reviewRoleCell = () =>
  z.string().transform((v, ctx) => {
    const role = reviewRoleOf(v);
    if (!role) {
      ctx.addIssue({
        code: 'custom',
        message: `Must be one of: ${REVIEW_ROLES.map((r) => REVIEW_ROLE_LABELS[r]).join(', ')}`,
      });
      return z.NEVER;
    }
    return role;
  });

/** The tenant's companies by lower-case name and by id: a name wins; a whole number names an id otherwise. */
export function companyMatcher(companies: readonly CompanyRow[]): (cell: string) => CompanyRow | null {
  const byName = new Map(companies.map((c) => [c.moniker.trim().toLowerCase(), c]));
  const byId = new Map(companies.map((c) => [c.tenant_company_id, c]));
  return (cell) =>
    byName.get(cell.trim().toLowerCase()) ?? (/^\d+$/.test(cell) ? byId.get(Number(cell)) : null) ?? null;
}

/**
 * The existing contact a row updates, within its company: the one with the row's e-mail (any case); failing that (or
 * without an e-mail in the row) one with the row's name, which for a row with an e-mail must have none itself.
 */
export function contactFinder(
  contacts: readonly Contact[],
): (
  companyId: number,
  row: { first_name: string; last_name?: string | null; email?: string | null },
) => Contact | undefined {
  const byKey = new Map<string, Contact>();
  const nameKey = (c: { first_name: string; last_name?: string | null }) =>
    `n:${contactName({ first_name: c.first_name, last_name: c.last_name ?? '' }).toLowerCase()}`;
  for (const c of contacts) {
    if (c.email) byKey.set(`${c.tenant_company_id}|${matchKey(c)}`, c);
    const n = `${c.tenant_company_id}|${nameKey(c)}`;
    if (!byKey.has(n)) byKey.set(n, c);
  }
  return (companyId, row) => {
    const byName = byKey.get(`${companyId}|${nameKey(row)}`);
    if (!row.email) return byName;
    return byKey.get(`${companyId}|${matchKey(row)}`) ?? (byName && !byName.email ? byName : undefined);
  };
}

/** The key a row or contact is matched on within its company: its e-mail, else its name. */
export function matchKey(c: { first_name: string; last_name?: string | null; email?: string | null }): string {
  return c.email
    ? `e:${c.email.toLowerCase()}`
    : `n:${contactName({ first_name: c.first_name, last_name: c.last_name ?? '' }).toLowerCase()}`;
}

const columns = z.object({
  company: csvCell.text(200),
  first_name: csvCell.text(NAME_MAX),
  last_name: csvCell.text(NAME_MAX).optional(),
  email: checked(EMAIL_MAX, emailProblem).optional(),
  phone: checked(PHONE_MAX, phoneProblem).optional(),
  title: csvCell.text(TITLE_MAX).optional(),
  review_role: reviewRoleCell().optional(),
  is_active: csvCell.bool().optional(),
});
type Row = z.output<typeof columns>;

async function matcherFor(trx: Trx) {
  return companyMatcher(await listCompanies(trx));
}

export const contactsImport = defineCsvImport({
  kind: 'contacts',
  title: 'Contacts',
  description:
    'Client contacts of existing companies (by name or id): a contact with the same e-mail, or without one the same name, is updated; others are added.',
  columns,
  aliases: {
    company_name: 'company',
    company_id: 'company',
    tenant_company_id: 'company',
    first: 'first_name',
    firstname: 'first_name',
    given_name: 'first_name',
    last: 'last_name',
    lastname: 'last_name',
    surname: 'last_name',
    e_mail: 'email',
    email_address: 'email',
    phone_number: 'phone',
    job_title: 'title',
    role: 'review_role',
    active: 'is_active',
  },
  help: {
    company: 'Name of an existing company (any case) or its id (required)',
    first_name: 'First name (required)',
    last_name: 'Last name',
    email: 'E-mail; unique within the company (matches an existing contact)',
    phone: 'Phone: digits, spaces and + ( ) - . with an optional extension (x123)',
    title: 'Job title',
    review_role: `Role in reviews: ${REVIEW_ROLES.map((r) => REVIEW_ROLE_LABELS[r]).join(', ')} (default Other)`,
    is_active: 'true or false (default true for a new contact)',
  },
  example: {
    company: 'Acme Dental Group',
    first_name: 'Dana',
    last_name: 'Whitfield',
    email: 'dana.whitfield@acmedental.example',
    phone: '+1 555 010 2000',
    title: 'Office Manager',
    review_role: 'Decision maker',
    is_active: 'true',
  },

  async check(trx, _tenantId, rows) {
    const match = await matcherFor(trx);
    const first = new Map<string, number>();
    const out: CsvRejection[] = [];
    for (const { line, row } of rows) {
      const company = match(row.company);
      if (!company) {
        out.push({ line, reasons: [`company: No company is named or numbered "${row.company.slice(0, 80)}"`] });
        continue;
      }
      const key = `${company.tenant_company_id}|${matchKey(row)}`;
      const seen = first.get(key);
      if (seen !== undefined) {
        const what = row.email
          ? `email: "${row.email}"`
          : `first_name: "${contactName({ first_name: row.first_name, last_name: row.last_name ?? '' })}"`;
        out.push({ line, reasons: [`${what} appears again for ${company.moniker} (first on line ${seen})`] });
      } else first.set(key, line);
    }
    return out;
  },

  async apply(trx, tenantId, rows: Row[]) {
    const match = await matcherFor(trx);
    const resolved = rows.map((row) => ({ row, company: match(row.company)! }));
    const found = contactFinder(
      await selectContactsOfCompanies(
        trx,
        resolved.map((r) => r.company.tenant_company_id),
      ),
    );
    let inserted = 0;
    let updated = 0;
    for (const { row, company } of resolved) {
      const have = found(company.tenant_company_id, row);
      const given: Partial<ContactValues> = Object.fromEntries(
        Object.entries({
          first_name: row.first_name,
          last_name: row.last_name,
          email: row.email,
          phone: row.phone,
          title: row.title,
          review_role: row.review_role,
          is_active: row.is_active,
        }).filter(([, v]) => v !== undefined),
      );
      if (have) {
        await updateContact(trx, company.tenant_company_id, have.contact_id, undefined, given);
        updated++;
      } else {
        await insertContact(
          trx,
          tenantId,
          company.tenant_company_id,
          {
            first_name: row.first_name,
            last_name: row.last_name ?? '',
            email: row.email ?? null,
            phone: row.phone ?? null,
            title: row.title ?? null,
            review_role: row.review_role ?? 'other',
            is_active: row.is_active ?? true,
          },
          'csv',
        );
        inserted++;
      }
    }
    return { inserted, updated };
  },
});
