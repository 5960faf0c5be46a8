import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../db/connect';
import type { Database } from '../db/database';
import { migrate } from '../db/migrator';
import { createLogger } from '../log';
import { PATHS } from '../paths';
import { Mailer } from './index';

let db: Database;
const log = createLogger('silent');
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db.knex, [{ owner: 'kernel', dir: PATHS.kernelMigrations }]);
});
afterAll(async () => db?.close());

test('without SMTP, mail and SMS codes are kept in the outbox', async () => {
  const mailer = new Mailer({ from: 'Lifecycle <no-reply@x.test>', log });
  await db.withPublic((trx) => mailer.send(trx, { to: 'a@x.test', subject: 'Your code', text: 'Code 123456' }));
  await db.withPublic((trx) => mailer.sms(trx, { to: '+15550100', text: 'Code 654321' }));
  const rows = await mailer.outbox(db.knex);
  expect(rows.map((r) => [r.kind, r.to_address, r.status])).toEqual([
    ['sms', '+15550100', 'kept'],
    ['email', 'a@x.test', 'kept'],
  ]);
  expect(await mailer.flush(db.knex)).toBe(0);
});

test('with SMTP configured, queued mail is delivered over SMTP and marked sent', async () => {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, cb) {
      let s = '';
      stream.on('data', (d) => (s += d));
      stream.on('end', () => {
        received.push(s);
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  try {
    const mailer = new Mailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'Lifecycle <no-reply@x.test>',
      log,
    });
    await db.withPublic((trx) =>
      mailer.send(trx, { to: 'b@x.test', subject: 'Welcome', text: 'Hello from Lifecycle' }),
    );
    expect(await mailer.flush(db.knex)).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Welcome');
    expect(received[0]).toContain('Hello from Lifecycle');
    const row = await db.knex('mail_outbox').where({ to_address: 'b@x.test' }).first();
    expect(row.status).toBe('sent');
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
