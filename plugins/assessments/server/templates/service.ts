/**
 * Template domain rules: create, edit (a version that events use is never changed: its edit becomes a new version),
 * explicit new versions, archive, delete (refused while events use it), JSON import and export, and the adoption
 * of lci-admin's imported platform templates (adoptPlatformTemplate, public.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Trx } from '../../../../kernel/index';
import {
  TEMPLATE_FILE_FORMAT,
  TEMPLATE_FILE_FORMAT_VERSION,
  templateContent,
  type ImportTemplatesAnswer,
  type TemplateAnswer,
  type TemplateContent,
  type TemplateFile,
  type TemplateSummary,
} from '../../shared/api';
import { contentProblems } from '../../shared/template-rules';
import { badRequest, checkVersion, conflict, contentRefusal, missing } from '../util';
import * as store from './store';

export async function listTemplates(db: Trx, q: { includeArchived?: boolean; source?: 'tenant' | 'platform' }) {
  return { templates: await store.selectSummaries(db, q) };
}

async function requireSummary(db: Trx, id: number, forUpdate = false): Promise<TemplateSummary> {
  const t = await store.selectSummary(db, id, forUpdate);
  if (!t) throw missing('Assessment template');
  return t;
}

export async function getTemplate(db: Trx, id: number, templateVersion?: number): Promise<TemplateAnswer> {
  const template = await requireSummary(db, id);
  const v = await store.selectVersion(db, id, templateVersion ?? template.current_version);
  if (!v)
    throw badRequest('No such version', [
      { path: 'query.templateVersion', message: `Template ${id} has versions 1 to ${template.current_version}` },
    ]);
  return {
    template,
    template_version: v.template_version,
    assessment_template_version_id: v.assessment_template_version_id,
    content: v.content,
    versions: await store.selectVersionInfos(db, id),
  };
}

function checkContent(content: TemplateContent, prefix: string): void {
  const problems = contentProblems(content);
  if (problems.length) throw contentRefusal(prefix, problems);
}

async function checkNameFree(db: Trx, name: string, path: string, exceptId?: number): Promise<void> {
  const other = await store.selectByName(db, name);
  if (other && Number(other.assessment_template_id) !== exceptId)
    throw badRequest('The name is taken', [{ path, message: `A template named "${other.name}" exists` }]);
}

export async function createTemplate(
  db: Trx,
  tenantId: number,
  userId: number | null,
  body: { name: string; description: string; content: TemplateContent },
): Promise<TemplateAnswer> {
  checkContent(body.content, 'body.content');
  await checkNameFree(db, body.name, 'body.name');
  const id = await store.insertDef(db, tenantId, { name: body.name, description: body.description, source: 'tenant' });
  await store.insertVersion(db, tenantId, { templateId: id, templateVersion: 1, content: body.content, userId });
  return getTemplate(db, id);
}

/**
 * Changes name, description and content. Content: the current version is changed in place while no event uses it,
 * else a new version is made (new_version true).
 */
export async function updateTemplate(
  db: Trx,
  tenantId: number,
  userId: number | null,
  id: number,
  body: { version: number; name?: string; description?: string; content?: TemplateContent; note?: string },
): Promise<TemplateAnswer & { new_version: boolean }> {
  const t = await requireSummary(db, id, true);
  checkVersion(t.version, body.version, 'template');
  if (body.content) checkContent(body.content, 'body.content');
  if (body.name !== undefined) await checkNameFree(db, body.name, 'body.name', id);
  let newVersion = false;
  let current = t.current_version;
  if (body.content) {
    const v = (await store.selectVersion(db, id, t.current_version))!;
    if ((await store.versionEventCount(db, v.assessment_template_version_id)) > 0) {
      current += 1;
      newVersion = true;
      await store.insertVersion(db, tenantId, {
        templateId: id,
        templateVersion: current,
        content: body.content,
        note: body.note,
        userId,
      });
    } else await store.updateVersionContent(db, v.assessment_template_version_id, body.content, body.note);
  }
  const ok = await store.updateDef(db, id, body.version, {
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    current_version: current,
  });
  if (!ok) throw conflict('The template was changed by someone else; reload it.');
  return { ...(await getTemplate(db, id)), new_version: newVersion };
}

