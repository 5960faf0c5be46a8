/** Serves the built workspace (dist/workspace) with history fallback. */
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import { PATHS } from '../paths';

export function serveWorkspace(app: Koa): void {
  const root = PATHS.workspaceDist;
  app.use(async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (/^\/(v1|v3|oidc|ws)(\/|$)/.test(ctx.path)) return next();
    const file = path.join(root, path.normalize(ctx.path).replace(/^(\.\.[/\\])+/, ''));
    if (file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      ctx.type = path.extname(file);
      if (ctx.path.startsWith('/assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.body = fs.createReadStream(file);
      return;
    }
    const index = path.join(root, 'index.html');
    if (!fs.existsSync(index)) { ctx.status = 503; ctx.body = 'The workspace is not built: run npm run build'; return; }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = fs.createReadStream(index);
  });
}
