/**
 * Export of a tenant's data before deletion: gzip-compressed JSON lines in storage under lcisupport/tenant-exports/
 * (a file below <dataDir>/storage with the embedded storage). Line 1 is a header (format, tenant, time, rows per
 * table); then one line per row: {"table": ..., "row": {...}}, every tenant table in turn, and the tenant's users as
 * table "users" without password hashes and MFA secrets.
 *
 * Streamed, so a tenant of any size takes about the memory of one batch: each table is read through a cursor in the
 * caller's transaction (one snapshot per table) EXPORT_BATCH_ROWS rows at a time, each batch goes through a gzip
 * stream into storage (the object appears only once complete). Then the file is read back and checked (verifyExport):
 * it must parse line by line and hold, per table, exactly the rows the header announces. The caller's transaction
 * must be a writing one (a cursor needs a transaction block).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { conflict, userRowsForExport, type Kernel, type Trx } from '../../../../../kernel/index';
import type { DeletionPlan, TenantExport } from '../../../shared/api';


const EXPORT_FORMAT = 'lci-tenant-export/1';
const EXPORT_PREFIX = 'lcisupport/tenant-exports';
const EXPORT_LINK_SECONDS = 3600;
/** Rows fetched from the cursor at a time (and written as one chunk). */
const EXPORT_BATCH_ROWS = 2000;

function exportKey(tenantId: number, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${EXPORT_PREFIX}/tenant-${tenantId}-${stamp}-${crypto.randomBytes(3).toString('hex')}.jsonl.gz`;
}

/**
 * The tenant's rows of one table, in batches, through a cursor of the caller's transaction. The cursor's name need
 * only be unique within the transaction: the export's tables are read one after the other, each cursor closed.
 */
async function* tableBatches(db: Trx, cursor: string, table: string, tenantId: number, batchRows: number): AsyncGenerator<Record<string, unknown>[]> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`export needs a positive tenant id, got ${tenantId}`);
  // The tenant id is a checked integer; names are quoted identifiers.
  await db.raw(`declare ?? no scroll cursor for select * from ?? where tenant_id = ${tenantId}`, [cursor, table]);
  try {
    for (;;) {
      const r = await db.raw(`fetch forward ${batchRows} from ??`, [cursor]);
      const rows = (r.rows ?? r) as Record<string, unknown>[];
      if (!rows.length) break;
      yield rows;
      if (rows.length < batchRows) break;
    }
  } finally {
    await db.raw('close ??', [cursor]);
  }
}

/** The lines of the export (header, rows, users), batch by batch; counts the rows written per table. */
async function* exportLines(db: Trx, plan: DeletionPlan, at: Date, written: Record<string, number>, batchRows: number): AsyncGenerator<string> {
  yield `${JSON.stringify({
    format: EXPORT_FORMAT, tenantId: plan.tenantId, tenantName: plan.name, exportedAt: at.toISOString(),
    tables: Object.fromEntries(plan.tables.map((t) => [t.table, t.rows])),
  })}\n`;
  for (const [i, { table }] of plan.tables.entries()) {
    written[table] = 0;
    for await (const rows of tableBatches(db, `lci_export_${i + 1}`, table, plan.tenantId, batchRows)) {
      let chunk = '';
      for (const row of rows) chunk += `${JSON.stringify({ table, row })}\n`;
      written[table] += rows.length;
      yield chunk;
    }
  }
  const userIds = [...plan.usersRemoved, ...plan.usersKept].map((u) => u.userId);
  for (let i = 0; i < userIds.length; i += batchRows) {
    let chunk = '';
    for (const row of await userRowsForExport(db, userIds.slice(i, i + batchRows))) {
      chunk += `${JSON.stringify({ table: 'users', row })}\n`;
    }
    yield chunk;
  }
}

class ExportVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportVerificationError';
  }
}

/**
 * Reads a stored export back (streamed) and checks it: gzip intact, every line JSON, the header of this tenant, and
 * per table exactly the rows the header announces. Answers the rows per table and the file's SHA-256.
 */
export async function verifyExport(k: Kernel, key: string, tenantId: number): Promise<{ tables: Record<string, number>; users: number; sha256: string }> {
  const stream = (await k.storage.getStream(key))?.body;
  if (!stream) throw new ExportVerificationError(`The export ${key} was not stored`);
  const hash = crypto.createHash('sha256');
  const hashing = new Transform({ transform(chunk: Buffer, _enc, done) { hash.update(chunk); done(null, chunk); } });
  const gunzip = createGunzip();
  const feeding = pipeline(stream, hashing, gunzip);
  type Line = { format?: string; tenantId?: number; tables?: Record<string, number>; table?: string; row?: Record<string, unknown> };
  let header: Line | null = null;
  const found: Record<string, number> = {};
  let users = 0;
  let n = 0;
  try {
    for await (const line of readline.createInterface({ input: gunzip, crlfDelay: Infinity })) {
      n++;
      let parsed: Line;
      try { parsed = JSON.parse(line) as Line; } catch { throw new ExportVerificationError(`The export ${key} has a broken line ${n}`); }
      if (n === 1) { header = parsed; continue; }
      if (parsed?.table === 'users') { users++; continue; }
      if (typeof parsed?.table !== 'string' || Number(parsed.row?.tenant_id) !== tenantId) throw new ExportVerificationError(`The export ${key} has a line ${n} that is not a row of tenant ${tenantId}`);
      found[parsed.table] = (found[parsed.table] ?? 0) + 1;
    }
    await feeding;
  } catch (e) {
    stream.destroy();
    if (e instanceof ExportVerificationError) throw e;
    throw new ExportVerificationError(`The export ${key} cannot be read back: ${(e as Error).message}`);
  }
  if (!header || header.format !== EXPORT_FORMAT || header.tenantId !== tenantId) throw new ExportVerificationError(`The export ${key} has no header of tenant ${tenantId}`);
  for (const [table, rows] of Object.entries(header.tables ?? {})) {
    if ((found[table] ?? 0) !== rows) throw new ExportVerificationError(`The export ${key} holds ${found[table] ?? 0} rows of ${table}, its header ${rows}`);
  }
  for (const table of Object.keys(found)) if (!(table in (header.tables ?? {}))) throw new ExportVerificationError(`The export ${key} holds rows of ${table}, not in its header`);
  return { tables: found, users, sha256: hash.digest('hex') };
}

export async function exportTenant(k: Kernel, db: Trx, plan: DeletionPlan, at = new Date(), batchRows = EXPORT_BATCH_ROWS): Promise<TenantExport> {
  const key = exportKey(plan.tenantId, at);
  const written: Record<string, number> = {};
  const gzip = createGzip();
  const feeding = pipeline(Readable.from(exportLines(db, plan, at, written, batchRows)), gzip);
  const [{ bytes }] = await Promise.all([k.storage.putStream(key, gzip, 'application/gzip'), feeding]);
  // Rows changed between the count (the header) and the read: the file does not hold what the header says.
  for (const { table, rows } of plan.tables) {
    if (written[table] !== rows) {
      await k.storage.delete(key);
      throw conflict(`Tenant ${plan.tenantId} changed during its export (${table}: ${rows} rows counted, ${written[table]} read); nothing was deleted, try again`);
    }
  }
  const checked = await verifyExport(k, key, plan.tenantId);
  return {
    key, path: path.resolve(k.config.dataDir, 'storage', key), url: k.storage.signedUrl(key, EXPORT_LINK_SECONDS),
    rows: Object.values(written).reduce((a, b) => a + b, 0), bytes, createdAt: at.toISOString(), tables: written, sha256: checked.sha256,
  };
}
