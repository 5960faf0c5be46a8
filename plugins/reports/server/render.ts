/**
 * A report rendered for one company (shared/rendered.ts): the template version's components in order, each with the
 * company's effective properties (the override rule of shared/components.ts; activeFlag off leaves the component
 * out), its needs_attention and its blocks. Used by the builder's preview and, exported, by the Word export and the
 * schedules. A component whose build fails (or answers blocks that are not valid) renders an empty block saying it
 * could not be loaded, and the failure is logged: one component never fails the report. Each build runs in a
 * savepoint, so a failing query of one component leaves the request's transaction usable.
 */
import { notFound, type Kernel, type Trx } from '../../../kernel/index';
import { tenantToday } from '../../../common/dates';
import { DEFAULT_TENANT_FORMAT, type TenantFormat } from '../../../common/tenant-format';
import { getCompany } from '../../companies/public';
import { tenantSettings } from '../../settings/public';
import { reportBlock, type ReportBlock } from '../shared/blocks';
import { effectiveProperties } from '../shared/components';
import type { RenderedComponent, RenderedReport } from '../shared/rendered';
import { selectComponents, selectOverrides, selectTemplate, versionExists } from './builder-store';
import { MSG_TYPE_GONE, catalogueMap, msgNeedsModule, needsAttention, typeAllowed } from './components/catalogue';
import type { BuilderComponentDef } from './components/types';

interface RenderOptions {
  templateId: number;
  /** The version (default: the template's current one). */
  vers?: number;
  /** The company the report is for; null or absent: the shared content (components needing a company say so). */
  companyId?: number | null;
  /** The caller's modules (a type whose module is not among them shows needs_attention); absent: not checked. */
  modules?: readonly string[];
  /** Seconds the signed links of image and Word file blocks stay valid (default 600). */
  linkSeconds?: number;
  /** The date the report is made for (default today in the tenant's time zone). */
  asOf?: string;
}

export const MSG_TEMPLATE_NOT_FOUND = 'Report template not found';
export const MSG_VERSION_NOT_FOUND = 'This version of the report template does not exist';
export const MSG_COMPANY_NOT_FOUND = 'Company not found';
const MSG_COMPONENT_FAILED = 'This component could not be loaded. The rest of the report is shown; try again later.';
const MSG_CHOOSE_COMPANY = 'Choose a company to see this component with its data.';
const MSG_FILE_UNAVAILABLE = 'The file of this component is not available; upload it again.';

const empty = (title: string, message: string): ReportBlock => ({ kind: 'empty', title, message });

async function tenantFormat(k: Kernel, db: Trx, tenantId: number): Promise<TenantFormat> {
  const s = await tenantSettings(k, db, tenantId);
  return {
    currency: s.currency || DEFAULT_TENANT_FORMAT.currency,
    dateFormat: s.dateFormat || DEFAULT_TENANT_FORMAT.dateFormat,
    timeZone: s.timeZone || DEFAULT_TENANT_FORMAT.timeZone,
    fiscalYearStartMonth: s.fiscalYearStartMonth || DEFAULT_TENANT_FORMAT.fiscalYearStartMonth,
  };
}

/** File blocks get a short-lived link; a key outside the tenant's storage is never signed (the block says so). */
function signFiles(k: Kernel, tenantId: number, blocks: ReportBlock[], seconds: number): ReportBlock[] {
  return blocks.map((b) => {
    if (b.kind !== 'image' && b.kind !== 'wordFile') return b;
    if (!b.fileKey.startsWith(`tenants/${tenantId}/`) || b.fileKey.includes('..'))
      return empty('File not available', MSG_FILE_UNAVAILABLE);
    try {
      return { ...b, url: k.storage.signedUrl(b.fileKey, seconds) };
    } catch {
      return empty('File not available', MSG_FILE_UNAVAILABLE);
    }
  });
}

type Isolation = { mode: 'unknown' | 'nested' | 'savepoint' | 'none'; n: number };

/**
 * Runs one component's build so that a failing query leaves the request's transaction usable: a nested transaction
 * (a savepoint) where the database offers one, else a SAVEPOINT statement; a read-only request on PostgreSQL runs
 * each statement on its own, so nothing is needed there.
 */
