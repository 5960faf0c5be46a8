/**
 * Contract exclusions: TenantCsContractExclude (tenant level; reads: the module; writes: tenant admins with
 * Read/Write on /cs/admin/csAppSettings). The list carries `options: { vendors, accounts }` (the distinct values
 * of the tenant's contracts); PUT saves a set of rows (new ones without id; existing ones with activeFlag 0 are
 * soft deleted); DELETE /:id soft deletes one. Exactly one of excludeVendor and excludeAccount per row.
 */
import { z } from 'zod';
import { EXCLUSION_VALUE_MAX, MSG_EXACTLY_ONE } from '../../shared/contract-exclusion';
import { csResult, type CsObjectDef } from '../../../customer-success/public';
import { defineStackObject } from '../define';
import { CS_APP_SETTINGS_PAGE } from '../pages';
import * as store from './store';
import { contractExclusion, contractExclusionsExtra } from '../../shared/api';

const value = z.string().trim().max(EXCLUSION_VALUE_MAX, `Max ${EXCLUSION_VALUE_MAX} characters`).nullish();

/** One row of a save: exactly one of excludeVendor and excludeAccount set (non-blank), the other null or absent. */
const exclusionInput = z
  .object({
    tenantCsContractExcludeId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    excludeVendor: value,
    excludeAccount: value,
    activeFlag: z.union([z.literal(0), z.literal(1)]).optional(),
  })
  .superRefine((r, ctx) => {
    if (Boolean(r.excludeVendor) === Boolean(r.excludeAccount)) {
      ctx.addIssue({
        code: 'custom',
        path: [r.excludeVendor ? 'excludeAccount' : 'excludeVendor'],
        message: MSG_EXACTLY_ONE,
      });
    }
  });

const saveSchema = z.object({ excludes: z.array(exclusionInput).max(1000, 'At most 1000 rows per save') });

async function listWithOptions(db: Parameters<typeof store.listExclusions>[0], activeFlag: 0 | 1) {
  return csResult(await store.listExclusions(db, activeFlag), { options: await store.exclusionOptionsOf(db) });
}

const tenantCsContractExclude = defineStackObject({
  name: 'TenantCsContractExclude',
  responseKey: 'tenantCsContractExcludes',
  companyLevel: false,
  summary:
    "Contract exclusions: vendors and accounts left out of the Customer Success views (with the options of the tenant's contracts)",
  pages: { write: CS_APP_SETTINGS_PAGE },
  adminWrites: true,
  reply: { row: contractExclusion, extra: contractExclusionsExtra },
  schema: exclusionInput,
  list: ({ db }, { activeFlag }) => listWithOptions(db, activeFlag),
  get: ({ db }, id) => store.getExclusion(db, id),
  remove: ({ db, caller, cs }, id) => store.deactivateExclusion(cs, db, id, caller?.userId ?? null),
  save: {
    schema: saveSchema,
    async handler({ db, tenantId, caller, cs }, body: z.output<typeof saveSchema>) {
      const records = await store.saveExclusions(cs, db, tenantId, body.excludes, caller?.userId ?? null);
      const result = await listWithOptions(db, 1);
      return csResult(result.value, { ...result.extra, records_updated: records });
    },
  },
});

export const EXCLUSION_OBJECTS: CsObjectDef[] = [tenantCsContractExclude];
