import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../db/connect';
import type { Database } from '../db/database';
import { migrate } from '../db/migrator';
import { createLogger } from '../log';
import { PATHS } from '../paths';
import { LocalStorage } from '../storage';
import { Mailer } from './index';
import { startMailSender } from './sender';

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

/** A real SMTP server on a free port keeping the raw messages it receives. */
async function smtpServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: 10 * 1024 * 1024,
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('latin1'));
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The decoded body and headers of the MIME part whose headers name `fileName` (base64, as nodemailer writes files). */
function attachmentPart(raw: string, fileName: string): { headers: string; body: Buffer } | undefined {
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!headers.includes(`filename=${fileName}`) && !headers.includes(`filename="${fileName}"`)) continue;
    return { headers, body: Buffer.from(part.slice(split).replace(/\s+/g, ''), 'base64') };
  }
  return undefined;
}

test('attachments: kept in the outbox by name, read from storage and delivered with their bytes', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-mail-'));
  const storage = new LocalStorage(dir, 'secret', 'http://localhost');
  const smtp = await smtpServer();
  try {
    const docx = crypto.randomBytes(40_000);
    const csv = Buffer.from('Company,Health\r\nAcme,82\r\n');
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    await storage.put('reports/7/qbr.docx', docx, docxType);
    await storage.put('reports/7/data.csv', csv, 'text/csv');
    const mailer = new Mailer({ smtpUrl: smtp.url, from: 'Lifecycle <no-reply@x.test>', log, storage });
    await db.withPublic((trx) =>
      mailer.send(trx, {
        to: 'c@x.test',
        subject: 'Your scheduled report',
        text: 'The report is attached.',
        attachments: [
          { fileName: 'QBR.docx', contentType: docxType, storageKey: 'reports/7/qbr.docx', bytes: docx.length },
          { fileName: 'Data.csv', contentType: 'text/csv', storageKey: 'reports/7/data.csv', bytes: csv.length },
        ],
      }),
    );
    const row = await db.knex('mail_outbox').where({ to_address: 'c@x.test' }).first();
    expect(row.attachments).toEqual([
      { fileName: 'QBR.docx', contentType: docxType, storageKey: 'reports/7/qbr.docx', bytes: 40_000 },
      { fileName: 'Data.csv', contentType: 'text/csv', storageKey: 'reports/7/data.csv', bytes: csv.length },
    ]);

    expect(await mailer.flush(db.knex)).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const word = attachmentPart(smtp.received[0], 'QBR.docx');
    expect(word?.headers).toContain(`Content-Type: ${docxType}`);
    expect(word?.body.equals(docx)).toBe(true);
    expect(attachmentPart(smtp.received[0], 'Data.csv')?.body.toString()).toBe(csv.toString());
    expect((await db.knex('mail_outbox').where({ mail_id: row.mail_id }).first()).status).toBe('sent');

    // A file gone from storage fails the message, naming the file; nothing is sent.
    await db.withPublic((trx) =>
      mailer.send(trx, {
        to: 'd@x.test',
        subject: 'Gone',
        text: 'x',
        attachments: [{ fileName: 'Old.docx', contentType: docxType, storageKey: 'reports/7/old.docx', bytes: 1 }],
      }),
    );
    expect(await mailer.flush(db.knex)).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const failed = await db.knex('mail_outbox').where({ to_address: 'd@x.test' }).first();
    expect(failed).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('attachment Old.docx is missing'),
    });
  } finally {
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the sender delivers queued mail by itself, once, even with two senders on one outbox', async () => {
  const smtp = await smtpServer();
  try {
    const mailer = new Mailer({ smtpUrl: smtp.url, from: 'Lifecycle <no-reply@x.test>', log });
    const stops = [startMailSender(mailer, db.knex, log, 50), startMailSender(mailer, db.knex, log, 50)];
    await db.withPublic((trx) => mailer.send(trx, { to: 'e@x.test', subject: 'By itself', text: 'No flush call' }));
    const until = Date.now() + 10_000;
    while (!(await db.knex('mail_outbox').where({ to_address: 'e@x.test', status: 'sent' }).first())) {
      if (Date.now() > until) throw new Error('the sender did not deliver the message');
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(stops.map((stop) => stop()));
    expect(smtp.received.filter((m) => m.includes('Subject: By itself'))).toHaveLength(1);
  } finally {
    await smtp.close();
  }
});
