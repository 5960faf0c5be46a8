/**
 * TenantCompanyProfile (customer-success.md section 3: "Company profile: fields not shown"; chosen fields in the
 * README "Company detail"): industry, employeeCount, website, primary contact (name, e-mail, phone), customerSince,
 * notes. One per company; a company without one has an empty profile (version 0). Saving names the version read;
 * a stale one answers 409.
 */
import { z } from 'zod';
import { conflict, notFound, type Trx } from '../../../../kernel/index';
import type { CompanyProfile } from '../../shared/api';
import { isValidDay } from '../../shared/date-presets';
import { VALIDATION } from '../../../../common/email';

/** Absent: unchanged; '' or null: cleared. */
const keep = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);
const optText = (max: number) =>
  z.string().trim().max(max, `Max ${max} characters`).nullable().optional().transform(keep);

export const profileBody = z.object({
  industry: optText(100),
  employeeCount: z
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .max(10_000_000, 'Must be at most 10000000')
    .nullable()
    .optional(),
  website: z
    .string()
    .trim()
    .max(300, 'Max 300 characters')
    .nullable()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'Must start with http:// or https://')
    .transform(keep),
  primaryContactName: optText(120),
  primaryContactEmail: z
    .string()
    .trim()
    .max(80, VALIDATION.max80)
    .nullable()
    .optional()
    .refine((v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), VALIDATION.invalidEmail)
    .transform(keep),
  primaryContactPhone: optText(40),
  customerSince: z
    .string()
    .max(10, 'Must be a date (YYYY-MM-DD)')
    .nullable()
    .optional()
    .refine((v) => !v || isValidDay(v), 'Must be a date (YYYY-MM-DD)')
    .transform(keep),
  notes: optText(4000),
  /** The version read (0: no profile stored yet). */
  version: z.number({ error: VALIDATION.required }).int().min(0).max(Number.MAX_SAFE_INTEGER),
});
type ProfileBody = z.output<typeof profileBody>;

const COLS: [keyof CompanyProfile, string][] = [
  ['industry', 'industry'],
  ['employeeCount', 'employee_count'],
  ['website', 'website'],
  ['primaryContactName', 'primary_contact_name'],
  ['primaryContactEmail', 'primary_contact_email'],
  ['primaryContactPhone', 'primary_contact_phone'],
  ['customerSince', 'customer_since'],
  ['notes', 'notes'],
];

const day = (v: unknown) =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
      : String(v).slice(0, 10);

function toApi(id: number, r: Record<string, unknown> | undefined): CompanyProfile {
  const p: CompanyProfile = {
    tenantCompanyId: id,
    industry: null,
    employeeCount: null,
    website: null,
    primaryContactName: null,
    primaryContactEmail: null,
    primaryContactPhone: null,
    customerSince: null,
    notes: null,
    version: 0,
    updatedAt: null,
  };
  if (!r) return p;
  for (const [k, col] of COLS) (p as unknown as Record<string, unknown>)[k] = r[col] ?? null;
  p.employeeCount = r.employee_count === null || r.employee_count === undefined ? null : Number(r.employee_count);
  p.customerSince = day(r.customer_since);
  p.version = Number(r.version);
  p.updatedAt = new Date(r.updated_at as string).toISOString();
  return p;
}

async function companyExists(db: Trx, id: number): Promise<boolean> {
  return !!(await db('tenant_companies').first('tenant_company_id').where('tenant_company_id', id));
}

export async function getProfile(db: Trx, tenantCompanyId: number): Promise<CompanyProfile> {
  if (!(await companyExists(db, tenantCompanyId))) throw notFound('Company not found');
  const r = await db('cs_company_profiles').first('*').where('tenant_company_id', tenantCompanyId);
  return toApi(tenantCompanyId, r);
}

export async function saveProfile(
  db: Trx,
  tenantId: number,
  tenantCompanyId: number,
  body: ProfileBody,
  userId: number | null,
): Promise<CompanyProfile> {
  if (!(await companyExists(db, tenantCompanyId))) throw notFound('Company not found');
  const current = await db('cs_company_profiles')
    .first('version')
    .where('tenant_company_id', tenantCompanyId)
    .forUpdate();
  const stored = current ? Number(current.version) : 0;
  if (body.version !== stored)
    throw conflict(
      'This profile was changed by someone else since you loaded it. Reload it and apply your change again.',
    );
  const cols: Record<string, unknown> = {};
  for (const [k, col] of COLS)
    if ((body as Record<string, unknown>)[k] !== undefined) cols[col] = (body as Record<string, unknown>)[k];
  if (current) {
    await db('cs_company_profiles')
      .where('tenant_company_id', tenantCompanyId)
      .update({ ...cols, version: stored + 1, updated_by: userId, updated_at: db.fn.now() });
  } else {
    await db('cs_company_profiles').insert({
      tenant_id: tenantId,
      tenant_company_id: tenantCompanyId,
      ...cols,
      version: 1,
      updated_by: userId,
    });
  }
  return getProfile(db, tenantCompanyId);
}

/** Companies whose profile has at least one field filled in (a data quality check). */
export async function companiesWithProfile(db: Trx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db('cs_company_profiles')
    .select('tenant_company_id')
    .whereIn('tenant_company_id', ids)
    .where((q) => {
      for (const [, col] of COLS) q.orWhereNotNull(col);
    });
  return new Set(rows.map((r) => Number(r.tenant_company_id)));
}
