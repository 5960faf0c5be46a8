/**
 * `lci`: the command-line face of the kernel and its plugins.
 * Run with `npx lci ...`, `npm run lci -- ...` or `tsx cli/index.ts ...`.
 */
import { installConsoleFilter } from './console';

installConsoleFilter();
const { run } = await import('./run');
const code = await run(process.argv);
// Exit once stdout has drained (pipes are asynchronous), even if a library keeps a handle open.
process.stdout.write('', () => process.exit(code));
