/**
 * `lci serve`: the kernel with HTTP (API, /oidc, /ws, the built workspace).
 * On first start with an empty database the demo tenant is loaded and its
 * credentials printed (fixtures/seed.ts), last, after the start-up lines. Logs are
 * at INFO unless LCI_LOG_LEVEL says (or --dev); short human lines on a terminal, JSON
 * lines otherwise (kernel/log.ts, LCI_LOG_FORMAT). It listens on 127.0.0.1 unless HOST
 * says otherwise and prints the address; without LCI_SECRET the secret is the data
 * directory's (config/server-secret.ts). SIGINT/SIGTERM stop it gracefully; a
 * second signal exits at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { PATHS } from '../../kernel/paths';
import { flushLogs } from '../../kernel/log';
import { positiveInt } from '../args';
import type { CliContext } from '../context';
import { write } from '../output';

interface ServeOpts {
  port?: number;
  dev?: boolean;
  seed: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Where the server listens, and how to change it (HOST). */
function listeningLine({ host, port }: { host: string; port: number }): string {
  const where = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  if (LOOPBACK.has(host)) return `Listening on ${where}: this machine only (HOST=0.0.0.0 listens on every interface).`;
  if (host === '0.0.0.0' || host === '::') return `Listening on ${where}: every interface (HOST).`;
  return `Listening on ${where} (HOST).`;
}

export function registerServeCommand(program: Command, ctx: CliContext): void {
  program
    .command('serve')
    .description('serve the product over HTTP (default http://localhost:3000, on 127.0.0.1 unless HOST says otherwise)')
    .option('--port <port>', 'port (overrides PORT)', positiveInt)
    .option(
      '--dev',
      'development: the workspace through Vite (hot reload, no build), NODE_ENV=development and debug logs unless set otherwise',
    )
    .option('--no-seed', 'do not load the demo tenant into an empty database')
    .action(async (opts: ServeOpts) => {
      if (opts.port !== undefined) process.env.PORT = String(opts.port);
      if (opts.dev) {
        process.env.NODE_ENV ??= 'development';
        process.env.LCI_LOG_LEVEL ??= 'debug';
        process.env.LCI_WORKSPACE_DEV ??= '1';
      } else if (!process.env.LCI_LOG_LEVEL) {
        // npm start, on a terminal or piped: INFO, no debug noise; LCI_LOG_LEVEL=debug brings it back.
        process.env.LCI_LOG_LEVEL = 'info';
      }
      const config = ctx.config();
      const { startKernel } = await import('../../kernel/boot');
      const running = await startKernel({
        config,
        pluginDirs: ctx.pluginDirs,
        http: true,
        seed: opts.seed ? undefined : false,
        deferBanner: true,
      });
      // Lines still buffered in the logger's stream (piped JSON is written asynchronously) go out before the banner.
      await flushLogs(running.k.log);
      const engine = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${path.resolve(config.dataDir)}`;
      if (
        process.env.LCI_WORKSPACE_DEV !== '1' &&
        !fs.existsSync(path.join(process.env.LCI_WORKSPACE_DIST ?? PATHS.workspaceDist, 'index.html'))
      )
        process.stderr.write('The workspace is not built yet: run npm run build (the API works without it).\n');
      write(
        `Lifecycle is serving at ${running.url} (${engine}${config.redisUrl ? ', Redis bus' : ''}, Node ${process.version}). Press Ctrl+C to stop.`,
      );
      if (running.listening) write(listeningLine(running.listening));
      if (running.url && config.baseUrl !== running.url) write(`Public address: ${config.baseUrl}`);
      // The first start's sign-in banner comes last, after every start-up line.
      if (running.banner) process.stdout.write(running.banner);

      await new Promise<void>((resolve) => {
        let stopping = false;
        const onSignal = (signal: NodeJS.Signals) => {
          if (stopping) {
            process.stderr.write(`${signal} again: exiting now\n`);
            process.exit(130);
          }
          stopping = true;
          write(`${signal}: stopping...`);
          running.k
            .stop()
            .catch((e) => process.stderr.write(`error: shutdown: ${(e as Error).message}\n`))
            .finally(() => {
              write('Stopped.');
              resolve();
            });
        };
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
      });
    });
}