/** An explicit new version: the content given, or a copy of the current version's. */
export async function newTemplateVersion(
  db: Trx,
  tenantId: number,
  userId: number | null,
  id: number,
  body: { version: number; content?: TemplateContent; note?: string },
): Promise<TemplateAnswer & { new_version: boolean }> {
  const t = await requireSummary(db, id, true);
  checkVersion(t.version, body.version, 'template');
  if (body.content) checkContent(body.content, 'body.content');
  const content = body.content ?? (await store.selectVersion(db, id, t.current_version))!.content;
  const next = t.current_version + 1;
  await store.insertVersion(db, tenantId, { templateId: id, templateVersion: next, content, note: body.note, userId });
  if (!(await store.updateDef(db, id, body.version, { current_version: next })))
    throw conflict('The template was changed by someone else; reload it.');
  return { ...(await getTemplate(db, id)), new_version: true };
}

export async function archiveTemplate(
  db: Trx,
  id: number,
  body: { version: number; archived: boolean },
): Promise<TemplateAnswer & { new_version: boolean }> {
  const t = await requireSummary(db, id, true);
  checkVersion(t.version, body.version, 'template');
  const ok = await store.updateDef(db, id, body.version, { archived_at: body.archived ? db.fn.now() : null });
  if (!ok) throw conflict('The template was changed by someone else; reload it.');
  return { ...(await getTemplate(db, id)), new_version: false };
}

/** Deletes a template no event uses (confirm required); one in use is refused (archive it instead). */
export async function deleteTemplate(
  db: Trx,
  id: number,
  q: { version?: number; confirm?: boolean },
): Promise<TemplateSummary> {
  const t = await requireSummary(db, id, true);
  checkVersion(t.version, q.version, 'template');
  if (t.event_count > 0)
    throw conflict(`"${t.name}" is used by ${t.event_count} assessment(s) and cannot be deleted; archive it instead.`);
  if (!q.confirm)
    throw badRequest('Confirm the deletion', [
      {
        path: 'query.confirm',
        message: `Send confirm=true to delete "${t.name}" and its ${t.current_version} version(s)`,
      },
    ]);
  await store.deleteDef(db, id);
  return t;
}

/* ------------------------------------------------------------------ JSON import and export */

export async function exportTemplate(db: Trx, id: number, templateVersion?: number): Promise<TemplateFile> {
  const t = await getTemplate(db, id, templateVersion);
  return {
    format: TEMPLATE_FILE_FORMAT,
    formatVersion: TEMPLATE_FILE_FORMAT_VERSION,
    templates: [{ name: t.template.name, description: t.template.description, sections: t.content.sections }],
  };
}

/**
 * Imports a parsed file: every entry is checked first (any problem: 400 listing them with their paths, nothing
 * written); a name the tenant has is skipped, added as a new version, or refused (onExisting).
 */
export async function importTemplates(
  db: Trx,
  tenantId: number,
  userId: number | null,
  body: { document: TemplateFile; onExisting: 'skip' | 'newVersion' | 'fail'; dryRun: boolean },
): Promise<ImportTemplatesAnswer> {
  const problems: { path: string; message: string }[] = [];
  const names = new Set<string>();
  const existing = new Map<number, store.DefRow>();
  for (const [i, t] of body.document.templates.entries()) {
    const prefix = `body.document.templates.${i}`;
    for (const p of contentProblems({ sections: t.sections })) problems.push({ ...p, path: `${prefix}.${p.path}` });
    const key = t.name.trim().toLowerCase();
    if (names.has(key)) problems.push({ path: `${prefix}.name`, message: `"${t.name}" is in the file twice` });
    names.add(key);
    const has = await store.selectByName(db, t.name);
    if (has) {
      existing.set(i, has);
      if (body.onExisting === 'fail')
        problems.push({
          path: `${prefix}.name`,
          message: `A template named "${has.name}" exists (choose skip or newVersion)`,
        });
    }
  }
  if (problems.length)
    throw badRequest(`The file has ${problems.length} problem(s); nothing was imported.`, problems.slice(0, 100));
  const out: ImportTemplatesAnswer = { dryRun: body.dryRun, created: [], newVersions: [], skipped: [] };
  for (const [i, t] of body.document.templates.entries()) {
    const content: TemplateContent = { sections: t.sections };
    const has = existing.get(i);
    if (has && body.onExisting === 'skip') {
      out.skipped.push(t.name);
      continue;
    }
    if (has) {
      const id = Number(has.assessment_template_id);
      const next = Number(has.current_version) + 1;
      if (!body.dryRun)
        await newTemplateVersion(db, tenantId, userId, id, { version: Number(has.version), content, note: 'import' });
      out.newVersions.push({ name: has.name, assessment_template_id: id, template_version: next });
      continue;
    }
    if (body.dryRun) {
      out.created.push({ name: t.name, assessment_template_id: null });
      continue;
    }
    const created = await createTemplate(db, tenantId, userId, { name: t.name, description: t.description, content });
    out.created.push({ name: t.name, assessment_template_id: created.template.assessment_template_id });
  }
  return out;
}

