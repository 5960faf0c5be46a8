/**
 * saveStackServices (customer-success.md section 7 "Stack and tags"; issue 6 contract): creates and updates services
 * with their products and tags in one transaction. New services and products carry negative temporary ids; the
 * answer maps them to the real ids (idMap, productIdMap). Only the fields sent change. A tag leaving a service
 * applies its tag-deletion treatment (tagDeletions; leaveAsIs when none is sent) to the companies' alignment items.
 * Create (POST) and update (PUT /:id) of TenantCsStackService run through the same code.
 */
import { badRequest, type Trx } from '../../../../kernel/index';
import type { FieldError } from '../../../../kernel/index';
import { STACK_TAG_TYPE } from '../../shared/stack-catalogue';
import { DEFAULT_TAG_DELETION_TREATMENT, type TagDeletionTreatment } from '../../shared/stack-tag-deletion';
import { assertVersion } from '../versioning';
import type { ProductBody, SaveServicesBody, ServiceChange } from './schemas';
import { applyTagRemoval, type TagRemoval } from './tag-deletion';

interface SaveServicesResult {
  idMap: Record<string, number>;
  productIdMap: Record<string, number>;
  /** Services created or changed. */
  recordsUpdated: number;
  /** Real ids of the services sent, in the order sent. */
  serviceIds: number[];
}

const SERVICE_FIELDS: [keyof ServiceChange, string][] = [
  ['moniker', 'moniker'],
  ['description', 'description'],
  ['sort', 'sort'],
  ['order', 'order'],
  ['categoryId', 'category_id'],
  ['defaultApplicableFlag', 'default_applicable_flag'],
  ['defaultAlignment', 'default_alignment'],
  ['defaultPartOfContractFlag', 'default_part_of_contract_flag'],
  ['defaultChargeEstimate', 'default_charge_estimate'],
  ['defaultCalcType', 'default_calc_type'],
  ['activeFlag', 'active_flag'],
];
const BOOLEAN_COLUMNS = new Set([
  'default_applicable_flag',
  'default_part_of_contract_flag',
  'active_flag',
  'preferred_flag',
]);
const NUMERIC_COLUMNS = new Set(['default_charge_estimate', 'charge_estimate', 'category_id']);

function column(col: string, v: unknown): unknown {
  if (BOOLEAN_COLUMNS.has(col)) return v === 1 || v === true;
  return v;
}
function same(col: string, stored: unknown, v: unknown): boolean {
  if (BOOLEAN_COLUMNS.has(col)) return Boolean(stored) === Boolean(v);
  if (NUMERIC_COLUMNS.has(col)) return (stored === null ? null : Number(stored)) === (v === null ? null : Number(v));
  return stored === v;
}

function productColumns(p: ProductBody): Record<string, unknown> {
  const out: Record<string, unknown> = { moniker: p.moniker, calc_type: p.calcType, charge_estimate: p.chargeEstimate };
  if (p.description !== undefined) out.description = p.description;
  if (p.preferredFlag !== undefined) out.preferred_flag = p.preferredFlag === 1;
  if (p.activeFlag !== undefined) out.active_flag = p.activeFlag === 1;
  if (p.sort !== undefined) out.sort = p.sort;
  return out;
}

