/** Lints a text as if it were a file of the repository, with the repository's eslint config (the lint rule tests). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** The messages of the repository's eslint config for this text at this path. */
export function lintAs(file: string, text: string): { ruleId: string | null; line: number }[] {
  const r = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'),
      '--no-cache',
      '--format',
      'json',
      '--stdin',
      '--stdin-filename',
      file,
    ],
    { cwd: ROOT, input: text, encoding: 'utf8' },
  );
  if (!r.stdout) throw new Error(`eslint gave no output: ${r.stderr}`);
  return JSON.parse(r.stdout)[0].messages.map((m: { ruleId: string | null; line: number }) => ({
    ruleId: m.ruleId,
    line: m.line,
  }));
}
