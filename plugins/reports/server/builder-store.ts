/**
 * SQL of the report builder (templates, versions, components, per-company content), and nothing else: each function
 * takes the caller's transaction (tenant-scoped under RLS) and converts rows at the boundary (bigint ids arrive as
 * strings, times as Date: numbers and ISO strings out).
 */
import type { Trx } from '../../../kernel/index';
import type { ComponentRow, TemplateSummary, TemplateVersion } from '../shared/api';
import type { CompanyOverride, ComponentProperties } from '../shared/components';

const iso = (v: Date | string) => new Date(v).toISOString();
const num = (v: unknown) => Number(v);
const json = (v: unknown) => JSON.stringify(v ?? {});
const props = (v: unknown): Record<string, unknown> =>
  (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------- templates

const SUMMARY_SQL = `
  select t.report_template_id, t.name, t.description, t.current_vers, t.version, t.created_at, t.updated_at,
    (select count(*) from report_template_versions v
      where v.tenant_id = t.tenant_id and v.report_template_id = t.report_template_id) as versions,
    (select count(*) from report_components c
      where c.tenant_id = t.tenant_id and c.report_template_id = t.report_template_id and c.vers = t.current_vers)
      as component_count
  from report_templates t`;

interface SummaryRow {
  report_template_id: string | number;
  name: string;
  description: string;
  current_vers: number | string;
  version: number | string;
  versions: number | string;
  component_count: number | string;
  created_at: Date | string;
  updated_at: Date | string;
}
const toSummary = (r: SummaryRow): TemplateSummary => ({
  report_template_id: num(r.report_template_id),
  name: r.name,
  description: r.description,
  current_vers: num(r.current_vers),
  versions: num(r.versions),
  component_count: num(r.component_count),
  version: num(r.version),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export async function selectTemplates(db: Trx): Promise<TemplateSummary[]> {
  const r = await db.raw(`${SUMMARY_SQL} order by lower(t.name), t.report_template_id`);
  return (r.rows as SummaryRow[]).map(toSummary);
}

export async function selectTemplate(db: Trx, templateId: number): Promise<TemplateSummary | null> {
  const r = await db.raw(`${SUMMARY_SQL} where t.report_template_id = ?`, [templateId]);
  const row = (r.rows as SummaryRow[])[0];
  return row ? toSummary(row) : null;
}

/** A template's name and current version (what an export names its file after), or null. */
export async function selectTemplateHead(
  db: Trx,
  templateId: number,
): Promise<{ name: string; current_vers: number } | null> {
  const row = await db('report_templates').where({ report_template_id: templateId }).first('name', 'current_vers');
  return row ? { name: row.name as string, current_vers: num(row.current_vers) } : null;
}

/** The id of another template with this name in any case, or null. */
export async function templateIdNamed(db: Trx, name: string, exceptId?: number): Promise<number | null> {
  const q = db('report_templates').whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId !== undefined) q.whereNot('report_template_id', exceptId);
  const row = await q.first('report_template_id');
  return row ? num(row.report_template_id) : null;
}

export async function insertTemplate(
  db: Trx,
  tenantId: number,
  v: { name: string; description: string; userId: number | null },
): Promise<number> {
  const [row] = await db('report_templates')
    .insert({ tenant_id: tenantId, name: v.name, description: v.description, current_vers: 1, created_by: v.userId })
    .returning('report_template_id');
  const id = num(row.report_template_id);
  await insertVersion(db, tenantId, id, 1, '', v.userId);
  return id;
}

/** Changes the template when `version` is still the stored one; false when it is not. Bumps the version. */
export async function updateTemplate(
  db: Trx,
  templateId: number,
  version: number | null,
  patch: { name?: string; description?: string; current_vers?: number },
): Promise<boolean> {
  const q = db('report_templates').where({ report_template_id: templateId });
  if (version !== null) q.andWhere({ version });
  const n = await q.update({ ...patch, version: db.raw('version + 1'), updated_at: db.fn.now() });
  return Number(n) === 1;
}

/** Marks the template changed (its components were edited): updated_at only, the version stays. */
export async function touchTemplate(db: Trx, templateId: number): Promise<void> {
  await db('report_templates').where({ report_template_id: templateId }).update({ updated_at: db.fn.now() });
}

export async function deleteTemplate(db: Trx, templateId: number): Promise<boolean> {
  return Number(await db('report_templates').where({ report_template_id: templateId }).delete()) === 1;
}

// ----------------------------------------------------------------------------------------------------- versions

export async function selectVersions(db: Trx, templateId: number): Promise<TemplateVersion[]> {
  const r = await db.raw(
    `select v.vers, v.note, v.created_at, v.created_by,
       (select count(*) from report_components c where c.tenant_id = v.tenant_id
         and c.report_template_id = v.report_template_id and c.vers = v.vers) as component_count
     from report_template_versions v where v.report_template_id = ? order by v.vers`,
    [templateId],
  );
  return (r.rows as Record<string, unknown>[]).map((v) => ({
    vers: num(v.vers),
    note: String(v.note),
    component_count: num(v.component_count),
    created_at: iso(v.created_at as Date),
    created_by: v.created_by === null ? null : num(v.created_by),
  }));
}

export async function versionExists(db: Trx, templateId: number, vers: number): Promise<boolean> {
  return !!(await db('report_template_versions').where({ report_template_id: templateId, vers }).first('vers'));
}

export async function maxVers(db: Trx, templateId: number): Promise<number> {
  const row = await db('report_template_versions').where({ report_template_id: templateId }).max({ m: 'vers' }).first();
  return num(row?.m ?? 0);
}

export async function insertVersion(
  db: Trx,
  tenantId: number,
  templateId: number,
  vers: number,
  note: string,
  userId: number | null,
): Promise<void> {
  await db('report_template_versions').insert({
    tenant_id: tenantId,
    report_template_id: templateId,
    vers,
    note,
    created_by: userId,
  });
}

/** Copies the components of one version into another (same keys, positions and properties). */
export async function copyComponents(db: Trx, templateId: number, fromVers: number, toVers: number): Promise<void> {
  await db.raw(
    `insert into report_components (tenant_id, report_template_id, vers, component_key, type, position, properties, selected)
     select tenant_id, report_template_id, ?, component_key, type, position, properties, selected
     from report_components where report_template_id = ? and vers = ?`,
    [toVers, templateId, fromVers],
  );
}

// --------------------------------------------------------------------------------------------------- components

/** A component as stored: the answer's fields (shared/api.ts `componentRow`) but those the service derives. */
export type StoredComponent = Omit<ComponentRow, 'title' | 'needs_attention' | 'available'>;

const COMPONENT_COLUMNS = ['component_key', 'type', 'position', 'properties', 'selected', 'updated_at'];
const toComponent = (r: Record<string, unknown>): StoredComponent => ({
  component_key: String(r.component_key),
  type: String(r.type),
  position: num(r.position),
  properties: props(r.properties) as ComponentProperties,
  selected: !!r.selected,
  updated_at: iso(r.updated_at as Date),
});

export async function selectComponents(db: Trx, templateId: number, vers: number): Promise<StoredComponent[]> {
  const rows = await db('report_components')
    .where({ report_template_id: templateId, vers })
    .orderBy([{ column: 'position' }, { column: 'report_component_id' }])
    .select(COMPONENT_COLUMNS);
  return rows.map(toComponent);
}

export async function selectComponent(
  db: Trx,
  templateId: number,
  vers: number,
  key: string,
): Promise<StoredComponent | null> {
  const row = await db('report_components')
    .where({ report_template_id: templateId, vers, component_key: key })
    .first(COMPONENT_COLUMNS);
  return row ? toComponent(row) : null;
}

/** Makes room at `position` (components at or after it move down one). */
export async function shiftPositions(db: Trx, templateId: number, vers: number, from: number): Promise<void> {
  await db('report_components')
    .where({ report_template_id: templateId, vers })
    .andWhere('position', '>=', from)
    .update({ position: db.raw('position + 1') });
}

export async function insertComponent(
  db: Trx,
  tenantId: number,
  templateId: number,
  vers: number,
  c: { component_key: string; type: string; position: number; properties: ComponentProperties },
): Promise<void> {
  await db('report_components').insert({
    tenant_id: tenantId,
    report_template_id: templateId,
    vers,
    component_key: c.component_key,
    type: c.type,
    position: c.position,
    properties: json(c.properties),
  });
}

export async function updateComponent(
  db: Trx,
  templateId: number,
  vers: number,
  key: string,
  patch: { properties?: ComponentProperties; selected?: boolean; position?: number },
): Promise<void> {
  const values: Record<string, unknown> = { updated_at: db.fn.now() };
  if (patch.properties !== undefined) values.properties = json(patch.properties);
  if (patch.selected !== undefined) values.selected = patch.selected;
  if (patch.position !== undefined) values.position = patch.position;
  await db('report_components').where({ report_template_id: templateId, vers, component_key: key }).update(values);
}

export async function deleteComponent(db: Trx, templateId: number, vers: number, key: string): Promise<void> {
  await db('report_components').where({ report_template_id: templateId, vers, component_key: key }).delete();
}

/** Whether any version of the template still has a component with this key. */
export async function keyInAnyVersion(db: Trx, templateId: number, key: string): Promise<boolean> {
  return !!(await db('report_components')
    .where({ report_template_id: templateId, component_key: key })
    .first('component_key'));
}

// ------------------------------------------------------------------------------------------ per-company content

export type StoredOverride = CompanyOverride & { component_key: string };

export async function selectOverrides(
  db: Trx,
  templateId: number,
  companyId: number,
): Promise<Map<string, StoredOverride>> {
  const rows = await db('report_component_companies')
    .where({ report_template_id: templateId, tenant_company_id: companyId })
    .select('component_key', 'properties', 'active_flag');
  return new Map(
    rows.map((r) => [
      String(r.component_key),
      { component_key: String(r.component_key), properties: props(r.properties), activeFlag: !!r.active_flag },
    ]),
  );
}

export async function upsertOverride(
  db: Trx,
  tenantId: number,
  templateId: number,
  key: string,
  companyId: number,
  v: { properties: Partial<ComponentProperties>; activeFlag: boolean },
): Promise<void> {
  await db('report_component_companies')
    .insert({
      tenant_id: tenantId,
      report_template_id: templateId,
      component_key: key,
      tenant_company_id: companyId,
      properties: json(v.properties),
      active_flag: v.activeFlag,
    })
    .onConflict(['tenant_id', 'report_template_id', 'component_key', 'tenant_company_id'])
    .merge({ properties: json(v.properties), active_flag: v.activeFlag, updated_at: db.fn.now() });
}

export async function deleteOverrides(db: Trx, templateId: number, key: string): Promise<void> {
  await db('report_component_companies').where({ report_template_id: templateId, component_key: key }).delete();
}
