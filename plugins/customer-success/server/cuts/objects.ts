/**
 * Object types TenantCsHealthCut and TenantCsEffortCut: GET lists the cuts (defaults when none are saved; extra
 * isDefault and cutsVersion), PUT without id saves the whole set { cuts: [{ max | max_score, variant }], cutsVersion },
 * DELETE /:id removes one band. Writes by tenant admins (Account Settings page).
 */
import { z } from 'zod';
import { CUT_VARIANTS, type CutsType } from '../../shared/cut-scores';
import { csResult, defineCsObject, type CsObjectDef } from '../object-api/registry';
import { ACCOUNT_SETTINGS_PAGE } from '../pages';
import { cutRow, cutSetExtra } from '../../shared/api';
import { deleteCut, loadCutSet, saveCuts, type CutSet } from './store';

const score = z
  .number()
  .int('A whole number from 0 to 100')
  .min(0, 'A whole number from 0 to 100')
  .max(100, 'A whole number from 0 to 100');
const cutBody = z
  .object({ max: score.optional(), max_score: score.optional(), variant: z.enum(CUT_VARIANTS) })
  .refine((c) => c.max !== undefined || c.max_score !== undefined, {
    message: 'Required: max or max_score',
    path: ['max'],
  })
  .transform((c) => ({ max: (c.max ?? c.max_score)!, variant: c.variant }));
const saveCutsBody = z.object({
  cuts: z.array(cutBody).min(1, 'At least one cut is needed').max(6, 'At most 6 cuts'),
  cutsVersion: z.string().max(100).optional(),
});

const answer = (s: CutSet) => csResult(s.cuts, { isDefault: s.isDefault, cutsVersion: s.cutsVersion });

function cutObject(
  type: CutsType,
  name: 'TenantCsHealthCut' | 'TenantCsEffortCut',
  responseKey: 'tenantCsHealthCuts' | 'tenantCsEffortCuts',
): CsObjectDef {
  return defineCsObject({
    name,
    responseKey,
    companyLevel: false,
    summary: `${type === 'health' ? 'Health' : 'Effort'} cut scores`,
    pages: { write: ACCOUNT_SETTINGS_PAGE },
    adminWrites: true,
    reply: { row: cutRow(type), extra: cutSetExtra },
    schema: z.object({}),
    list: async ({ db }) => answer(await loadCutSet(db, type)),
    save: {
      schema: saveCutsBody,
      handler: async ({ db, tenantId }, body: z.output<typeof saveCutsBody>) =>
        answer(await saveCuts(db, tenantId, type, body.cuts, body.cutsVersion)),
    },
    remove: ({ db }, id) => deleteCut(db, type, id),
  });
}

export const tenantCsHealthCut = cutObject('health', 'TenantCsHealthCut', 'tenantCsHealthCuts');
export const tenantCsEffortCut = cutObject('effort', 'TenantCsEffortCut', 'tenantCsEffortCuts');
