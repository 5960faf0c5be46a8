/**
 * jest global setup: names this run, so its workers share one migrated template database
 * (tests/helpers/template-db.ts), and keeps the run's files in memory (run-tmp.ts).
 */
import crypto from 'node:crypto';
import { RUN_ENV } from './run-id';
import { placeRunFiles } from './run-tmp';

export default function globalSetup(): void {
  process.env[RUN_ENV] ??= `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
  placeRunFiles(process.env[RUN_ENV]);
}
