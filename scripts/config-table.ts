/**
 * Prints the configuration table of README.md from config/index.ts VARIABLES
 * (markdown). Usage: npx tsx scripts/config-table.ts
 */
import { VARIABLES } from '../config';

const esc = (s: string) => s.replace(/\|/g, '\\|');
const lines = ['| Variable | Default | Secret | Meaning |', '|---|---|---|---|'];
for (const [name, spec] of Object.entries(VARIABLES) as [
  string,
  { desc: string; default?: string; secret?: boolean },
][]) {
  const def = spec.default === undefined ? '(unset)' : spec.default === '' ? '(empty)' : `\`${esc(spec.default)}\``;
  lines.push(`| \`${name}\` | ${def} | ${spec.secret ? 'yes' : ''} | ${esc(spec.desc)} |`);
}
process.stdout.write(`${lines.join('\n')}\n`);
