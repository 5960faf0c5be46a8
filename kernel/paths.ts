/** Project folders, found from the working directory (npm scripts and tests run at the root) or LCI_ROOT. */
import fs from 'node:fs';
import path from 'node:path';

function findRoot(): string {
  if (process.env.LCI_ROOT) return path.resolve(process.env.LCI_ROOT);
  let dir = process.cwd();
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'lifecycle') return dir;
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

const ROOT = findRoot();
export const PATHS = {
  root: ROOT,
  kernelMigrations: path.join(ROOT, 'kernel', 'db', 'migrations'),
  plugins: path.join(ROOT, 'plugins'),
  workspaceDist: path.join(ROOT, 'dist', 'workspace'),
  fixtures: path.join(ROOT, 'fixtures'),
};
