/** Saved links of a company (customer-success.md section 3): insert, update, delete; `version` guards concurrent edits. */
import { conflict, notFound, type Trx } from '../../../kernel/index';
import type { LinkRow } from '../shared/api-types';
import { linkBody } from '../shared/api';
import { iso } from './sql';

const TABLE = 'tenant_company_links';

export { linkBody };

const COLUMNS = ['tenant_company_link_id', 'tenant_company_id', 'link_url', 'link_title', 'version', 'updated_at'];
const shape = (r: LinkRow): LinkRow => ({
  ...r,
  tenant_company_link_id: Number(r.tenant_company_link_id),
  tenant_company_id: Number(r.tenant_company_id),
  updated_at: iso(r.updated_at),
});

export async function listLinks(db: Trx, tenantCompanyId: number): Promise<LinkRow[]> {
  return (
    await db(TABLE)
      .where({ tenant_company_id: tenantCompanyId })
      .select(COLUMNS)
      .orderBy('link_title')
      .orderBy('tenant_company_link_id')
  ).map(shape);
}

async function requireLink(db: Trx, tenantCompanyId: number, id: number, version: number | undefined): Promise<void> {
  const row = await db(TABLE)
    .where({ tenant_company_link_id: id, tenant_company_id: tenantCompanyId })
    .first('version');
  if (!row) throw notFound('Link not found');
  if (version !== undefined && Number(row.version) !== version)
    throw conflict('This link was changed by someone else; reload it and try again.');
}

export async function insertLink(
  db: Trx,
  tenantId: number,
  tenantCompanyId: number,
  f: { link_url: string; link_title: string },
): Promise<LinkRow> {
  const [row] = await db(TABLE)
    .insert({ tenant_id: tenantId, tenant_company_id: tenantCompanyId, link_url: f.link_url, link_title: f.link_title })
    .returning(COLUMNS);
  return shape(row);
}

export async function updateLink(
  db: Trx,
  tenantCompanyId: number,
  id: number,
  version: number | undefined,
  f: { link_url: string; link_title: string },
): Promise<LinkRow> {
  await requireLink(db, tenantCompanyId, id, version);
  const q = db(TABLE).where({ tenant_company_link_id: id, tenant_company_id: tenantCompanyId });
  if (version !== undefined) q.where({ version });
  const [row] = await q
    .update({ link_url: f.link_url, link_title: f.link_title, version: db.raw('version + 1'), updated_at: db.fn.now() })
    .returning(COLUMNS);
  if (!row) throw conflict('This link was changed by someone else; reload it and try again.');
  return shape(row);
}

export async function deleteLink(
  db: Trx,
  tenantCompanyId: number,
  id: number,
  version: number | undefined,
): Promise<number> {
  await requireLink(db, tenantCompanyId, id, version);
  const q = db(TABLE).where({ tenant_company_link_id: id, tenant_company_id: tenantCompanyId });
  if (version !== undefined) q.where({ version });
  return q.delete();
}
