/**
 * The report builder's rules: templates (a name unique per tenant in any case, optimistic concurrency on rename),
 * versions (a copy of a version's components that becomes current), components of the current version (a type of
 * the catalogue the caller's modules allow, properties checked by the common schema and the type's own, wysiwyg
 * content sanitised on every write, files only from this tenant's uploads), per-company content and the upload
 * links. Another tenant's template, component or company is simply not found (RLS): 404.
 */
import type { z } from 'zod';
import {
  badRequest,
  conflict,
  HttpError,
  notFound,
  type FieldError,
  type Kernel,
  type Trx,
} from '../../../kernel/index';
import { getCompany } from '../../companies/public';
import type {
  AddComponentBody,
  CompanyComponentAnswer,
  CompanyComponentBody,
  ComponentRow,
  ComponentTypesAnswer,
  CreateTemplateBody,
  CreateVersionBody,
  TemplateAnswer,
  TemplateSummary,
  UpdateComponentBody,
  UpdateTemplateBody,
  UploadAnswer,
  UploadBody,
} from '../shared/api';
import { MSG_NAME_TAKEN } from '../shared/api';
import {
  COMPANY_PROPERTY_KEYS,
  componentProperties,
  effectiveProperties,
  type ComponentProperties,
} from '../shared/components';
import {
  MSG_COMPONENT_NOT_FOUND,
  MSG_NOT_AN_UPLOAD,
  MSG_NOT_UPLOADED,
  MSG_ORDER,
  MSG_STALE_TEMPLATE,
  MSG_TYPE_NOT_ALLOWED,
  MSG_UNKNOWN_TYPE,
  MSG_WRONG_FILE,
  extensionFits,
  insertPosition,
  isCompleteOrder,
  isReportUploadKey,
  mergeProperties,
  newComponentKey,
  uploadKey,
  withOwn,
} from './builder-rules';
import * as store from './builder-store';
import { catalogueMap, componentCatalogue, needsAttention, typeAllowed } from './components/catalogue';
import type { BuilderComponentDef } from './components/types';
import { MSG_COMPANY_NOT_FOUND, MSG_TEMPLATE_NOT_FOUND, MSG_VERSION_NOT_FOUND } from './render';

/** Upload links stay valid this long. */
const UPLOAD_LINK_SECONDS = 15 * 60;
/** Links in answers (the builder shows the image) stay valid this long. */
const VIEW_LINK_SECONDS = 10 * 60;

/** Who is asking: the modules their group and tenant hold (flyout and needs_attention). */
export interface BuilderCaller {
  userId: number | null;
  modules: readonly string[];
}

const fieldsOf = (error: z.ZodError, prefix: string): FieldError[] =>
  error.issues.map((i) => ({ path: [prefix, ...i.path.map(String)].join('.'), message: i.message }));

function refuse(fields: FieldError[]): never {
  throw badRequest(`Invalid body: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`, fields);
}

async function requireTemplate(db: Trx, templateId: number): Promise<TemplateSummary> {
  const t = await store.selectTemplate(db, templateId);
  if (!t) throw notFound(MSG_TEMPLATE_NOT_FOUND);
  return t;
}

async function requireComponent(db: Trx, t: TemplateSummary, key: string): Promise<store.StoredComponent> {
  const c = await store.selectComponent(db, t.report_template_id, t.current_vers, key);
  if (!c) throw notFound(MSG_COMPONENT_NOT_FOUND);
  return c;
}

async function refuseTakenName(db: Trx, name: string, exceptId?: number): Promise<void> {
  if ((await store.templateIdNamed(db, name, exceptId)) !== null)
    throw new HttpError(409, MSG_NAME_TAKEN(name), 'conflict', [{ path: 'body.name', message: MSG_NAME_TAKEN(name) }]);
}

/** A signed link to view a stored file of this tenant, or undefined. */
function viewLink(k: Kernel, tenantId: number, key: string | undefined): string | undefined {
  if (!key || !key.startsWith(`tenants/${tenantId}/`)) return undefined;
  try {
    return k.storage.signedUrl(key, VIEW_LINK_SECONDS);
  } catch {
    return undefined;
  }
}

