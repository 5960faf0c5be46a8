/**
 * The tags API (customer-success.md section 7 "Stack and tags"): GET and POST v3/tenantadmin/:tenantId/tenanttag/.
 * POST body { operation: 'get_tags' | 'save_tag', userId?, payload }:
 *   get_tags { typeCode }                                     -> { tenant_tags, tenant_tag_types }
 *   save_tag { tag_id? (absent or 0: new), moniker, color, type_code, active_flag? } -> the same plus records_updated
 * GET ?typeCode= is get_tags. Reads: the Customer Success module; save_tag: tenant admins.
 */
import { z } from 'zod';
import { forbidden, MSG_TENANT_ADMIN, notFound, type RouteRegistrar, type Trx } from '../../../../kernel/index';
import { STACK_TAG_TYPE, TENANT_TAG_TYPES } from '../../shared/stack-catalogue';
import { colour, moniker } from './schemas';
import { listTags, saveTag } from './tags';
import { tenantTagsAnswer, tenantTagsSaved } from '../../shared/api';

const PATH = '/v3/tenantadmin/:tenantId/tenanttag/';
const TYPE_CODES = TENANT_TAG_TYPES.map((t) => t.type_code) as [string, ...string[]];
const typeCode = z.enum(TYPE_CODES, { error: `Must be one of ${TYPE_CODES.join(', ')}` });
const params = z.object({ tenantId: z.coerce.number().int().positive() });
const query = z.object({ typeCode: typeCode.optional() });
const userId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();
const activeFlag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => (v === true || v === 1 ? 1 : 0) as 0 | 1);
const body = z.discriminatedUnion(
  'operation',
  [
    z.object({
      operation: z.literal('get_tags'),
      userId,
      payload: z.object({ typeCode: typeCode.optional() }).default({}),
    }),
    z.object({
      operation: z.literal('save_tag'),
      userId,
      payload: z.object({
        tag_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
        moniker,
        color: colour,
        type_code: typeCode.default(STACK_TAG_TYPE),
        active_flag: activeFlag.optional(),
      }),
    }),
  ],
  { error: "Must be 'get_tags' or 'save_tag'" },
);

async function tagsAnswer(db: Trx, type: string) {
  return {
    tenant_tags: await listTags(db, { typeCode: type }),
    tenant_tag_types: TENANT_TAG_TYPES.map((t) => ({ ...t })),
  };
}

export function registerStackRoutes(r: RouteRegistrar): void {
  const access = { tags: ['Customer Success'], module: 'Customer Success' as const };
  r.get(
    PATH,
    {
      ...access,
      summary: 'Tenant tags of a type (get_tags) and the tag types',
      params,
      query,
      response: tenantTagsAnswer,
    },
    async ({ db, query: q }) => tagsAnswer(db, q.typeCode ?? STACK_TAG_TYPE),
  );

  r.post(
    PATH,
    {
      ...access,
      summary: 'Tenant tags: operation get_tags or save_tag (tenant admins)',
      params,
      body,
      response: z.union([tenantTagsSaved, tenantTagsAnswer]),
      write: (b) => (b as { operation?: string })?.operation === 'save_tag',
    },
    async ({ db, tenantId, body: b, caller, audit }) => {
      if (b.operation === 'get_tags') return tagsAnswer(db, b.payload.typeCode ?? STACK_TAG_TYPE);
      if (!(caller?.isTenantAdmin || caller?.isLciAdmin)) throw forbidden(MSG_TENANT_ADMIN);
      const p = b.payload;
      if (p.tag_id) {
        const [current] = await listTags(db, { ids: [p.tag_id] });
        if (!current || current.type_code !== p.type_code) throw notFound(`Tag ${p.tag_id} not found`);
      }
      const saved = await saveTag(
        db,
        tenantId,
        { tagId: p.tag_id, moniker: p.moniker, color: p.color, typeCode: p.type_code, activeFlag: p.active_flag },
        { moniker: 'body.payload.moniker', id: 'body.payload.tag_id' },
      );
      if (!saved) throw notFound(`Tag ${p.tag_id} not found`);
      await audit(
        'cs.tenanttag.save_tag',
        { moniker: saved.moniker, active_flag: saved.active_flag },
        String(saved.tag_id),
      );
      return { records_updated: 1, ...(await tagsAnswer(db, p.type_code)) };
    },
  );
}
