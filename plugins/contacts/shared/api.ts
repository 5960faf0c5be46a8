/**
 * The contacts API (customer-success.md 7 "Other company-scoped endpoints": `contact` and `userList`; the shapes are
 * this plugin's design, see README.md): zod schemas of every route's request and response. The server validates
 * with them and the workspace infers its types from them. Pure: imports zod and common/ only.
 */
import { z } from 'zod';
import { CONTACT_SOURCES, REVIEW_ROLES, contactFields } from './contact-fields';

const id = z.coerce.number().int().positive();
const int = z.number().int();

export const tenantParams = z.object({ tenantId: id });
export const companyParams = tenantParams.extend({ tenantCompanyId: id });
export const contactParams = companyParams.extend({ contactId: id });

/** Paths, for the workspace and tests. */
export const contactPaths = {
  list: (tenantId: number) => `/v3/tenant/${tenantId}/userList`,
  companyList: (tenantId: number, companyId: number) => `/v3/tenant/${tenantId}/company/${companyId}/userList`,
  create: (tenantId: number, companyId: number) => `/v3/tenant/${tenantId}/company/${companyId}/contact`,
  one: (tenantId: number, companyId: number, contactId: number) =>
    `/v3/tenant/${tenantId}/company/${companyId}/contact/${contactId}`,
};

/**
 * A contact as every route answers it. Kept one flat object so fields can be added (custom fields add theirs with
 * `contactRow.extend({...})` where they answer them).
 */
export const contactRow = z.object({
  contact_id: int.positive(),
  tenant_company_id: int.positive(),
  company_moniker: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** first and last name joined. */
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  review_role: z.enum(REVIEW_ROLES),
  is_active: z.boolean(),
  source: z.enum(CONTACT_SOURCES),
  version: int.positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contact = z.infer<typeof contactRow>;

/** POST company/{id}/contact: review_role defaults to other, is_active to true; source is manual. */
export const createContactBody = contactFields;
export type CreateContactBody = z.input<typeof createContactBody>;

/** PUT company/{id}/contact/{contactId}: the fields to change and the version the editor read (required). */
export const updateContactBody = contactFields.partial().extend({ version: z.number().int().positive() });
export type UpdateContactBody = z.input<typeof updateContactBody>;

/** DELETE company/{id}/contact/{contactId}?version=N (version optional: a stale one answers 409). */
export const deleteContactQuery = z.object({ version: z.coerce.number().int().positive().optional() });

export const contactAnswer = z.object({ contact: contactRow });
export const contactWriteAnswer = z.object({ contact: contactRow, records_updated: z.literal(1) });
export const contactDeleteAnswer = z.object({ records_updated: z.literal(1), contact_id: int.positive() });

export const USER_LIST_SORTS = ['name', 'email', 'company', 'title', 'review_role', 'updated_at'] as const;
export type UserListSort = (typeof USER_LIST_SORTS)[number];
export const USER_LIST_PAGE_SIZE = 25;
export const USER_LIST_PAGE_SIZE_MAX = 200;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET userList and company/{id}/userList: filters, sort and page. */
export const userListQuery = z.object({
  /** Text in the name, e-mail, phone or title (any case). */
  search: z.string().trim().max(200, 'Max 200 characters').optional(),
  /** Tenant-wide list only: one company. */
  tenantCompanyId: id.optional(),
  review_role: z.enum(REVIEW_ROLES).optional(),
  source: z.enum(CONTACT_SOURCES).optional(),
  /** Omitted: active and inactive. */
  active: flag.optional(),
  /** Only contacts with an e-mail. */
  hasEmail: flag.optional(),
  sort: z.enum(USER_LIST_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(USER_LIST_PAGE_SIZE_MAX).default(USER_LIST_PAGE_SIZE),
});
export type UserListQuery = z.output<typeof userListQuery>;

export const userListAnswer = z.object({
  contacts: z.array(contactRow),
  /** Contacts matching the filters, on every page. */
  total: int.nonnegative(),
  page: int.positive(),
  pageSize: int.positive(),
});
export type UserListAnswer = z.infer<typeof userListAnswer>;