function toRow(
  k: Kernel,
  tenantId: number,
  c: store.StoredComponent,
  def: BuilderComponentDef | undefined,
  modules: readonly string[],
): ComponentRow {
  const properties = { ...c.properties };
  const link = viewLink(k, tenantId, properties.fileKey);
  if (link) properties.signedUrl = link;
  return {
    component_key: c.component_key,
    type: c.type,
    position: c.position,
    properties,
    title: c.properties.title || def?.label || c.type,
    needs_attention: needsAttention(def, c.properties, modules),
    selected: c.selected,
    available: !!def && def.available && typeAllowed(def, modules),
    updated_at: c.updated_at,
  };
}

/**
 * Properties as a write sends them, checked: the common schema, then the type's own (400 naming
 * body.properties.<field>), cleaned by the type (wysiwyg: sanitised), and a new fileKey must be an upload of this
 * tenant holding a file the type takes.
 */
async function checkedProperties(
  k: Kernel,
  tenantId: number,
  def: BuilderComponentDef,
  raw: Record<string, unknown>,
  previousFileKey: string | undefined,
  prefix = 'body.properties',
): Promise<ComponentProperties> {
  const common = componentProperties.safeParse(raw);
  const own = def.properties?.safeParse(raw);
  const fields = [
    ...(common.success ? [] : fieldsOf(common.error, prefix)),
    ...(own && !own.success ? fieldsOf(own.error, prefix) : []),
  ];
  if (fields.length || !common.success) refuse(fields);
  let p = withOwn(common.data, own?.success ? own.data : undefined);
  p = def.normalize?.(p) ?? p;
  delete p.signedUrl;
  if (p.fileKey && p.fileKey !== previousFileKey) await checkFile(k, tenantId, def, p.fileKey, `${prefix}.fileKey`);
  return p;
}

async function checkFile(
  k: Kernel,
  tenantId: number,
  def: BuilderComponentDef,
  key: string,
  path: string,
): Promise<void> {
  const no = (message: string) => refuse([{ path, message }]);
  if (!isReportUploadKey(key, tenantId)) no(MSG_NOT_AN_UPLOAD);
  const stored = await k.storage.get(key);
  if (!stored) no(MSG_NOT_UPLOADED);
  if (def.fileTypes && !def.fileTypes.includes(stored!.contentType))
    no(MSG_WRONG_FILE(def.type === 'msword_file' ? 'Word (.docx)' : 'PNG, JPEG or GIF image'));
}

