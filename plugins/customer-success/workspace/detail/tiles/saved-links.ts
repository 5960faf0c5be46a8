/**
 * Saved links of the company tile (customer-success.md sections 3, 4, 7): the calls to the companies plugin's
 * company-scoped savedlink route and the local-list rule "the local list changes only when the server reports more
 * than zero records updated". The field checks are the server's (companies' linkBody, checked by the dialog too): its
 * 400 names `body.payload.link_url` / `body.payload.link_title`, and the tile shows those texts on the fields. Pure.
 */

export interface SavedLink {
  tenant_company_link_id: number;
  link_url: string;
  link_title: string;
  version: number;
}
export type LinkWrite =
  | { operation: 'insert'; payload: { link_url: string; link_title: string } }
  | {
      operation: 'update';
      payload: { tenant_company_link_id: number; link_url: string; link_title: string; version: number };
    }
  | { operation: 'delete'; payload: { tenant_company_link_id: number; version: number } };
export interface LinkWriteAnswer {
  records_updated: number;
  tenant_company_link_id: number;
  link?: SavedLink;
}

export const savedLinkPath = (tenantId: number, companyId: number) =>
  `/v3/tenant/${tenantId}/company/${companyId}/savedlink`;

/** The list after a write: unchanged unless records_updated > 0. */
export function applyLinkWrite(list: readonly SavedLink[], w: LinkWrite, a: LinkWriteAnswer): SavedLink[] {
  if (!(a.records_updated > 0)) return [...list];
  const id = a.tenant_company_link_id;
  if (w.operation === 'delete') return list.filter((l) => l.tenant_company_link_id !== id);
  const link = a.link ?? { ...w.payload, tenant_company_link_id: id, version: 1 };
  const next =
    w.operation === 'insert' ? [...list, link] : list.map((l) => (l.tenant_company_link_id === id ? link : l));
  return next.sort(
    (x, y) => x.link_title.localeCompare(y.link_title) || x.tenant_company_link_id - y.tenant_company_link_id,
  );
}

/** The dialog's field of a link write's body path (`payload.link_url` → link_url); null: none of its fields. */
export function linkFieldOf(path: string): 'link_url' | 'link_title' | null {
  return path === 'payload.link_url' ? 'link_url' : path === 'payload.link_title' ? 'link_title' : null;
}
