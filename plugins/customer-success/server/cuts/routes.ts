/**
 * Cut scores call of section 7 "Company data": POST v3/tenant/{tenantId}/cutscores with body
 * { operation: 'get_cuts', payload: { cutsType: 'health' | 'effort' } } answers { cut_scores }.
 */
import { z } from 'zod';
import type { RouteRegistrar } from '../../../../kernel/index';
import { CUTS_TYPES } from '../../shared/cut-scores';
import { loadCutSet } from './store';
import { cutScoresAnswer } from '../../shared/api';

const params = z.object({ tenantId: z.coerce.number().int().positive() });
const body = z.object({
  operation: z.literal('get_cuts'),
  userId: z.number().int().optional(),
  payload: z.object({ cutsType: z.enum(CUTS_TYPES as ['health', 'effort']) }),
});

export function registerCutRoutes(r: RouteRegistrar): void {
  r.post(
    '/v3/tenant/:tenantId/cutscores',
    {
      summary: 'Cut scores of a type (operation get_cuts)',
      tags: ['Customer Success'],
      params,
      body,
      response: cutScoresAnswer,
      module: 'Customer Success',
      write: false,
    },
    async ({ db, body: b }) => {
      const set = await loadCutSet(db, b.payload.cutsType);
      return { cut_scores: set.cuts, isDefault: set.isDefault, cutsVersion: set.cutsVersion };
    },
  );
}
