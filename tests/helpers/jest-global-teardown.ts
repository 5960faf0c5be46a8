/** jest global teardown: removes this run's template databases and its folder of files (run-tmp.ts). */
import { installConsoleFilter } from '../../cli/console';
import { RUN_ENV } from './run-id';
import { removeRunTmp } from './run-tmp';

export default async function globalTeardown(): Promise<void> {
  const id = process.env[RUN_ENV];
  if (!id) return;
  installConsoleFilter();
  const { dropTemplates } = await import('./template-db');
  await dropTemplates(id, process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined);
  removeRunTmp(id);
}
