/** Test plugin for the raw-body route option: a public route without API key that checks an HMAC over the exact body. */
import crypto from 'node:crypto';
import { badRequest, definePlugin } from '../../../../index';

const RAW_PROBE_SECRET = 'raw-probe-secret';
export const RAW_PROBE_PATH = '/v3/public/rawprobe/hook';
export const RAW_PROBE_KEYED_PATH = '/v3/public/rawprobe/keyed';
export const sign = (text: string) => crypto.createHmac('sha256', RAW_PROBE_SECRET).update(text).digest('hex');

export default definePlugin({
  id: 'raw-probe',
  module: 'Any', // routes that need a module declare it
  routes(r) {
    r.post(
      RAW_PROBE_PATH,
      { auth: 'public', apiKey: false, rawBody: true, summary: 'Signed hook (test)' },
      async ({ rawBody, body, koa }) => {
        const given = koa.get('x-probe-signature');
        if (!rawBody || given !== sign(rawBody)) throw badRequest('Bad signature');
        return { rawBody, body: body ?? null, length: Buffer.byteLength(rawBody) };
      },
    );
    // rawBody without apiKey: false: the public API key is still required.
    r.post(
      RAW_PROBE_KEYED_PATH,
      { auth: 'public', rawBody: true, summary: 'Raw body with API key (test)' },
      async ({ rawBody }) => ({ rawBody }),
    );
  },
});
