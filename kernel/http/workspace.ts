/**
 * Serves the built workspace (dist/workspace) with history fallback: files by path (hashed
 * /assets/* cached for a year, gzip when accepted), any other GET that is not an API, OIDC,
 * websocket or health path gets index.html (no-cache) with the public API key written in and a
 * Content-Security-Policy (security-headers.ts; hashes of any inline script of the build).
 * A missing /assets/* file answers 404 (a stale chunk must fail so the workspace reloads).
 *
 * Dev mode (`dev: true` or LCI_WORKSPACE_DEV=1): Vite runs as middleware (HMR, no build needed), under a relaxed
 * policy (inline and eval'd scripts, any ws: socket).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type Koa from 'koa';
import { PATHS } from '../paths';
import { inlineScriptHashes, workspaceCsp } from './security-headers';

export interface WorkspaceOptions {
  /** Written into index.html (meta lci-public-api-key) so the workspace can call GET /v3/public/config. */
  publicApiKey?: string;
  dev?: boolean;
  /** Folder of the built workspace (default LCI_WORKSPACE_DIST, else dist/workspace). */
  root?: string;
  /** Public base URL (LCI_BASE_URL): the policy's connect-src names it and its ws/wss socket. */
  baseUrl?: string;
}

const NOT_WORKSPACE = /^\/(v1|v3|oidc|ws|healthz|readyz)(\/|$)/;
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.map', '.txt']);
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
};

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function publicKey(opts: WorkspaceOptions): string {
  return opts.publicApiKey ?? process.env.LCI_PUBLIC_API_KEY ?? 'lci-public-key';
}

export function serveWorkspace(app: Koa, opts: WorkspaceOptions = {}): void {
  if (opts.dev ?? process.env.LCI_WORKSPACE_DEV === '1') {
    serveWorkspaceDev(app, opts);
    return;
  }
  const root = path.resolve(opts.root ?? process.env.LCI_WORKSPACE_DIST ?? PATHS.workspaceDist);
  const gzCache = new Map<string, { mtimeMs: number; body: Buffer }>();
  let indexCache: { mtimeMs: number; html: string; csp: string } | null = null;

  function indexHtml(): { html: string; csp: string } | null {
    const file = path.join(root, 'index.html');
    let st: fs.Stats;
    try {
      st = fs.statSync(file);
    } catch {
      return null;
    }
    if (!indexCache || indexCache.mtimeMs !== st.mtimeMs) {
      const html = fs.readFileSync(file, 'utf8').replace(/%LCI_PUBLIC_API_KEY%/g, escapeAttr(publicKey(opts)));
      indexCache = {
        mtimeMs: st.mtimeMs,
        html,
        csp: workspaceCsp({ baseUrl: opts.baseUrl, scriptHashes: inlineScriptHashes(html) }),
      };
    }
    return indexCache;
  }

  function resolveFile(urlPath: string): { file: string; st: fs.Stats } | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
    if (!file.startsWith(root + path.sep)) return null;
    try {
      const st = fs.statSync(file);
      return st.isFile() ? { file, st } : null;
    } catch {
      return null;
    }
  }

  app.use(async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (NOT_WORKSPACE.test(ctx.path)) return next();
    const found = ctx.path === '/' || ctx.path === '/index.html' ? null : resolveFile(ctx.path);
    if (found) {
      const ext = path.extname(found.file);
      ctx.type = TYPES[ext] ?? ext;
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set(
        'Cache-Control',
        ctx.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
      if (COMPRESSIBLE.has(ext) && found.st.size > 1024 && /\bgzip\b/.test(ctx.get('accept-encoding'))) {
        let c = gzCache.get(found.file);
        if (!c || c.mtimeMs !== found.st.mtimeMs) {
          c = { mtimeMs: found.st.mtimeMs, body: zlib.gzipSync(fs.readFileSync(found.file), { level: 9 }) };
          gzCache.set(found.file, c);
        }
        ctx.set('Content-Encoding', 'gzip');
        ctx.vary('Accept-Encoding');
        ctx.body = c.body;
        return;
      }
      ctx.body = fs.createReadStream(found.file);
      ctx.length = found.st.size;
      return;
    }
    if (ctx.path.startsWith('/assets/') || /\.(js|css|map|png|svg|ico|woff2?)$/.test(ctx.path)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    const index = indexHtml();
    if (index === null) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The workspace is not built: run npm run build';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Content-Security-Policy', index.csp);
    ctx.body = index.html;
  });
}

/** Vite in middleware mode (created on the first workspace request). */
export function serveWorkspaceDev(app: Koa, opts: WorkspaceOptions = {}): void {
  type ViteServer = {
    middlewares: (req: unknown, res: unknown, next: (err?: unknown) => void) => void;
    transformIndexHtml(url: string, html: string): Promise<string>;
  };
  let vite: Promise<ViteServer> | null = null;
  const start = async (): Promise<ViteServer> => {
    const { createServer } = await import('vite');
    return (await createServer({
      configFile: path.join(PATHS.root, 'vite.config.ts'),
      appType: 'spa',
      server: { middlewareMode: true },
      define: { 'import.meta.env.VITE_LCI_PUBLIC_API_KEY': JSON.stringify(publicKey(opts)) },
    })) as unknown as ViteServer;
  };
  const csp = workspaceCsp({ baseUrl: opts.baseUrl, dev: true });
  app.use(async (ctx, next) => {
    if (NOT_WORKSPACE.test(ctx.path)) return next();
    const server = await (vite ??= start());
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Frame-Options', 'DENY');
    const handled = await new Promise<boolean>((resolve, reject) => {
      ctx.res.once('finish', () => resolve(true));
      ctx.res.once('close', () => resolve(true));
      server.middlewares(ctx.req, ctx.res, (err?: unknown) => (err ? reject(err) : resolve(false)));
    });
    if (handled) {
      ctx.respond = false;
      return;
    }
    return next();
  });
}