async function isolated<T>(db: Trx, iso: Isolation, fn: (db: Trx) => Promise<T>): Promise<T> {
  if (iso.mode === 'unknown' || iso.mode === 'nested') {
    let ran = false;
    try {
      const out = await db.transaction((sp) => {
        ran = true;
        return fn(sp);
      });
      iso.mode = 'nested';
      return out;
    } catch (e) {
      if (ran) throw e;
      iso.mode = 'savepoint';
    }
  }
  if (iso.mode === 'savepoint') {
    const name = `report_component_${++iso.n}`;
    try {
      await db.raw(`savepoint ${name}`);
    } catch {
      iso.mode = 'none';
      return fn(db);
    }
    try {
      const out = await fn(db);
      await db.raw(`release savepoint ${name}`);
      return out;
    } catch (e) {
      await db.raw(`rollback to savepoint ${name}`).catch(() => undefined);
      throw e;
    }
  }
  return fn(db);
}

async function buildBlocks(
  k: Kernel,
  def: BuilderComponentDef,
  ctx: Parameters<BuilderComponentDef['build']>[0],
  iso: Isolation,
  where: Record<string, unknown>,
): Promise<ReportBlock[]> {
  try {
    const raw = await isolated(ctx.db, iso, (db) => def.build({ ...ctx, db }));
    const blocks = (Array.isArray(raw) ? raw : []).map((b) => reportBlock.parse(b));
    return blocks.length ? blocks : [empty('Nothing to show', 'This component has no data for this report.')];
  } catch (e) {
    k.log.warn(
      { ...where, type: def.type, err: String((e as Error)?.message ?? e).slice(0, 500) },
      'report component failed',
    );
    return [empty('Could not be loaded', MSG_COMPONENT_FAILED)];
  }
}

export async function renderReport(k: Kernel, db: Trx, tenantId: number, opts: RenderOptions): Promise<RenderedReport> {
  const template = await selectTemplate(db, opts.templateId);
  if (!template) throw notFound(MSG_TEMPLATE_NOT_FOUND);
  const vers = opts.vers ?? template.current_vers;
  if (!(await versionExists(db, opts.templateId, vers))) throw notFound(MSG_VERSION_NOT_FOUND);
  const companyId = opts.companyId ?? null;
  let companyName: string | null = null;
  if (companyId !== null) {
    const company = await getCompany(db, companyId);
    if (!company) throw notFound(MSG_COMPANY_NOT_FOUND);
    companyName = company.moniker;
  }
  const format = await tenantFormat(k, db, tenantId);
  const asOf = opts.asOf ?? tenantToday(format);
  const overrides = companyId !== null ? await selectOverrides(db, opts.templateId, companyId) : new Map();
  const catalogue = catalogueMap(k);
  const components: RenderedComponent[] = [];
  const iso: Isolation = { mode: 'unknown', n: 0 };
  for (const c of await selectComponents(db, opts.templateId, vers)) {
    const { properties, active } = effectiveProperties(c.properties, overrides.get(c.component_key));
    if (!active) continue;
    const def = catalogue.get(c.type);
    const title = properties.title || def?.label || c.type;
    const attention = needsAttention(def, properties, opts.modules);
    let blocks: ReportBlock[];
    if (!def) blocks = [empty('Not available', MSG_TYPE_GONE)];
    else if (!typeAllowed(def, opts.modules)) blocks = [empty('Not available', msgNeedsModule(def.module!))];
    else if (def.perCompany && companyId === null && def.available)
      blocks = [empty('Choose a company', MSG_CHOOSE_COMPANY)];
    else
      blocks = await buildBlocks(k, def, { db, k, tenantId, companyId, properties, format, asOf }, iso, {
        tenantId,
        templateId: opts.templateId,
        vers,
        component_key: c.component_key,
      });
    components.push({
      component_key: c.component_key,
      type: c.type,
      title,
      needs_attention: attention,
      blocks: signFiles(k, tenantId, blocks, opts.linkSeconds ?? 600),
    });
  }
  return {
    report_template_id: template.report_template_id,
    vers,
    name: template.name,
    tenant_company_id: companyId,
    company_name: companyName,
    as_of: asOf,
    components,
  };
}
