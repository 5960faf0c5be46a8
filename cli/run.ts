/**
 * Runs the program: discovers plugins, builds the commands, parses argv.
 * Any failure is ONE line `error: <message>` on stderr and a non-zero exit
 * code (the stack too with LCI_DEBUG=1). The kernel, if a command started
 * it, is stopped before returning.
 */
import { CommanderError } from 'commander';
import { loadConfig } from '../config';
import { PATHS } from '../kernel/paths';
import type { LoadedPlugin } from '../kernel/plugin';
import { discoverPlugins } from '../kernel/plugin-loader';
import { createContext, type CliContext } from './context';
import { CliError, debugEnabled, errorLine, EXIT_REFUSED, EXIT_USAGE } from './errors';
import { buildProgram } from './program';

export interface RunOptions {
  /** Extra plugin folders (tests/plugins in tests). */
  pluginDirs?: string[];
}

/** Plugin ids switched off; read leniently here so `--help` works even with a bad variable elsewhere. */
function disabledPlugins(): string[] {
  try {
    return loadConfig().pluginsDisabled;
  } catch {
    return (process.env.LCI_PLUGINS_DISABLED ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
}

export async function loadPlugins(pluginDirs: string[] = []): Promise<LoadedPlugin[]> {
  return discoverPlugins([PATHS.plugins, ...pluginDirs], disabledPlugins());
}

function report(e: unknown): number {
  if (e instanceof CommanderError) {
    // Help and version were printed by commander; usage errors become one line.
    if (
      e.exitCode === 0 ||
      e.code === 'commander.help' ||
      e.code === 'commander.helpDisplayed' ||
      e.code === 'commander.version'
    )
      return e.exitCode;
    process.stderr.write(`${errorLine(new Error(e.message.replace(/^error:\s*/i, '')))}\n`);
    return EXIT_USAGE;
  }
  process.stderr.write(`${errorLine(e)}\n`);
  if (debugEnabled() && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
  return e instanceof CliError ? e.exitCode : EXIT_REFUSED;
}

export async function run(argv: string[], opts: RunOptions = {}): Promise<number> {
  let ctx: CliContext | undefined;
  let code = 0;
  try {
    const pluginDirs = opts.pluginDirs ?? [];
    ctx = createContext(await loadPlugins(pluginDirs), pluginDirs);
    await buildProgram(ctx).parseAsync(argv);
  } catch (e) {
    code = report(e);
  }
  try {
    await ctx?.stop();
  } catch (e) {
    if (code === 0) code = report(e);
  }
  return code;
}
