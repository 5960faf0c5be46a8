/** The HTTP fallback of apiinvoke, for clients whose socket is not open. */
import { z } from 'zod';
import type { RouteRegistrar } from '../http/route-spec';
import type { Kernel } from '../kernel';
import { callFunction, fallbackDispatch, type FunctionRegistry } from './invoke';

const APIINVOKE_PATH = '/v3/tenant/:tenantId/apiinvoke/:function';

export function registerRealtimeRoutes(r: RouteRegistrar, k: Kernel, registry: FunctionRegistry): void {
  r.post(
    APIINVOKE_PATH,
    {
      summary: "Calls a realtime (apiinvoke) function over HTTP, in the caller's tenant",
      tags: ['realtime'],
      params: z.object({
        tenantId: z.coerce.number().int().positive(),
        function: z.string().regex(/^[A-Za-z][A-Za-z0-9_.:-]{0,199}$/, 'must be a function name'),
      }),
      body: z.object({ payload: z.unknown().optional() }),
      // The envelope; what `data` holds is the function's own (realtime functions declare no reply schema yet).
      response: z.object({ data: z.unknown() }),
      // The function's own access (page, module, write...) through the same checks as the socket (invoke.ts).
      dispatch: fallbackDispatch(registry),
    },
    async (ctx) => {
      const data = await callFunction(
        k,
        registry,
        ctx.caller!,
        ctx.tenantId,
        ctx.params.function,
        ctx.body.payload,
        ctx.db,
      );
      return { data: data ?? null };
    },
  );
}
