/**
 * Two kernels on one PostgreSQL database with Redis (as two server processes
 * would be): an access change invalidated in one reaches the other's caller
 * cache through the bus at once, not after the 30 s cache lifetime.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config';
import { startKernel, type Running } from '../boot';
import { freePort, postgresUrl, startTestServer, type TestServer } from '../../tests/helpers/server';
import { makeTenant } from '../../tests/helpers/tenants';

const redis = process.env.REDIS_URL;
const run = postgresUrl() && redis ? describe : describe.skip;

run('access cache across server processes', () => {
  let a: TestServer;
  let b: Running;
  let dir: string;
  beforeAll(async () => {
    a = await startTestServer({ engine: 'postgres', env: { REDIS_URL: redis! } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-xproc-'));
    const port = await freePort();
    b = await startKernel({
      config: loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: a.databaseUrl!,
        REDIS_URL: redis!,
        LCI_DATA_DIR: dir,
        PORT: String(port),
        LCI_BASE_URL: a.k.config.baseUrl,
        LCI_LOG_LEVEL: 'silent',
        LCI_SEED_DEMO: 'false',
      }),
      http: false,
      jobs: false,
      seed: false,
    });
  }, 180_000);
  afterAll(async () => {
    await b?.k.stop();
    await a?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a page made Read Only in one process is Read Only in the other within seconds', async () => {
    const t = await makeTenant(a.k, a.url, {
      tenantAdmin: false,
      pages: [{ url: '/datamanagercompanies', access_level: 'Read/Write' }],
    });
    const claims = await b.k.identity.verify(t.token);
    const before = await b.k.access.resolve(claims);
    expect(before.pages).toEqual([{ url: '/datamanagercompanies', access_level: 'Read/Write' }]);

    await a.k.db.withSystem((trx) =>
      trx('security_group_pages').where({ tenant_id: t.tenantId }).update({ access_level: 'Read Only' }),
    );
    a.k.access.invalidate(t.tenantId);

    const deadline = Date.now() + 5000;
    let after = await b.k.access.resolve(claims);
    while (after.pages[0]?.access_level !== 'Read Only' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      after = await b.k.access.resolve(claims);
    }
    expect(after.pages).toEqual([{ url: '/datamanagercompanies', access_level: 'Read Only' }]);
  });
});
