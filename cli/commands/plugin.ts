/**
 * `lci plugin new <id> [--dir <folder>]`: writes a working plugin to start an area from (see docs/plugins.md).
 * `lci plugin list [--json]`: the loaded plugins in load order with their dependencies, module, and the extension
 * points each declares and registers into.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { PATHS } from '../../kernel/paths';
import type { CliContext } from '../context';
import { printJson, printList, write } from '../output';
import { scaffoldPlugin } from '../scaffold/write';

/** The `lci plugin` group (created once: other plugin commands may add to it). */
function pluginGroup(program: Command): Command {
  return (
    program.commands.find((c) => c.name() === 'plugin') ??
    program.command('plugin').description('plugins: list the loaded ones, write a new one')
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

  pluginGroup(program)
    .command('list')
    .description(
      'the loaded plugins in load order: dependencies, module, the extension points each declares and registers into',
    )
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const k = await ctx.kernel();
      const declared = k.points.declared();
      const rows = ctx.plugins.map((p) => ({
        id: p.id,
        dependsOn: p.dependsOn ?? [],
        optionalDependsOn: (p.optionalDependsOn ?? []).filter((d) => ctx.plugins.some((o) => o.id === d)),
        module: p.module ?? null,
        declares: declared.filter((d) => d.owner === p.id).map((d) => d.id),
        contributes: k.points.contributedBy(p.id),
      }));
      printList(
        rows,
        [
          { header: 'ID', value: (r) => r.id },
          { header: 'DEPENDS ON', value: (r) => [...r.dependsOn, ...r.optionalDependsOn.map((d) => `${d}?`)] },
          { header: 'MODULE', value: (r) => r.module ?? '' },
          { header: 'DECLARES', value: (r) => r.declares },
          { header: 'CONTRIBUTES TO', value: (r) => r.contributes.map((c) => `${c.point} (${c.count})`) },
        ],
        opts,
      );
    });
}