/** Checks every id of the request against the tenant's records (RLS: another tenant's ids are not found). */
async function checkReferences(
  db: Trx,
  body: SaveServicesBody,
  stored: Map<number, Record<string, unknown>>,
  pathOf: (i: number) => string,
): Promise<void> {
  const errors: FieldError[] = [];
  const services = body.services;
  const categoryIds = [...new Set(services.map((s) => s.categoryId).filter((v): v is number => typeof v === 'number'))];
  const tagIds = [
    ...new Set([...services.flatMap((s) => s.tagIds ?? []), ...(body.tagDeletions ?? []).map((d) => d.tagId)]),
  ];
  const categories = new Set(
    categoryIds.length
      ? (
          await db('cs_stack_categories')
            .whereIn('cs_stack_category_id', categoryIds)
            .where('active_flag', true)
            .pluck('cs_stack_category_id')
        ).map(Number)
      : [],
  );
  const tags = new Map<number, boolean>(
    tagIds.length
      ? (
          await db('tenant_tags')
            .whereIn('tag_id', tagIds)
            .where('type_code', STACK_TAG_TYPE)
            .select('tag_id', 'active_flag')
        ).map((t) => [Number(t.tag_id), Boolean(t.active_flag)])
      : [],
  );
  const existingIds = services.filter((s) => s.serviceId > 0).map((s) => s.serviceId);
  const products = new Map<number, number>(
    existingIds.length
      ? (await db('cs_stack_products').whereIn('service_id', existingIds).select('product_id', 'service_id')).map(
          (p) => [Number(p.product_id), Number(p.service_id)],
        )
      : [],
  );
  const tempIds = new Set<number>();
  const seen = new Set<number>();
  services.forEach((s, i) => {
    const at = pathOf(i);
    if (seen.has(s.serviceId)) errors.push({ path: `${at}.serviceId`, message: 'Listed twice' });
    seen.add(s.serviceId);
    if (s.serviceId > 0 && !stored.has(s.serviceId))
      errors.push({ path: `${at}.serviceId`, message: `Unknown service ${s.serviceId}` });
    if (s.serviceId < 0) {
      tempIds.add(s.serviceId);
      if (s.moniker === undefined) errors.push({ path: `${at}.moniker`, message: 'Required.' });
    }
    if (typeof s.categoryId === 'number' && !categories.has(s.categoryId))
      errors.push({ path: `${at}.categoryId`, message: `Unknown category ${s.categoryId}` });
    (s.tagIds ?? []).forEach((t, j) => {
      if (!tags.get(t)) errors.push({ path: `${at}.tagIds.${j}`, message: `Unknown tag ${t}` });
    });
    const newProducts = new Set<number>();
    const productSeen = new Set<number>();
    (s.products ?? []).forEach((p, j) => {
      const pid = p.productId;
      if (pid === undefined) return;
      if (productSeen.has(pid)) errors.push({ path: `${at}.products.${j}.productId`, message: 'Listed twice' });
      productSeen.add(pid);
      if (pid < 0) newProducts.add(pid);
      else if (products.get(pid) !== s.serviceId)
        errors.push({ path: `${at}.products.${j}.productId`, message: `Unknown product ${pid} of this service` });
    });
    (s.productIds ?? []).forEach((pid, j) => {
      if (pid < 0 ? !newProducts.has(pid) : products.get(pid) !== s.serviceId)
        errors.push({ path: `${at}.productIds.${j}`, message: `Unknown product ${pid} of this service` });
    });
  });
  (body.tagDeletions ?? []).forEach((d, i) => {
    const at = `body.tagDeletions.${i}`;
    if (d.serviceId > 0 ? !stored.has(d.serviceId) : !tempIds.has(d.serviceId))
      errors.push({ path: `${at}.serviceId`, message: `Unknown service ${d.serviceId}` });
    if (!tags.has(d.tagId)) errors.push({ path: `${at}.tagId`, message: `Unknown tag ${d.tagId}` });
  });
  if (errors.length) throw badRequest('Invalid stack services', errors);
}

async function activeTagsOf(db: Trx, serviceId: number): Promise<number[]> {
  return (
    await db('cs_stack_service_tags as st')
      .join('tenant_tags as t', function () {
        this.on('t.tenant_id', 'st.tenant_id').andOn('t.tag_id', 'st.tag_id');
      })
      .where({ 'st.service_id': serviceId, 't.active_flag': true })
      .pluck('st.tag_id')
  ).map(Number);
}

