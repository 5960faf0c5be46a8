/**
 * What a support data resync (`lci admin resync`, /lcisupport/dataresync) re-runs in Customer Success, offered
 * registered into the kernel's resyncStepsPoint: the health and effort scores (metric inputs, placeholder scores,
 * overall scores and this month's history), then the company segments, which place companies by those scores.
 */
import type { ResyncStep } from '../../../kernel/index';
import { recalculate } from './metrics/recalculate';
import { csInputs } from './inputs/request-inputs';
import { computeCompanySegments } from './segments/compute';
import type { CsServices } from './services';

export const csResyncSteps = (cs: CsServices): ResyncStep[] => [
  {
    name: 'scores',
    description: 'Health and effort scores',
    async run(trx, tenantId, progress) {
      const r = await recalculate(trx, tenantId);
      await progress(100, `${r.companies} companies recalculated`);
      return r;
    },
  },
  {
    name: 'segments',
    description: 'Company segments',
    async run(trx, tenantId, progress) {
      const c = await computeCompanySegments(csInputs(cs, trx), tenantId);
      await progress(100, `${c.placements.size} companies placed`);
      return { companies: c.placements.size, computedAt: c.computedAt.toISOString() };
    },
  },
];
