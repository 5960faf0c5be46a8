/** Test plugin for the response check: routes that declare a response schema and answer right, wrong, or with an error. */
import { z } from 'zod';
import { definePlugin, reply } from '../../../../index';

const REPLY_PROBE_PATH = '/v3/public/replyprobe/:kind';
const replyProbeAnswer = z.object({ count: z.number().int(), name: z.string(), tags: z.array(z.string()) });

export default definePlugin({
  id: 'reply-probe',
  module: 'Any', // routes that need a module declare it
  routes(r) {
    r.get(
      REPLY_PROBE_PATH,
      {
        auth: 'public',
        summary: 'A reply that matches its schema or not (test)',
        params: z.object({ kind: z.enum(['good', 'bad', 'error', 'empty']) }),
        response: replyProbeAnswer,
      },
      async ({ params }) => {
        if (params.kind === 'good') return { count: 3, name: 'three', tags: ['a'], extra: true };
        if (params.kind === 'bad') return { count: 'three', name: null, tags: ['a', 7] };
        // An error answer is not checked against the success schema; neither is a reply without body.
        if (params.kind === 'error')
          return reply(404, { error: { status: 404, code: 'not_found', message: 'No such probe' } });
        return undefined;
      },
    );
  },
});
