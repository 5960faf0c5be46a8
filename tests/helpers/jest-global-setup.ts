/** jest global setup: names this run, so its workers share one migrated template database (tests/helpers/template-db.ts). */
import crypto from 'node:crypto';
import { RUN_ENV } from './run-id';

export default function globalSetup(): void {
  process.env[RUN_ENV] ??= `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
}