export function createBuilderService(k: Kernel) {
  const rows = async (db: Trx, tenantId: number, t: TemplateSummary, vers: number, modules: readonly string[]) => {
    const catalogue = catalogueMap(k);
    return (await store.selectComponents(db, t.report_template_id, vers)).map((c) =>
      toRow(k, tenantId, c, catalogue.get(c.type), modules),
    );
  };

  const templateAnswer = async (
    db: Trx,
    tenantId: number,
    templateId: number,
    vers: number | undefined,
    modules: readonly string[],
  ): Promise<TemplateAnswer> => {
    const template = await requireTemplate(db, templateId);
    const shown = vers ?? template.current_vers;
    if (!(await store.versionExists(db, templateId, shown))) throw notFound(MSG_VERSION_NOT_FOUND);
    return {
      template,
      versions: await store.selectVersions(db, templateId),
      vers: shown,
      components: await rows(db, tenantId, template, shown, modules),
    };
  };

  /** The component's type for a write: known, and allowed to the caller. */
  const typeFor = (type: string, modules: readonly string[]): BuilderComponentDef => {
    const def = catalogueMap(k).get(type);
    if (!def) refuse([{ path: 'body.type', message: MSG_UNKNOWN_TYPE }]);
    if (!typeAllowed(def!, modules)) refuse([{ path: 'body.type', message: MSG_TYPE_NOT_ALLOWED }]);
    return def!;
  };

  return {
    listTemplates: (db: Trx) => store.selectTemplates(db),

    templateAnswer,

    async createTemplate(db: Trx, tenantId: number, caller: BuilderCaller, body: CreateTemplateBody) {
      const name = body.name.trim();
      await refuseTakenName(db, name);
      const id = await store.insertTemplate(db, tenantId, {
        name,
        description: body.description ?? '',
        userId: caller.userId,
      });
      return requireTemplate(db, id);
    },

    async updateTemplate(db: Trx, templateId: number, body: UpdateTemplateBody) {
      const current = await requireTemplate(db, templateId);
      if (current.version !== body.version) throw conflict(MSG_STALE_TEMPLATE);
      if (body.name !== undefined) await refuseTakenName(db, body.name, templateId);
      const patch = { name: body.name, description: body.description };
      if (!(await store.updateTemplate(db, templateId, body.version, patch))) throw conflict(MSG_STALE_TEMPLATE);
      return requireTemplate(db, templateId);
    },

    async deleteTemplate(db: Trx, templateId: number) {
      const t = await requireTemplate(db, templateId);
      await store.deleteTemplate(db, templateId);
      return t;
    },

    async createVersion(
      db: Trx,
      tenantId: number,
      caller: BuilderCaller,
      templateId: number,
      body: CreateVersionBody,
    ): Promise<TemplateAnswer> {
      const t = await requireTemplate(db, templateId);
      const from = body.fromVers ?? t.current_vers;
      if (!(await store.versionExists(db, templateId, from)))
        refuse([{ path: 'body.fromVers', message: MSG_VERSION_NOT_FOUND }]);
      const vers = (await store.maxVers(db, templateId)) + 1;
      await store.insertVersion(db, tenantId, templateId, vers, body.note ?? '', caller.userId);
      await store.copyComponents(db, templateId, from, vers);
      await store.updateTemplate(db, templateId, null, { current_vers: vers });
      return templateAnswer(db, tenantId, templateId, vers, caller.modules);
    },

    async addComponent(
      db: Trx,
      tenantId: number,
      caller: BuilderCaller,
      templateId: number,
      body: AddComponentBody,
    ): Promise<ComponentRow> {
      const t = await requireTemplate(db, templateId);
      const def = typeFor(body.type, caller.modules);
      const raw = { ...(body.properties ?? {}), ...(body.title ? { title: body.title } : {}) };
      const properties = await checkedProperties(k, tenantId, def, mergeProperties({}, raw), undefined);
      const count = (await store.selectComponents(db, templateId, t.current_vers)).length;
      const position = insertPosition(body.position, count);
      await store.shiftPositions(db, templateId, t.current_vers, position);
      const key = newComponentKey();
      await store.insertComponent(db, tenantId, templateId, t.current_vers, {
        component_key: key,
        type: def.type,
        position,
        properties,
      });
      await store.touchTemplate(db, templateId);
      return toRow(k, tenantId, await requireComponent(db, t, key), def, caller.modules);
    },

    async updateComponent(
      db: Trx,
      tenantId: number,
      caller: BuilderCaller,
      templateId: number,
      key: string,
      body: UpdateComponentBody,
    ): Promise<ComponentRow> {
      const t = await requireTemplate(db, templateId);
      const c = await requireComponent(db, t, key);
      const def = catalogueMap(k).get(c.type);
      let properties: ComponentProperties | undefined;
      if (body.properties !== undefined || body.title !== undefined) {
        if (!def) refuse([{ path: 'body.properties', message: MSG_UNKNOWN_TYPE }]);
        const patch = {
          ...(body.properties ?? {}),
          ...(body.title !== undefined ? { title: body.title || null } : {}),
        };
        properties = await checkedProperties(
          k,
          tenantId,
          def!,
          mergeProperties(c.properties, patch),
          c.properties.fileKey,
        );
      }
      await store.updateComponent(db, templateId, t.current_vers, key, { properties, selected: body.selected });
      await store.touchTemplate(db, templateId);
      return toRow(k, tenantId, await requireComponent(db, t, key), def, caller.modules);
    },

    async removeComponent(db: Trx, templateId: number, key: string): Promise<void> {
      const t = await requireTemplate(db, templateId);
      const c = await requireComponent(db, t, key);
      await store.deleteComponent(db, templateId, t.current_vers, key);
      const rest = await store.selectComponents(db, templateId, t.current_vers);
      for (const [i, r] of rest.entries())
        if (r.position !== i)
          await store.updateComponent(db, templateId, t.current_vers, r.component_key, { position: i });
      // A company's content follows the key across versions: it goes once no version has the component.
      if (!(await store.keyInAnyVersion(db, templateId, c.component_key)))
        await store.deleteOverrides(db, templateId, c.component_key);
      await store.touchTemplate(db, templateId);
    },

    async orderComponents(
      db: Trx,
      tenantId: number,
      caller: BuilderCaller,
      templateId: number,
      keys: readonly string[],
    ): Promise<ComponentRow[]> {
      const t = await requireTemplate(db, templateId);
      const current = await store.selectComponents(db, templateId, t.current_vers);
      if (
        !isCompleteOrder(
          keys,
          current.map((c) => c.component_key),
        )
      )
        refuse([{ path: 'body.component_keys', message: MSG_ORDER }]);
      for (const [i, key] of keys.entries())
        if (current.find((c) => c.component_key === key)!.position !== i)
          await store.updateComponent(db, templateId, t.current_vers, key, { position: i });
      await store.touchTemplate(db, templateId);
      return rows(db, tenantId, t, t.current_vers, caller.modules);
    },

    async companyComponent(
      db: Trx,
      tenantId: number,
      caller: BuilderCaller,
      templateId: number,
      key: string,
      companyId: number,
    ): Promise<CompanyComponentAnswer> {
      const t = await requireTemplate(db, templateId);
      const c = await requireComponent(db, t, key);
      const company = await getCompany(db, companyId);
      if (!company) throw notFound(MSG_COMPANY_NOT_FOUND);
      const override = (await store.selectOverrides(db, templateId, companyId)).get(key);
      const own = override?.properties ?? {};
      const eff = effectiveProperties(c.properties, override ?? null);
      const def = catalogueMap(k).get(c.type);
      const effective = { ...eff.properties };
      const link = viewLink(k, tenantId, effective.fileKey);
      if (link) effective.signedUrl = link;
      return {
        component_key: key,
        tenant_company_id: companyId,
        company_name: company.moniker,
        global: c.properties.global !== false,
        activeFlag: override?.activeFlag ?? true,
        properties: Object.fromEntries(
          COMPANY_PROPERTY_KEYS.filter((p) => own[p] !== undefined).map((p) => [p, own[p]]),
        ),
        shared: c.properties,
        effective,
        active: eff.active,
        needs_attention: needsAttention(def, eff.properties, caller.modules),
      };
    },

    async putCompanyComponent(
      db: Trx,
      tenantId: number,
      templateId: number,
      key: string,
      companyId: number,
      body: CompanyComponentBody,
    ): Promise<void> {
      const t = await requireTemplate(db, templateId);
      const c = await requireComponent(db, t, key);
      if (!(await getCompany(db, companyId))) throw notFound(MSG_COMPANY_NOT_FOUND);
      const stored = (await store.selectOverrides(db, templateId, companyId)).get(key);
      let own = stored?.properties ?? {};
      if (body.properties !== undefined) {
        const def = catalogueMap(k).get(c.type);
        if (!def) refuse([{ path: 'body.properties', message: MSG_UNKNOWN_TYPE }]);
        const checked = await checkedProperties(
          k,
          tenantId,
          def!,
          { ...c.properties, ...body.properties },
          stored?.properties.fileKey ?? c.properties.fileKey,
        );
        own = Object.fromEntries(
          COMPANY_PROPERTY_KEYS.filter((p) => (body.properties as Record<string, unknown>)[p] !== undefined).map(
            (p) => [p, checked[p]],
          ),
        );
      }
      await store.upsertOverride(db, tenantId, templateId, key, companyId, {
        properties: own,
        activeFlag: body.activeFlag ?? stored?.activeFlag ?? true,
      });
      await store.touchTemplate(db, templateId);
    },

    componentTypes(modules: readonly string[]): ComponentTypesAnswer {
      return {
        types: componentCatalogue(k)
          .filter((d) => typeAllowed(d, modules))
          .map((d) => ({
            type: d.type,
            label: d.label,
            description: d.description,
            group: d.group,
            origin: d.origin,
            perCompany: d.perCompany,
            available: d.available,
            reason: d.reason,
            module: d.module ?? null,
          })),
      };
    },

    uploadLink(tenantId: number, body: UploadBody): UploadAnswer {
      const fileName = body.fileName.trim();
      if (!extensionFits(fileName, body.contentType))
        refuse([
          { path: 'body.fileName', message: 'The file name does not match its type (.png, .jpg, .gif or .docx).' },
        ]);
      const fileKey = uploadKey(tenantId, fileName);
      const signedUrl = k.storage.signedUploadUrl(
        fileKey,
        { contentType: body.contentType, maxBytes: body.bytes },
        UPLOAD_LINK_SECONDS,
      );
      return {
        fileKey,
        fileName,
        signedUrl,
        expires_at: new Date(Date.now() + UPLOAD_LINK_SECONDS * 1000).toISOString(),
      };
    },
  };
}
