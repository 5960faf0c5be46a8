/**
 * Playwright global setup and teardown: name the run so the walkthroughs' own servers (kernel-server.ts) start
 * from one migrated template database, as jest's suites do (tests/helpers/template-db.ts), and remove it at the end.
 */
import crypto from 'node:crypto';
import { RUN_ENV } from '../helpers/run-id';

export default function globalSetup(): () => Promise<void> {
  process.env[RUN_ENV] ??= `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
  const id = process.env[RUN_ENV]!;
  return async () => {
    const { dropTemplates } = await import('../helpers/template-db');
    await dropTemplates(id, process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined);
  };
}
