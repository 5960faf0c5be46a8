/**
 * What every command shares: the validated configuration and a kernel started
 * on first use (no HTTP, no job workers, no demo seed), stopped when the
 * command ends.
 */
import os from 'node:os';
import { loadConfig, type Config } from '../config';
import type { Kernel } from '../kernel/kernel';
import type { LoadedPlugin } from '../kernel/plugin';
import { debugEnabled } from './errors';

export interface CliContext {
  /** The configuration, validated (throws a ConfigError naming the bad variable). */
  config(): Config;
  /** Starts the kernel on first call; later calls get the same one. */
  kernel(): Promise<Kernel>;
  /** Plugins found when the program was built (their CLI hooks are registered). */
  plugins: LoadedPlugin[];
  pluginDirs: string[];
  /** Who runs the command, for the audit log. */
  operator: string;
  /** Stops the kernel if it was started. */
  stop(): Promise<void>;
}

/** Log level of commands other than serve: quiet unless asked, so output stays clean. */
function commandLogLevel(config: Config): string {
  if (debugEnabled()) return 'debug';
  if (process.env.LCI_LOG_LEVEL) return config.logLevel;
  return 'error';
}

export function operatorName(): string {
  try {
    return `cli:${os.userInfo().username}@${os.hostname()}`;
  } catch {
    return 'cli';
  }
}

export function createContext(plugins: LoadedPlugin[], pluginDirs: string[]): CliContext {
  let config: Config | undefined;
  let started: Promise<Kernel> | undefined;
  const ctx: CliContext = {
    plugins,
    pluginDirs,
    operator: operatorName(),
    config() {
      return (config ??= loadConfig());
    },
    kernel() {
      started ??= (async () => {
        const base = ctx.config();
        const { startKernel } = await import('../kernel/boot');
        const running = await startKernel({
          config: { ...base, logLevel: commandLogLevel(base) },
          pluginDirs,
          http: false,
          jobs: false,
          seed: false,
        });
        return running.k;
      })();
      return started;
    },
    async stop() {
      if (!started) return;
      const k = await started.catch(() => undefined);
      started = undefined;
      if (k) await k.stop();
    },
  };
  return ctx;
}
