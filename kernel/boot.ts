/**
 * Starts the kernel: database and migrations, plugins, services, routes,
 * catalogue sync, demo seed on an empty database, and optionally HTTP.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig, reachableHost, type Config } from '../config';
import { dataDirHadData, withServerSecret } from '../config/server-secret';
import { createAccess, kernelAccess, registerAccessRoutes, syncCatalog } from './access';
import { audit } from './audit';
import { createIdentity, registerIdentityRoutes } from './auth';
import { openDatabase } from './db/connect';
import { offerEmbedded } from './db/embedded';
import type { MigrationSet } from './db/migrator';
import { migrateOnStart } from './db/start-migrations';
import { createFlags, registerFlagRoutes } from './flags';
import { registerDashboardChartRoutes } from './home/dashboard-charts';
import { createApp } from './http/app';
import { KERNEL_ROUTES, RouteTable } from './http/route-spec';
import { createJobs } from './jobs';
import type { Kernel } from './kernel';
import { createLogger } from './log';
import { Mailer } from './mail';
import { startMailSender } from './mail/sender';
import type { Maintenance } from './maintenance';
import { maintenanceOf } from './http/guard-pipeline';
import { PATHS } from './paths';
import type { LoadedPlugin } from './plugin';
import { discoverPlugins } from './plugin-loader';
import { setUpPlugins } from './plugin-instances';
import { createRealtime } from './realtime';
import { hostLocalBus, relayToRealtime, serverBus } from './realtime/local-bus';
import { LocalStorage } from './storage';
import { registerTableSettingsRoutes } from './table-settings';

export interface StartOptions {
  config?: Config;
  /** Extra plugin folders (tests add tests/plugins). */
  pluginDirs?: string[];
  /** Listen for HTTP (port from config; 0 picks a free one). */
  http?: boolean;
  /** Run migrations at start (default true). */
  migrate?: boolean;
  /** Seed the demo tenant when the database has no tenant (default: config.seedDemo). */
  seed?: boolean;
  /** Start background job workers (default: config.jobs). */
  jobs?: boolean;
  /** Serve the built workspace (default true when http). */
  workspace?: boolean;
  /**
   * Return the first start's sign-in banner (the demo credentials) in `Running.banner` instead of printing it while
   * the kernel starts: `lci serve` prints it last, after every start-up line, so a newcomer sees the password.
   */
  deferBanner?: boolean;
}

export interface Running {
  k: Kernel;
  server?: http.Server;
  url?: string;
  maintenance: Maintenance;
  /** The sign-in banner of a first start, with `deferBanner` (empty: nothing to print). */
  banner?: string;
  /** With HTTP: the address and port the server listens on (HOST, 127.0.0.1 unless set). */
  listening?: { host: string; port: number };
}

/** Embedded database: a server refuses a data directory another process holds; a command uses the running server's database. */
function embeddedClaim(opts: StartOptions): { whenInUse: 'refuse' | 'share'; holder: string } {
  return opts.http ? { whenInUse: 'refuse', holder: 'lci serve' } : { whenInUse: 'share', holder: 'an lci command' };
}

export function migrationSets(plugins: LoadedPlugin[]): MigrationSet[] {
  return [
    { owner: 'kernel', dir: PATHS.kernelMigrations },
    ...plugins.map((p) => ({ owner: p.id, dir: path.join(p.dir, 'migrations'), adopts: p.adoptsMigrations })),
  ];
}

