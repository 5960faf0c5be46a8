/** CI's second pass on PostgreSQL runs the suites that reach a database: scripts/db-suites.mjs must find them all. */
// @ts-expect-error plain ESM script without types
import { databaseSuites } from '../scripts/db-suites.mjs';

const suites: string[] = databaseSuites();

test('suites that start a server, a kernel or the CLI are listed', () => {
  expect(suites).toEqual(
    expect.arrayContaining([
      'tests/isolation-probe.test.ts', // tests/helpers/server.ts -> kernel/boot.ts -> kernel/db/connect.ts
      'kernel/db/lean-pg.test.ts',
      'cli/cli-basics.test.ts', // the CLI as a child process
      'plugins/customer-success/tests/goals-api.test.ts',
    ]),
  );
});

test('pure rule suites are not', () => {
  expect(suites).not.toContain('plugins/billing/tests/cart-rules.test.ts');
  expect(suites).not.toContain('workspace/guard.test.ts');
});
