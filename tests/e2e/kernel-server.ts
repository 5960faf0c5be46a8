/**
 * A server of the walkthrough's own, started inside the Playwright worker
 * (the real kernel, HTTP and built workspace on a fresh embedded database),
 * for flows that need what only the database holds: codes read from the mail
 * outbox, users in a given state. The shared `lci serve` of the config keeps
 * its database to itself (the embedded engine is one process at a time).
 * Build the workspace first (`npm run build:workspace`).
 */
import { startTestServer, type TestServer } from '../helpers/server';
import { makeTenant, type TestTenant } from '../helpers/tenants';

export interface E2EKernel {
  s: TestServer;
  url: string;
  /** A fresh tenant with an admin user (password TEST_PASSWORD), terms accepted. */
  user(): Promise<TestTenant>;
  /** Messages of the outbox to an address, newest first. */
  outbox(to: string): Promise<{ subject: string; text_body: string; kind: string }[]>;
  /** The newest 6-digit code mailed to an address. */
  lastCode(to: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startE2EKernel(): Promise<E2EKernel> {
  const s = await startTestServer({ workspace: true, jobs: false });
  const outbox = async (to: string) => {
    await (s.k.identity as unknown as { deliveries: { drain(): Promise<void> } }).deliveries.drain(); // codes are mailed after the answer
    return s.k.db.withSystem((trx) =>
      trx('mail_outbox').where({ to_address: to }).orderBy('mail_id', 'desc').select('subject', 'text_body', 'kind'),
    );
  };
  return {
    s,
    url: s.url,
    user: () => makeTenant(s.k, s.url),
    outbox,
    async lastCode(to) {
      const [mail] = await outbox(to);
      const m = /\b(\d{6})\b/.exec(mail?.text_body ?? '');
      if (!m) throw new Error(`no code in the outbox for ${to}`);
      return m[1];
    },
    stop: () => s.stop(),
  };
}
