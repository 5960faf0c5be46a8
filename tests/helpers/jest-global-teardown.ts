/** jest global teardown: removes this run's template databases. */
import { dropTemplates, RUN_ENV } from './template-db';

export default async function globalTeardown(): Promise<void> {
  const id = process.env[RUN_ENV];
  if (id) await dropTemplates(id, process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined);
}
