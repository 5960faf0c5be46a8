/**
 * `lci` beside the shared e2e server (tests/e2e/server.mjs): the real executable as its own process on the server's
 * data folder (E2E_DATA_DIR of playwright.config.ts), or its PostgreSQL database (E2E_SERVER_DATABASE_URL), so it
 * uses the running server's database as an operator would.
 * The walkthroughs read the mail outbox this way (`lci mail outbox --json`).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { E2E_DATA_DIR, E2E_SERVER_DATABASE_URL } from '../../playwright.config';
import { PATHS } from '../../kernel/paths';

export interface LciRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `lci <args>` beside the shared server; stdin, when given, is written to the command. */
export function lciBesideSharedServer(args: string[], stdin?: string): Promise<LciRun> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'test',
    LCI_DATA_DIR: E2E_DATA_DIR,
    ...(E2E_SERVER_DATABASE_URL ? { DATABASE_URL: E2E_SERVER_DATABASE_URL } : {}),
  };
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [path.join(PATHS.root, 'bin', 'lci.mjs'), ...args],
      { cwd: PATHS.root, env, timeout: 120_000 },
      (err, stdout, stderr) => {
        resolve({
          code: err ? Number((err as { code?: unknown }).code) || 1 : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        });
      },
    );
    child.stdin?.end(stdin ?? '');
  });
}

interface OutboxMessage {
  mail_id: number;
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
  attachments: { fileName: string; contentType: string; bytes: number }[];
}

/** Messages of the shared server's outbox to an address, newest first (the latest 200 of the outbox). */
export async function sharedOutbox(to: string): Promise<OutboxMessage[]> {
  const r = await lciBesideSharedServer(['mail', 'outbox', '--limit', '200', '--json']);
  if (r.code !== 0) throw new Error(`lci mail outbox failed (${r.code}): ${r.stderr}`);
  const rows = JSON.parse(r.stdout) as OutboxMessage[];
  return rows.filter((m) => m.to_address.toLowerCase() === to.toLowerCase());
}