/* ------------------------------------------------------------------ platform templates (lci-admin's import) */

/** A template as lci-admin's importAssessmentTemplates stores it (name, description, questions text + type). */
export interface PlatformTemplateInput {
  platformTemplateId: number;
  name: string;
  description: string;
  questions: { text: string; type: string }[];
}

/**
 * lci-admin's flat question list as this plugin's content: one section and one category ("General"), keys q1..qN,
 * yesno and scale kept (scale 0..5), text kept, choice (lci-admin's files carry no options) as text.
 */
export function platformContent(t: PlatformTemplateInput): TemplateContent {
  return templateContent.parse({
    sections: [
      {
        key: 'general',
        title: 'General',
        categories: [
          {
            key: 'general',
            title: 'General',
            questions: t.questions.map((q, i) => ({
              key: `q${i + 1}`,
              text: q.text,
              type: q.type === 'yesno' || q.type === 'scale' ? q.type : 'text',
            })),
          },
        ],
      },
    ],
  });
}

/**
 * Makes (or refreshes) this plugin's template of an imported platform template, in the caller's transaction, which
 * may be lci-admin's system scope: every query names the tenant. A new one (source platform; " (platform)" appended
 * while a tenant template has the name), or, when it exists and the content differs, the current version changed in
 * place while no event uses it, else a new version. Answers this plugin's template id.
 */
export async function adoptPlatformTemplate(db: Trx, tenantId: number, t: PlatformTemplateInput): Promise<number> {
  const content = platformContent(t);
  const has = await store.selectTenantPlatformDef(db, tenantId, t.platformTemplateId);
  if (!has) {
    let name = t.name.trim();
    const taken = (n: string) => store.tenantDefNameTaken(db, tenantId, n);
    if (await taken(name)) name = `${name} (platform)`;
    for (let i = 2; await taken(name); i++) name = `${t.name.trim()} (platform ${i})`;
    const id = await store.insertDef(db, tenantId, {
      name,
      description: t.description,
      source: 'platform',
      platform_template_id: t.platformTemplateId,
    });
    await store.insertVersion(db, tenantId, {
      templateId: id,
      templateVersion: 1,
      content,
      note: 'platform import',
      userId: null,
    });
    return id;
  }
  const id = has.assessment_template_id;
  const currentNo = has.current_version;
  const current = await store.selectTenantVersion(db, tenantId, id, currentNo);
  // jsonb keeps its own key order: compare as values.
  const same = current && isDeepStrictEqual(current.content, content);
  if (same && has.description === t.description) return id;
  let next = currentNo;
  if (!same) {
    const versionId = current!.assessment_template_version_id;
    if (await store.tenantVersionInUse(db, tenantId, versionId)) {
      next += 1;
      await store.insertVersion(db, tenantId, {
        templateId: id,
        templateVersion: next,
        content,
        note: 'platform import',
        userId: null,
      });
    } else await store.updateTenantVersionContent(db, tenantId, versionId, content, 'platform import');
  }
  await store.updateTenantDef(db, tenantId, id, { description: t.description, current_version: next });
  return id;
}
