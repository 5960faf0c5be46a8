/**
 * GET /v3/tenant/:tenantId/flags -> { flags } for the caller;
 * PUT /v3/tenant/:tenantId/flags/:key { value, userId? } (tenant admin);
 * DELETE /v3/tenant/:tenantId/flags/:key?userId= removes an override (tenant admin).
 */
import { z } from 'zod';
import { flagSetAnswer, flagsAnswer, flagUnsetAnswer } from '../../common/api/flags';
import type { Trx } from '../db/database';
import { notFound } from '../http/errors';
import type { RouteRegistrar } from '../http/route-spec';
import type { Kernel } from '../kernel';
import type { createFlagService } from './service';

const params = z.object({ tenantId: z.coerce.number().int().positive() });
const keyParams = params.extend({
  key: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a flag key (lowercase letters, digits and dashes)'),
});
const setBody = z.object({
  value: z.boolean({ message: 'must be true or false' }),
  userId: z.coerce.number().int().positive().nullish(),
});
const unsetQuery = z.object({ userId: z.coerce.number().int().positive().optional() });

async function requireMember(trx: Trx, tenantId: number, userId: number | null | undefined) {
  if (!userId) return;
  if (!(await trx('tenant_users').where({ tenant_id: tenantId, user_id: userId }).first('user_id')))
    throw notFound(`User ${userId} is not a user of this tenant`);
}

export function registerFlagRoutes(r: RouteRegistrar, k: Kernel): void {
  const flags = () => k.flags as ReturnType<typeof createFlagService>;
  r.get(
    '/v3/tenant/:tenantId/flags',
    {
      summary: 'Feature flags of the caller (tenant, parent provider tenant and user values; default off)',
      tags: ['flags'],
      params,
      response: flagsAnswer,
    },
    async ({ db, tenantId, caller }) => {
      return { flags: await k.flags.all(db, tenantId, caller!.userId) };
    },
  );
  r.put(
    '/v3/tenant/:tenantId/flags/:key',
    {
      summary: 'Set a feature flag for the tenant or one of its users',
      tags: ['flags'],
      auth: 'tenantAdmin',
      params: keyParams,
      body: setBody,
      response: flagSetAnswer,
    },
    async ({ db, tenantId, params: p, body, audit }) => {
      await requireMember(db, tenantId, body.userId);
      await k.flags.set(db, tenantId, body.userId ?? null, p.key, body.value);
      await audit('flag.set', { key: p.key, value: body.value, userId: body.userId ?? null }, `flag:${p.key}`);
      return {
        key: p.key,
        value: body.value,
        userId: body.userId ?? null,
        flags: await k.flags.all(db, tenantId, body.userId ?? null),
      };
    },
  );
  r.delete(
    '/v3/tenant/:tenantId/flags/:key',
    {
      summary: "Remove the tenant's or a user's own value of a flag",
      tags: ['flags'],
      auth: 'tenantAdmin',
      params: keyParams,
      query: unsetQuery,
      response: flagUnsetAnswer,
    },
    async ({ db, tenantId, params: p, query, audit }) => {
      const removed = await flags().unset(db, tenantId, query.userId ?? null, p.key);
      if (removed) await audit('flag.unset', { key: p.key, userId: query.userId ?? null }, `flag:${p.key}`);
      return { key: p.key, removed };
    },
  );
}
