/** SQL of assessment templates and their versions (the caller's tenant transaction, under RLS). */
import type { Trx } from '../../../../kernel/index';
import type { TemplateContent, TemplateSource, TemplateSummary, TemplateVersionInfo } from '../../shared/api';
import { iso, isoOrNull, num, numOrNull } from '../util';

export const DEFS = 'assessment_template_defs';
export const VERSIONS = 'assessment_template_versions';

export interface DefRow {
  assessment_template_id: number;
  name: string;
  description: string;
  source: TemplateSource;
  platform_template_id: number | null;
  current_version: number;
  archived_at: unknown;
  version: number;
  created_at: unknown;
  updated_at: unknown;
}

function summaryQuery(db: Trx) {
  return db(`${DEFS} as d`).select(
    'd.*',
    db.raw(
      `(select coalesce(v.question_count, 0) from ${VERSIONS} v
         where v.assessment_template_id = d.assessment_template_id and v.template_version = d.current_version) as question_count`,
    ),
    db.raw(
      '(select count(*) from assessment_events e where e.assessment_template_id = d.assessment_template_id) as event_count',
    ),
  );
}

function toSummary(r: any): TemplateSummary {
  return {
    assessment_template_id: num(r.assessment_template_id),
    name: r.name,
    description: r.description,
    source: r.source,
    platform_template_id: numOrNull(r.platform_template_id),
    current_version: num(r.current_version),
    question_count: num(r.question_count ?? 0),
    event_count: num(r.event_count ?? 0),
    archived: r.archived_at !== null,
    archived_at: isoOrNull(r.archived_at),
    version: num(r.version),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export async function selectSummaries(
  db: Trx,
  q: { includeArchived?: boolean; source?: TemplateSource; ids?: number[] },
): Promise<TemplateSummary[]> {
  const query = summaryQuery(db).orderByRaw('lower(d.name), d.assessment_template_id');
  if (!q.includeArchived) query.whereNull('d.archived_at');
  if (q.source) query.where('d.source', q.source);
  if (q.ids) query.whereIn('d.assessment_template_id', q.ids);
  return (await query).map(toSummary);
}

export async function selectSummary(db: Trx, id: number, forUpdate = false): Promise<TemplateSummary | null> {
  const query = summaryQuery(db).where('d.assessment_template_id', id).first();
  if (forUpdate) {
    // Lock the row (plain select for update: the aggregate sub-selects are fine under FOR UPDATE OF d).
    await db(DEFS).where('assessment_template_id', id).forUpdate().first('assessment_template_id');
  }
  const r = await query;
  return r ? toSummary(r) : null;
}

export async function selectByName(db: Trx, name: string): Promise<DefRow | null> {
  return (await db(DEFS).whereRaw('lower(name) = ?', [name.trim().toLowerCase()]).first()) ?? null;
}

export async function selectByPlatformId(db: Trx, platformTemplateId: number): Promise<DefRow | null> {
  return (await db(DEFS).where('platform_template_id', platformTemplateId).first()) ?? null;
}

export interface VersionRow {
  assessment_template_version_id: number;
  template_version: number;
  content: TemplateContent;
}

export async function selectVersion(db: Trx, templateId: number, templateVersion: number): Promise<VersionRow | null> {
  const r = await db(VERSIONS)
    .where({ assessment_template_id: templateId, template_version: templateVersion })
    .first('assessment_template_version_id', 'template_version', 'content');
  return r
    ? {
        assessment_template_version_id: num(r.assessment_template_version_id),
        template_version: num(r.template_version),
        content: typeof r.content === 'string' ? JSON.parse(r.content) : r.content,
      }
    : null;
}

export async function selectVersionById(db: Trx, versionId: number): Promise<VersionRow | null> {
  const r = await db(VERSIONS)
    .where({ assessment_template_version_id: versionId })
    .first('assessment_template_version_id', 'template_version', 'content');
  return r
    ? {
        assessment_template_version_id: num(r.assessment_template_version_id),
        template_version: num(r.template_version),
        content: typeof r.content === 'string' ? JSON.parse(r.content) : r.content,
      }
    : null;
}

export async function selectVersionInfos(db: Trx, templateId: number): Promise<TemplateVersionInfo[]> {
  const rows = await db(`${VERSIONS} as v`)
    .where('v.assessment_template_id', templateId)
    .orderBy('v.template_version', 'desc')
    .select(
      'v.assessment_template_version_id',
      'v.template_version',
      'v.question_count',
      'v.note',
      'v.created_at',
      db.raw(
        '(select count(*) from assessment_events e where e.assessment_template_version_id = v.assessment_template_version_id) as event_count',
      ),
    );
  return rows.map((r: any) => ({
    assessment_template_version_id: num(r.assessment_template_version_id),
    template_version: num(r.template_version),
    question_count: num(r.question_count),
    event_count: num(r.event_count),
    note: r.note,
    created_at: iso(r.created_at),
  }));
}

export async function versionEventCount(db: Trx, versionId: number): Promise<number> {
  const r = await db('assessment_events').where('assessment_template_version_id', versionId).count('* as n').first();
  return num(r?.n ?? 0);
}

export const questionCount = (c: TemplateContent) =>
  c.sections.reduce((n, s) => n + s.categories.reduce((m, cat) => m + cat.questions.length, 0), 0);

export async function insertDef(
  db: Trx,
  tenantId: number,
  d: { name: string; description: string; source: TemplateSource; platform_template_id?: number | null },
): Promise<number> {
  const [row] = await db(DEFS)
    .insert({
      tenant_id: tenantId,
      name: d.name.trim(),
      description: d.description,
      source: d.source,
      platform_template_id: d.platform_template_id ?? null,
      current_version: 1,
    })
    .returning('assessment_template_id');
  return num((row as any).assessment_template_id);
}

export async function insertVersion(
  db: Trx,
  tenantId: number,
  v: { templateId: number; templateVersion: number; content: TemplateContent; note?: string; userId: number | null },
): Promise<number> {
  const [row] = await db(VERSIONS)
    .insert({
      tenant_id: tenantId,
      assessment_template_id: v.templateId,
      template_version: v.templateVersion,
      content: JSON.stringify(v.content),
      question_count: questionCount(v.content),
      note: v.note ?? '',
      created_by_user_id: v.userId,
    })
    .returning('assessment_template_version_id');
  return num((row as any).assessment_template_version_id);
}

export async function updateVersionContent(db: Trx, versionId: number, content: TemplateContent, note?: string) {
  await db(VERSIONS)
    .where('assessment_template_version_id', versionId)
    .update({
      content: JSON.stringify(content),
      question_count: questionCount(content),
      ...(note !== undefined ? { note } : {}),
    });
}

/** Changes a template's row when its version is still `read` (answers false when it is not). */
export async function updateDef(
  db: Trx,
  id: number,
  read: number,
  patch: Partial<{ name: string; description: string; current_version: number; archived_at: unknown }>,
): Promise<boolean> {
  const n = await db(DEFS)
    .where({ assessment_template_id: id, version: read })
    .update({ ...patch, version: db.raw('version + 1'), updated_at: db.fn.now() });
  return Number(n) === 1;
}

export async function deleteDef(db: Trx, id: number): Promise<void> {
  await db(DEFS).where('assessment_template_id', id).delete();
}

/*
 * The adoption of lci-admin's platform templates (service.ts adoptPlatformTemplate): the caller's transaction may be
 * the system scope, so each of these names the tenant.
 */

/** The tenant's template made from this platform template, or null. */
export async function selectTenantPlatformDef(
  db: Trx,
  tenantId: number,
  platformTemplateId: number,
): Promise<{ assessment_template_id: number; current_version: number; description: string } | null> {
  const r = await db(DEFS)
    .where({ tenant_id: tenantId, platform_template_id: platformTemplateId })
    .first('assessment_template_id', 'current_version', 'description');
  return r
    ? {
        assessment_template_id: num(r.assessment_template_id),
        current_version: num(r.current_version),
        description: r.description,
      }
    : null;
}

/** True when the tenant has a template of this name (`name` compared in lower case). */
export async function tenantDefNameTaken(db: Trx, tenantId: number, name: string): Promise<boolean> {
  return !!(await db(DEFS)
    .where('tenant_id', tenantId)
    .whereRaw('lower(name) = ?', [name.toLowerCase()])
    .first('name'));
}

/** A version of the tenant's template: its id and content (jsonb, as stored), or null. */
export async function selectTenantVersion(
  db: Trx,
  tenantId: number,
  templateId: number,
  templateVersion: number,
): Promise<{ assessment_template_version_id: number; content: unknown } | null> {
  const r = await db(VERSIONS)
    .where({ tenant_id: tenantId, assessment_template_id: templateId, template_version: templateVersion })
    .first('assessment_template_version_id', 'content');
  return r ? { assessment_template_version_id: num(r.assessment_template_version_id), content: r.content } : null;
}

/** True when an event of the tenant uses this template version. */
export async function tenantVersionInUse(db: Trx, tenantId: number, versionId: number): Promise<boolean> {
  return !!(await db('assessment_events')
    .where({ tenant_id: tenantId, assessment_template_version_id: versionId })
    .first('assessment_event_id'));
}

/** Replaces the content of a version of the tenant's template in place. */
export async function updateTenantVersionContent(
  db: Trx,
  tenantId: number,
  versionId: number,
  content: TemplateContent,
  note: string,
): Promise<void> {
  await db(VERSIONS)
    .where({ tenant_id: tenantId, assessment_template_version_id: versionId })
    .update({ content: JSON.stringify(content), question_count: questionCount(content), note });
}

/** Sets the description and current version of the tenant's template (its version counter moves on). */
export async function updateTenantDef(
  db: Trx,
  tenantId: number,
  id: number,
  patch: { description: string; current_version: number },
): Promise<void> {
  await db(DEFS)
    .where({ tenant_id: tenantId, assessment_template_id: id })
    .update({ ...patch, version: db.raw('version + 1'), updated_at: db.fn.now() });
}
