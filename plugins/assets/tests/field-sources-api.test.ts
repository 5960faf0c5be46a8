/**
 * An asset's field sources (GET assets/:id/sources) on the real server and database: the manual fields it was
 * created with; another tenant's asset a 404. (Each user's columns of the list are the kernel's data-table settings,
 * kernel/table-settings; their move there: tests/asset-columns-migration.test.ts.)
 */
import {
  makeAsset,
  makeCompany,
  makeTenant,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { assetSourcesPath } from '../shared/columns';

// Starting a server on a loaded machine takes a while.
jest.setTimeout(180_000);

let s: TestServer;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assets'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
});
afterAll(async () => {
  await s?.stop();
});

test("an asset's field sources: the manual fields it was created with; another tenant's asset is a 404", async () => {
  const id = await makeAsset(a, await makeCompany(a, 'Sources Co'), { name: 'PC-1', serial: 'SN-1' });
  const r = await a.api('GET', assetSourcesPath(a.tenantId, id));
  expect(r.status).toBe(200);
  const fields = r.body.sources.map((x: { field: string; source: string }) => `${x.field}:${x.source}`);
  expect(fields).toEqual(expect.arrayContaining(['name:manual', 'serial:manual']));
  expect((await b.api('GET', assetSourcesPath(b.tenantId, id))).status).toBe(404);
});