export async function startKernel(opts: StartOptions = {}): Promise<Running> {
  const loaded = opts.config ?? loadConfig();
  const log = createLogger(loaded.logLevel, 'lifecycle', loaded.logFormat);
  // Looked at before the database makes its folder; the secret itself is read or made once the folder is ours.
  const hadData = dataDirHadData(loaded);
  const timings: Record<string, number> = {};
  let last = Date.now();
  const phase = (name: string) => {
    const now = Date.now();
    timings[name] = now - last;
    last = now;
  };
  const db = await openDatabase({
    databaseUrl: loaded.databaseUrl,
    systemUrl: loaded.databaseSystemUrl,
    dataDir: loaded.dataDir,
    acquireTimeoutMs: loaded.dbAcquireTimeoutMs,
    ...embeddedClaim(opts),
  });
  phase('database');
  if (loaded.env === 'production' && db.engine === 'postgres' && !db.separateLogins) {
    log.warn(
      'DATABASE_URL is the only PostgreSQL login: requests SET LOCAL ROLE lci_app on it, which is no privilege boundary; set DATABASE_SYSTEM_URL and log DATABASE_URL in as lci_app (README, database roles; lci db roles)',
    );
  }
  const stops: (() => Promise<void>)[] = [];
  try {
    // Without LCI_SECRET (outside production): the data directory's random secret, made on the first start.
    const { config, made } = withServerSecret(loaded, hadData);
    if (made?.created && made.file)
      log.info(
        { file: made.file },
        `LCI_SECRET is unset: made a random server secret in ${made.file} (mode 0600), kept for later starts`,
      );
    if (made?.formerSecrets.length)
      log.warn(
        { file: made.file },
        'values sealed under the former public development secret still open in this data directory (secret.former-default): set authenticators and credentials again, then delete that file',
      );
    const plugins = await discoverPlugins([PATHS.plugins, ...(opts.pluginDirs ?? [])], config.pluginsDisabled);
    if (opts.migrate !== false) {
      const applied = await migrateOnStart(db, migrationSets(plugins), config.databaseOwnerUrl);
      if (applied.length) log.info({ applied }, 'migrations applied');
    }
    // PostgreSQL: the tenant scope key (kernel/db/scope-key.ts); without it no tenant scope works, so refuse to start.
    await db.loadScopeKey();
    phase('migrations');
    const k = {
      config,
      log,
      db,
      plugins,
      routes: new RouteTable(),
      storage: new LocalStorage(path.resolve(config.dataDir, 'storage'), config.secret, config.baseUrl),
      audit,
    } as unknown as Kernel;
    const instances = setUpPlugins(k);
    k.mail = new Mailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log, storage: k.storage });
    // With SMTP configured, the processes that work jobs deliver the outbox (the CLI only queues).
    if (config.smtpUrl && (opts.jobs ?? config.jobs)) stops.push(startMailSender(k.mail, db.knex, log));
    k.flags = createFlags(k);
    k.access = createAccess(k);
    k.identity = await createIdentity(k);
    stops.push(() => k.identity.close());
    phase('identity');
    // `lci` beside a running server on the embedded database publishes through that server's bus.
    k.realtime = await createRealtime(k, { bus: serverBus(config.dataDir, log), redisOptional: !opts.http });
    stops.push(() => k.realtime.close());
    await kernelAccess(k).listenForInvalidations();
    stops.push(() => kernelAccess(k).stopListening());
    phase('realtime');
    k.jobs = await createJobs(k, { work: opts.jobs ?? config.jobs });
    stops.push(() => k.jobs.close());
    phase('jobs');
    const maintenance = maintenanceOf(k);
    // Each plugin's per-kernel instance, then its registrations into extension points (which may use the instance).
    stops.push(await instances.setup());
    phase('setup');

    registerIdentityRoutes(k.routes.registrar('kernel:auth', KERNEL_ROUTES), k);
    registerAccessRoutes(k.routes.registrar('kernel:access', KERNEL_ROUTES), k);
    registerFlagRoutes(k.routes.registrar('kernel:flags', KERNEL_ROUTES), k);
    registerDashboardChartRoutes(k.routes.registrar('kernel:home', KERNEL_ROUTES), k);
    registerTableSettingsRoutes(k.routes.registrar('kernel:tableSettings', KERNEL_ROUTES));
    // A plugin's module applies to each of its routes and realtime functions that declare none.
    for (const p of plugins) {
      const self = instances.of(p.id);
      p.routes?.(k.routes.registrar(p.id, { module: p.module }), k, self);
      const realtime = typeof p.realtime === 'function' ? p.realtime({ k, self }) : p.realtime;
      for (const [name, fn] of Object.entries(realtime ?? {})) k.realtime.register(name, fn, p.id, p.module);
    }
    await syncCatalog(k);
    phase('catalog');
    for (const p of plugins) {
      const self = instances.of(p.id);
      if (p.start) await p.start(k, self);
      if (p.stop) stops.push(() => p.stop!(k, self));
    }
    phase('plugins');

    let banner = '';
    if (opts.seed ?? config.seedDemo) {
      const { seedIfEmpty } = await import('../fixtures/seed');
      await seedIfEmpty(k, opts.deferBanner ? (text) => (banner += text) : undefined);
      phase('seed');
    }
    log.debug({ timings }, 'kernel started');

    k.stop = async () => {
      for (const s of stops.reverse()) await s().catch((e) => log.warn({ err: e }, 'stop step failed'));
      await db.close();
    };

    if (!opts.http) return { k, maintenance, banner };
    const { serveWorkspace } = await import('./http/workspace');
    const app = createApp({
      k,
      maintenance,
      serveWorkspace:
        opts.workspace === false
          ? undefined
          : (a) => serveWorkspace(a, { publicApiKey: config.publicApiKey, baseUrl: config.baseUrl }),
    });
    const server = http.createServer(app.callback());
    // An idle keep-alive connection outlives a client's or a load balancer's own idle timeout (typically 4-60 s), so
    // the server never closes one just as the client sends on it (the client would see ECONNRESET).
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    k.realtime.attach(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    const port = (server.address() as AddressInfo).port;
    const url = `http://${reachableHost(config.host)}:${port}`;
    log.info({ host: config.host, port }, `listening on ${config.host}:${port}`);
    const unoffer = config.databaseUrl
      ? async () => {}
      : await offerEmbedded(config.dataDir, {
          httpPort: port,
          log,
          bus: (token) =>
            hostLocalBus({
              token,
              log,
              deliver: (env) => relayToRealtime(k, env),
              openJobs: async () => {
                await k.jobs.stats();
              },
            }),
        }).catch((e) => {
          log.warn({ err: e }, 'embedded database: could not offer it to lci commands');
          return async () => {};
        });
    const innerStop = k.stop;
    k.stop = async () => {
      await unoffer();
      // Websockets are detached from the HTTP server: close them first or server.close() never completes.
      await k.realtime.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await innerStop();
    };
    return { k, server, url, maintenance, banner, listening: { host: config.host, port } };
  } catch (e) {
    for (const s of stops.reverse()) await s().catch(() => {});
    await db.close().catch(() => {});
    throw e;
  }
}
