/**
 * What `lci db migrate` tells the people using a running system (customer-success.md 4, server messages
 * `migration` and `migration_warning`): with `--announce <minutes>` a warning that a data migration starts in that
 * many minutes, then the wait; while it runs the migration banner (`migration`, on), and when it ends the banner off
 * (`on: false`), also when it failed. The messages travel on the deployment's bus: Redis (REDIS_URL), or the running
 * server's loopback endpoint when it holds the embedded database's folder; with neither nobody is there to tell.
 */
import type { Config } from '../../config';
import { createLogger } from '../../kernel/log';
import { createBus, type Bus } from '../../kernel/realtime/bus';
import { serverBus } from '../../kernel/realtime/local-bus';

const MIGRATION_WARNING_TEXT = (minutes: number) =>
  `A data migration starts in ${minutes} minute${minutes === 1 ? '' : 's'}; pages may be slow or read-only while it runs.`;
const MIGRATION_ON_TEXT = 'Your data is being migrated; some pages may be slow or read-only until it ends.';
const MIGRATION_OFF_TEXT = 'The data migration is finished.';

interface MigrationAnnouncer {
  /** Whether a running system hears it (a bus reaches other processes). */
  readonly reaches: boolean;
  warn(minutes: number): Promise<void>;
  started(): Promise<void>;
  ended(): Promise<void>;
  close(): Promise<void>;
}

/** Every signed-in socket of the deployment (the room of all users). */
const ALL = 'all';

function announcerOn(bus: Bus | undefined): MigrationAnnouncer {
  const send = async (message: Record<string, unknown>) => {
    if (!bus) return;
    await bus.publish({ room: ALL, message: { display_type: null, download_url: null, ...message } });
  };
  return {
    reaches: bus !== undefined,
    warn: (minutes) => send({ msg_type: 'migration_warning', msg: MIGRATION_WARNING_TEXT(minutes) }),
    started: () => send({ msg_type: 'migration', msg: MIGRATION_ON_TEXT, on: true }),
    ended: () => send({ msg_type: 'migration', msg: MIGRATION_OFF_TEXT, on: false }),
    close: async () => {
      await bus?.close();
    },
  };
}

/** The bus of this deployment as a command sees it (never fails: a bus it cannot reach announces nothing). */
export async function migrationAnnouncer(cfg: Config): Promise<MigrationAnnouncer> {
  const log = createLogger('warn', 'lci db migrate');
  const local = cfg.databaseUrl ? undefined : serverBus(cfg.dataDir, log);
  if (local) return announcerOn(local);
  if (!cfg.redisUrl) return announcerOn(undefined);
  const bus = await createBus({
    redisUrl: cfg.redisUrl,
    databaseUrl: cfg.databaseUrl,
    dataDir: cfg.dataDir,
    log,
    optional: true,
  }).catch(() => undefined);
  return announcerOn(bus);
}