/** pathOf: where the i-th service sits in the request, for 400 field names (create and update: 'body'). */
export async function saveStackServices(
  db: Trx,
  tenantId: number,
  body: SaveServicesBody,
  userId: number | null,
  pathOf: (i: number) => string = (i) => `body.services.${i}`,
): Promise<SaveServicesResult> {
  const positive = [
    ...new Set(
      [...body.services.map((s) => s.serviceId), ...(body.tagDeletions ?? []).map((d) => d.serviceId)].filter(
        (v) => v > 0,
      ),
    ),
  ];
  const stored = new Map<number, Record<string, unknown>>(
    positive.length
      ? (await db('cs_stack_services').whereIn('service_id', positive).forUpdate().select('*')).map((r) => [
          Number(r.service_id),
          r,
        ])
      : [],
  );
  await checkReferences(db, body, stored, pathOf);

  const idMap: Record<string, number> = {};
  const productIdMap: Record<string, number> = {};
  const touched = new Set<number>();
  const removals = new Map<string, TagRemoval>();
  const serviceIds: number[] = [];

  for (const s of body.services) {
    let serviceId = s.serviceId;
    let changed = false;
    const patch: Record<string, unknown> = {};
    const row = stored.get(serviceId);
    if (row) assertVersion(Number(row.version), s.version);
    for (const [field, col] of SERVICE_FIELDS) {
      const v = s[field];
      if (v === undefined) continue;
      if (!row || !same(col, row[col], v)) patch[col] = column(col, v);
    }
    if (!row) {
      const [inserted] = await db('cs_stack_services')
        .insert({ tenant_id: tenantId, ...patch })
        .returning('service_id');
      serviceId = Number(inserted.service_id ?? inserted);
      idMap[String(s.serviceId)] = serviceId;
      changed = true;
    } else if (Object.keys(patch).length) {
      changed = true;
    }
    serviceIds.push(serviceId);

    if (s.tagIds) {
      const current = await activeTagsOf(db, serviceId);
      const next = [...new Set(s.tagIds)];
      const removed = current.filter((t) => !next.includes(t));
      const added = next.filter((t) => !current.includes(t));
      if (removed.length)
        await db('cs_stack_service_tags').where({ service_id: serviceId }).whereIn('tag_id', removed).delete();
      if (added.length)
        await db('cs_stack_service_tags')
          .insert(added.map((t) => ({ tenant_id: tenantId, service_id: serviceId, tag_id: t })))
          .onConflict(['tenant_id', 'service_id', 'tag_id'])
          .ignore();
      for (const t of removed)
        removals.set(`${serviceId}:${t}`, { serviceId, tagId: t, treatment: DEFAULT_TAG_DELETION_TREATMENT });
      if (removed.length || added.length) changed = true;
    }

    const mentioned = new Set<number>();
    for (const p of s.products ?? []) {
      if (p.productId !== undefined && p.productId > 0) {
        mentioned.add(p.productId);
        const current = await db('cs_stack_products').first('*').where({ product_id: p.productId });
        const cols = productColumns(p);
        const diff = Object.fromEntries(Object.entries(cols).filter(([c, v]) => !same(c, current[c], v)));
        if (Object.keys(diff).length) {
          await db('cs_stack_products')
            .where({ product_id: p.productId })
            .update({ ...diff, updated_at: db.fn.now() });
          changed = true;
        }
      } else {
        const [inserted] = await db('cs_stack_products')
          .insert({ tenant_id: tenantId, service_id: serviceId, ...productColumns(p) })
          .returning('product_id');
        const realId = Number(inserted.product_id ?? inserted);
        if (p.productId !== undefined) {
          productIdMap[String(p.productId)] = realId;
          mentioned.add(realId);
        }
        changed = true;
      }
    }
    if (s.productIds) {
      // Products of the service left out of productIds (and not sent in products) are marked for deletion.
      const keep = new Set([...s.productIds.map((pid) => (pid < 0 ? productIdMap[String(pid)] : pid)), ...mentioned]);
      const drop = (
        await db('cs_stack_products').where({ service_id: serviceId, active_flag: true }).pluck('product_id')
      )
        .map(Number)
        .filter((pid) => !keep.has(pid));
      if (drop.length) {
        await db('cs_stack_products')
          .whereIn('product_id', drop)
          .update({ active_flag: false, updated_at: db.fn.now() });
        changed = true;
      }
    }

    if (row && changed) {
      await db('cs_stack_services')
        .where({ service_id: serviceId })
        .update({ ...patch, version: Number(row.version) + 1, updated_at: db.fn.now() });
      row.version = Number(row.version) + 1;
    }
    if (changed) touched.add(serviceId);
  }

  for (const d of body.tagDeletions ?? []) {
    const serviceId = d.serviceId < 0 ? idMap[String(d.serviceId)] : d.serviceId;
    const linked = await db('cs_stack_service_tags').where({ service_id: serviceId, tag_id: d.tagId }).delete();
    if (Number(linked) > 0) {
      const row = stored.get(serviceId);
      if (row && !touched.has(serviceId)) {
        await db('cs_stack_services')
          .where({ service_id: serviceId })
          .update({ version: Number(row.version) + 1, updated_at: db.fn.now() });
        row.version = Number(row.version) + 1;
      }
      touched.add(serviceId);
    }
    const key = `${serviceId}:${d.tagId}`;
    if (Number(linked) > 0 || removals.has(key))
      removals.set(key, { serviceId, tagId: d.tagId, treatment: d.treatment as TagDeletionTreatment });
  }
  for (const r of removals.values()) {
    if (stored.has(r.serviceId)) await applyTagRemoval(db, tenantId, r, userId);
  }
  return { idMap, productIdMap, recordsUpdated: touched.size, serviceIds };
}
