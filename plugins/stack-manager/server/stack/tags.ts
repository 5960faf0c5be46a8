/**
 * Tenant tags (tenant_tags; stack tags have typeCode 'cs_stack'): name and colour, soft deleted. Deleting a tag takes
 * it off every service and company; the services' alignments are kept as they were (the leaveAsIs treatment), so a
 * deleted tag never changes what applies to a company silently.
 */
import type { z } from 'zod';
import { badRequest, type Trx } from '../../../../kernel/index';
import type { tenantTag } from '../../shared/api';
import { normaliseColour, STACK_TAG_TYPE } from '../../shared/stack-catalogue';
import { applyTagRemoval } from './tag-deletion';

/** A tag as stored, as the tenant tags API answers it (shared/api.ts `tenantTag`). */
type TagRow = z.infer<typeof tenantTag>;

const toRow = (r: Record<string, unknown>): TagRow => ({
  tag_id: Number(r.tag_id),
  moniker: String(r.moniker),
  color: String(r.color),
  type_code: String(r.type_code),
  active_flag: r.active_flag ? 1 : 0,
});

export async function listTags(
  db: Trx,
  opts: { typeCode?: string; activeFlag?: 0 | 1 | 'all'; ids?: number[] } = {},
): Promise<TagRow[]> {
  const q = db('tenant_tags')
    .select('tag_id', 'moniker', 'color', 'type_code', 'active_flag')
    .orderBy([{ column: 'moniker' }, { column: 'tag_id' }]);
  if (opts.typeCode) q.where('type_code', opts.typeCode);
  if (opts.ids) q.whereIn('tag_id', opts.ids);
  if (opts.activeFlag !== 'all' && !opts.ids) q.where('active_flag', (opts.activeFlag ?? 1) === 1);
  return (await q).map(toRow);
}

/** The object API shape of TenantCsStackTag. */
export const tagToApi = (t: TagRow) => ({
  tagId: t.tag_id,
  moniker: t.moniker,
  color: t.color,
  typeCode: t.type_code,
  activeFlag: t.active_flag,
});

async function assertUniqueName(
  db: Trx,
  typeCode: string,
  moniker: string,
  exceptId: number | null,
  path: string,
): Promise<void> {
  const q = db('tenant_tags')
    .first('tag_id')
    .where({ type_code: typeCode, active_flag: true })
    .whereRaw('lower(moniker) = lower(?)', [moniker]);
  if (exceptId) q.whereNot('tag_id', exceptId);
  if (await q)
    throw badRequest('A tag with this name already exists', [{ path, message: 'A tag with this name already exists' }]);
}

interface TagInput {
  tagId?: number | null;
  moniker?: string;
  color?: string;
  typeCode?: string;
  activeFlag?: 0 | 1;
}

/**
 * Creates (no id, or 0) or updates a tag. Returns the tag, or undefined when the id is not one of the tenant's tags.
 * paths: the field names used in a 400 (object API: body.moniker; tags API: body.payload.moniker).
 */
export async function saveTag(
  db: Trx,
  tenantId: number,
  t: TagInput,
  paths = { moniker: 'body.moniker', id: 'body.tagId' },
): Promise<TagRow | undefined> {
  const typeCode = t.typeCode ?? STACK_TAG_TYPE;
  if (!t.tagId) {
    if (t.moniker === undefined) throw badRequest('Required.', [{ path: paths.moniker, message: 'Required.' }]);
    if (t.activeFlag !== 0) await assertUniqueName(db, typeCode, t.moniker, null, paths.moniker);
    const [row] = await db('tenant_tags')
      .insert({
        tenant_id: tenantId,
        type_code: typeCode,
        moniker: t.moniker,
        ...(t.color ? { color: normaliseColour(t.color) } : {}),
        active_flag: t.activeFlag !== 0,
      })
      .returning(['tag_id', 'moniker', 'color', 'type_code', 'active_flag']);
    return toRow(row);
  }
  const current = await db('tenant_tags').first('*').where({ tag_id: t.tagId });
  if (!current) return undefined;
  const wasActive = Boolean(current.active_flag);
  const willBeActive = t.activeFlag === undefined ? wasActive : t.activeFlag === 1;
  if (willBeActive) await assertUniqueName(db, current.type_code, t.moniker ?? current.moniker, t.tagId, paths.moniker);
  const patch: Record<string, unknown> = { updated_at: db.fn.now(), active_flag: willBeActive };
  if (t.moniker !== undefined) patch.moniker = t.moniker;
  if (t.color !== undefined) patch.color = normaliseColour(t.color);
  const [row] = await db('tenant_tags')
    .where({ tag_id: t.tagId })
    .update(patch)
    .returning(['tag_id', 'moniker', 'color', 'type_code', 'active_flag']);
  if (wasActive && !willBeActive) await leaveAlignmentsAsTheyAre(db, tenantId, t.tagId, null);
  return toRow(row);
}

/** After a tag is deactivated: every service that carried it keeps its companies' applicability (leaveAsIs). */
async function leaveAlignmentsAsTheyAre(
  db: Trx,
  tenantId: number,
  tagId: number,
  userId: number | null,
): Promise<void> {
  const services = (await db('cs_stack_service_tags').where({ tag_id: tagId }).pluck('service_id')).map(Number);
  for (const serviceId of services)
    await applyTagRemoval(db, tenantId, { serviceId, tagId, treatment: 'leaveAsIs' }, userId);
}

/** Soft delete; false when there is no active tag with this id. */
export async function deleteTag(db: Trx, tenantId: number, tagId: number, userId: number | null): Promise<boolean> {
  const n = await db('tenant_tags')
    .where({ tag_id: tagId, active_flag: true })
    .update({ active_flag: false, updated_at: db.fn.now() });
  if (!Number(n)) return false;
  await leaveAlignmentsAsTheyAre(db, tenantId, tagId, userId);
  return true;
}
