/**
 * `lci admin ...`: the internal admin and support commands, in the order `lci admin --help` lists them: part
 * "core" (maintenance, impersonate, audit), part "data" (resync, delete-tenant-data, jobs), then the commands of
 * the other admin pages (pages.ts).
 */
import type { Command } from 'commander';
import type { Kernel } from '../../../kernel/index';
import { auditCli } from './audit';
import { deleteTenantDataCli } from './delete-tenant-data';
import { impersonateCli } from './impersonate';
import { jobsCli } from './jobs';
import { maintenanceCli } from './maintenance';
import { registerPagesCli } from './pages';
import { resyncCli } from './resync';

export function registerAdminCli(admin: Command, kernel: () => Promise<Kernel>): void {
  maintenanceCli(admin, kernel);
  impersonateCli(admin, kernel);
  auditCli(admin, kernel);
  resyncCli(admin, kernel);
  deleteTenantDataCli(admin, kernel);
  jobsCli(admin, kernel);
  registerPagesCli(admin, kernel);
}
