/**
 * The realtime function customerSegments (customer-success.md section 4 "Stale segments", section 7 "Realtime"):
 * computes the segments fresh and answers { segments, stale_data } for the filters of the payload. Sent over the
 * socket (apiinvoke) or its HTTP fallback; runs in the caller's tenant transaction. Needs the Customer Success module.
 */
import { badRequest, forbidden, type RealtimeContext } from '../../../../kernel/index';
import { CS_MODULE } from '../object-api/paths';
import { freshSegments } from './fresh';
import { refreshBody } from './schema';
import type { CsServices } from '../services';

export const customerSegments =
  (cs: CsServices) =>
  async ({ caller, tenantId, db, payload }: RealtimeContext): Promise<{ segments: unknown; stale_data: boolean }> => {
    if (!caller.modules.includes(CS_MODULE)) throw forbidden('This function needs the Customer Success module');
    const parsed = refreshBody.safeParse(payload ?? {});
    if (!parsed.success)
      throw badRequest(
        'Invalid payload',
        parsed.error.issues.map((i) => ({ path: ['payload', ...i.path].join('.'), message: i.message })),
      );
    const r = await freshSegments(cs, db, tenantId, parsed.data.filters);
    return { segments: r.value, stale_data: Boolean(r.extra.stale_data) };
  };
