/** `lci plugin new <id> [--dir <folder>]`: writes a working plugin to start an area from (see docs/plugins.md). */
import path from 'node:path';
import type { Command } from 'commander';
import { PATHS } from '../../kernel/paths';
import type { CliContext } from '../context';
import { printJson, write } from '../output';
import { scaffoldPlugin } from '../scaffold/write';

/** The `lci plugin` group (created once: other plugin commands may add to it). */
export function pluginGroup(program: Command): Command {
  return (
    program.commands.find((c) => c.name() === 'plugin') ??
    program.command('plugin').description('plugins: write a new one')
  );
}

export function registerPluginCommands(program: Command, ctx: CliContext): void {
  pluginGroup(program)
    .command('new')
    .description(
      'writes plugins/<id>/: plugin.ts, public.ts (an extension point), shared/api.ts, routes -> service -> store, a tenant table, a page, CLI commands, fixtures, API and CLI tests and an e2e test',
    )
    .argument('<id>', 'plugin id: lowercase letters, digits and dashes (e.g. demo-area)')
    .option('--dir <folder>', 'write <folder>/<id> instead of plugins/<id> (imports then point back to this project)')
    .option('--json', 'print JSON')
    .action((id: string, opts: { dir?: string; json?: boolean }) => {
      const result = scaffoldPlugin({
        id,
        dir: opts.dir ? path.resolve(opts.dir) : PATHS.plugins,
        root: PATHS.root,
        taken: ctx.plugins.map((p) => p.id),
        commands: program.commands.map((c) => c.name()),
      });
      if (opts.json) return printJson(result);
      write(
        [
          `Wrote ${path.relative(process.cwd(), result.pluginDir) || result.pluginDir}/ (${result.files.length} files):`,
          ...result.files.map((f) => `  ${f}`),
          '',
          'Next: read its README.md and docs/plugins.md; `npx lci db migrate` creates its table, `npx lci db seed` grants',
          `its page to the demo groups; \`npx jest ${path.relative(process.cwd(), path.join(result.pluginDir, 'tests'))}\` runs its API and CLI tests.`,
        ].join('\n'),
      );
    });
}
