/** SQL of the client contacts, and nothing else: each function takes the caller's transaction (tenant-scoped under RLS). */
import type { Knex } from 'knex';
import type { Trx } from '../../../kernel/index';
import type { DbRow } from '../../../common/db-row';
import type { Contact, UserListQuery } from '../shared/api';
import { contactName, type ContactSource, type contactFields } from '../shared/contact-fields';

export const CONTACTS_TABLE = 'tenant_company_contacts';

/** A row as read: the answer's fields but the name (toContact joins it); ids and version may be text, times Date. */
type ContactDbRow = DbRow<
  Omit<Contact, 'name'>,
  'contact_id' | 'tenant_company_id' | 'version',
  'created_at' | 'updated_at'
>;

/** The stored values of a contact a write sets: every editable field (shared/contact-fields.ts `contactFields`). */
export type ContactValues = Pick<Contact, keyof typeof contactFields.shape>;

const iso = (v: Date | string) => new Date(v).toISOString();

/** A row as the API answers it (bigint ids arrive as strings, times as Date). */
function toContact(r: ContactDbRow): Contact {
  return {
    contact_id: Number(r.contact_id),
    tenant_company_id: Number(r.tenant_company_id),
    company_moniker: r.company_moniker,
    first_name: r.first_name,
    last_name: r.last_name,
    name: contactName(r),
    email: r.email,
    phone: r.phone,
    title: r.title,
    review_role: r.review_role,
    is_active: r.is_active,
    source: r.source,
    version: Number(r.version),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

const COLUMNS = [
  'c.contact_id',
  'c.tenant_company_id',
  'co.moniker as company_moniker',
  'c.first_name',
  'c.last_name',
  'c.email',
  'c.phone',
  'c.title',
  'c.review_role',
  'c.is_active',
  'c.source',
  'c.version',
  'c.created_at',
  'c.updated_at',
];

function base(db: Trx): Knex.QueryBuilder {
  return db(`${CONTACTS_TABLE} as c`).join('tenant_companies as co', function () {
    this.on('co.tenant_id', 'c.tenant_id').andOn('co.tenant_company_id', 'c.tenant_company_id');
  });
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Sort columns of the list (ties broken by the contact id, so pages never overlap). */
/** A contact without a last name sorts by its first name among the last names. */
const BY_NAME = ["lower(coalesce(nullif(c.last_name, ''), c.first_name))", 'lower(c.first_name)'];
const SORTS: Record<UserListQuery['sort'], string[]> = {
  name: BY_NAME,
  email: ['lower(c.email)'],
  company: ['lower(co.moniker)', ...BY_NAME],
  title: ['lower(c.title)'],
  review_role: ['c.review_role'],
  updated_at: ['c.updated_at'],
};

/** One page of contacts matching the filters, with the number matching on every page. */
export async function selectContacts(db: Trx, q: UserListQuery): Promise<{ rows: Contact[]; total: number }> {
  const qb = base(db);
  if (q.tenantCompanyId !== undefined) qb.where('c.tenant_company_id', q.tenantCompanyId);
  if (q.review_role) qb.where('c.review_role', q.review_role);
  if (q.source) qb.where('c.source', q.source);
  if (q.active !== undefined) qb.where('c.is_active', q.active);
  if (q.hasEmail === true) qb.whereNotNull('c.email');
  if (q.hasEmail === false) qb.whereNull('c.email');
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    qb.where((w) =>
      w
        .whereRaw(`(c.first_name || ' ' || c.last_name) ilike ?`, [like])
        .orWhereILike('c.email', like)
        .orWhereILike('c.phone', like)
        .orWhereILike('c.title', like),
    );
  }
  const [{ n }] = await qb.clone().count({ n: '*' });
  const dir = q.dir === 'desc' ? 'desc' : 'asc';
  const ordered = qb.clone().select(COLUMNS);
  for (const col of SORTS[q.sort]) ordered.orderByRaw(`${col} ${dir} nulls last`);
  ordered.orderBy('c.contact_id', dir);
  const rows = await ordered.limit(q.pageSize).offset((q.page - 1) * q.pageSize);
  return { rows: rows.map(toContact), total: Number(n) };
}

export async function selectContact(db: Trx, companyId: number, contactId: number): Promise<Contact | null> {
  const row = await base(db).where({ 'c.contact_id': contactId, 'c.tenant_company_id': companyId }).first(COLUMNS);
  return row ? toContact(row as ContactDbRow) : null;
}

/** Contacts of the companies given (every field), for matching imported rows. */
export async function selectContactsOfCompanies(db: Trx, companyIds: readonly number[]): Promise<Contact[]> {
  if (!companyIds.length) return [];
  const rows = await base(db)
    .whereIn('c.tenant_company_id', [...new Set(companyIds)])
    .select(COLUMNS)
    .orderBy('c.contact_id');
  return rows.map(toContact);
}

/** The active contacts of a company that have an e-mail, by name. */
export async function selectActiveWithEmail(db: Trx, companyId: number): Promise<Contact[]> {
  const rows = await base(db)
    .where({ 'c.tenant_company_id': companyId, 'c.is_active': true })
    .whereNotNull('c.email')
    .select(COLUMNS)
    .orderByRaw(`${BY_NAME.join(', ')}, c.contact_id`);
  return rows.map(toContact);
}

/** The id of another contact of the company with this e-mail (any case), or null. */
export async function contactIdWithEmail(
  db: Trx,
  companyId: number,
  email: string,
  exceptId?: number,
): Promise<number | null> {
  const q = db(CONTACTS_TABLE).where({ tenant_company_id: companyId }).whereRaw('lower(email) = lower(?)', [email]);
  if (exceptId !== undefined) q.whereNot({ contact_id: exceptId });
  const row = await q.first('contact_id');
  return row ? Number(row.contact_id) : null;
}

export async function insertContact(
  db: Trx,
  tenantId: number,
  companyId: number,
  v: ContactValues,
  source: ContactSource,
): Promise<number> {
  const [row] = await db(CONTACTS_TABLE)
    .insert({ tenant_id: tenantId, tenant_company_id: companyId, ...v, source })
    .returning('contact_id');
  return Number((row as { contact_id: string | number }).contact_id);
}

/** Updates when the stored version is `version` (any version when undefined); answers the rows changed (0 or 1). */
export async function updateContact(
  db: Trx,
  companyId: number,
  contactId: number,
  version: number | undefined,
  patch: Partial<ContactValues>,
): Promise<number> {
  const q = db(CONTACTS_TABLE).where({ contact_id: contactId, tenant_company_id: companyId });
  if (version !== undefined) q.where({ version });
  return q.update({ ...patch, version: db.raw('version + 1'), updated_at: db.fn.now() });
}

export async function deleteContact(
  db: Trx,
  companyId: number,
  contactId: number,
  version: number | undefined,
): Promise<number> {
  const q = db(CONTACTS_TABLE).where({ contact_id: contactId, tenant_company_id: companyId });
  if (version !== undefined) q.where({ version });
  return q.delete();
}

/** Those of the ids that name contacts of the tenant (RLS scopes the query). */
export async function existingContactIds(db: Trx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db(CONTACTS_TABLE)
    .whereIn('contact_id', [...new Set(ids)])
    .pluck('contact_id');
  return rows.map(Number);
}
