/**
 * `lci import tickets|csat FILE.csv --tenant N` (and the company import page), through the companies plugin's CSV
 * import framework: every row is checked (columns, the company it names exists) before anything is written, in one
 * transaction. A ticket is keyed by its table and number and a CSAT response by its id, so importing a file again
 * updates those rows instead of adding duplicates. The scores of the companies a chunk touches are recalculated
 * in the same transaction.
 */
import { z } from 'zod';
import type { Trx } from '../../../../kernel/index';
import { companiesByMoniker, csvCell, defineCsvImport, type CsvRow } from '../../../companies/public';
import { CSAT_RATINGS, parseCsatRating } from '../../shared/csat-score';
import { DEFAULT_TICKET_TABLE, TICKET_TABLE_PATTERN } from '../../shared/ticket-input';
import { recalculate } from './recalculate';

/** A date (YYYY-MM-DD, midnight UTC) or a date and time (ISO 8601; without an offset, UTC). */
const when = () =>
  z.string().transform((v, ctx) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(v);
    if (!m) {
      ctx.addIssue({
        code: 'custom',
        message: `Must be a date (YYYY-MM-DD) or date and time (YYYY-MM-DDTHH:MM), not "${v.slice(0, 40)}"`,
      });
      return z.NEVER;
    }
    const [, y, mo, d] = m.map(Number);
    const day = new Date(Date.UTC(y, mo - 1, d));
    if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) {
      ctx.addIssue({ code: 'custom', message: 'Must be a real date' });
      return z.NEVER;
    }
    const iso = m[4]
      ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7] ? (m[7] === 'Z' ? 'Z' : m[7].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z'}`
      : `${m[1]}-${m[2]}-${m[3]}T00:00:00Z`;
    const t = new Date(iso);
    if (Number.isNaN(t.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Must be a real date and time' });
      return z.NEVER;
    }
    return t;
  });

const ticketTable = () =>
  z.string().transform((v, ctx) => {
    const t = v.toLowerCase();
    if (!TICKET_TABLE_PATTERN.test(t)) {
      ctx.addIssue({ code: 'custom', message: 'Letters, digits, - and _ (max 40), starting with a letter' });
      return z.NEVER;
    }
    return t;
  });

const rating = () =>
  z.string().transform((v, ctx) => {
    const r = parseCsatRating(v);
    if (!r) {
      ctx.addIssue({ code: 'custom', message: `Must be one of: ${CSAT_RATINGS.join(', ')} (or 1, 0, -1)` });
      return z.NEVER;
    }
    return r;
  });

async function checkCompanies<R extends { company: string }>(trx: Trx, rows: CsvRow<R>[]) {
  const companies = await companiesByMoniker(
    trx,
    rows.map((r) => r.row.company),
  );
  return rows
    .filter((r) => !companies.has(r.row.company.toLowerCase()))
    .map((r) => ({ line: r.line, reasons: [`company: no company named "${r.row.company}"`] }));
}

/** A key may appear once per file: a later row with the same key is rejected, naming the first line. */
function duplicates<R>(rows: CsvRow<R>[], key: (r: R) => string, what: (r: R) => string) {
  const first = new Map<string, number>();
  const out: { line: number; reasons: string[] }[] = [];
  for (const r of rows) {
    const k = key(r.row);
    const at = first.get(k);
    if (at === undefined) first.set(k, r.line);
    else out.push({ line: r.line, reasons: [`${what(r.row)} appears already on line ${at}`] });
  }
  return out;
}

async function companyIds(trx: Trx, names: string[]): Promise<Map<string, number>> {
  const companies = await companiesByMoniker(trx, names);
  return new Map([...companies.entries()].map(([k, c]) => [k, Number(c.tenant_company_id)]));
}

function idOf(ids: Map<string, number>, name: string): number {
  const id = ids.get(name.toLowerCase());
  if (id === undefined) throw new Error(`company "${name}" disappeared during the import`);
  return id;
}

export const ticketsImport = defineCsvImport({
  kind: 'tickets',
  title: 'Tickets',
  description:
    'Tickets of existing companies from a ticketing tool (input of the number-of-tickets metrics); a ticket is identified by its table and number.',
  module: 'Customer Success',
  columns: z.object({
    company: csvCell.text(200),
    ticket_number: csvCell.text(100),
    opened: when(),
    closed: when().optional(),
    ticket_table: ticketTable().optional(),
    contact: csvCell.text(200).optional(),
    summary: csvCell.text(500).optional(),
  }),
  aliases: {
    company_name: 'company',
    moniker: 'company',
    ticket_id: 'ticket_number',
    ticket: 'ticket_number',
    opened_at: 'opened',
    date_entered: 'opened',
    created: 'opened',
    closed_at: 'closed',
    source: 'ticket_table',
    table: 'ticket_table',
  },
  help: {
    company: 'Name of an existing company (required)',
    ticket_number: 'Ticket number or id in its table (required)',
    opened: 'When the ticket was opened: YYYY-MM-DD or YYYY-MM-DDTHH:MM (UTC unless an offset is given) (required)',
    closed: 'When it was closed (optional)',
    ticket_table: `Where the ticket comes from, e.g. cwtickets or attickets (default ${DEFAULT_TICKET_TABLE}); tables can be excluded on the Health/Effort Admin page`,
  },
  example: {
    company: 'Acme Dental Group',
    ticket_number: '10452',
    opened: '2024-11-04T09:30',
    closed: '2024-11-05',
    ticket_table: 'cwtickets',
    contact: 'dana@acme.example',
    summary: 'Printer offline',
  },
  check: async (trx, _tenantId, rows) => [
    ...(await checkCompanies(trx, rows)),
    ...duplicates(
      rows,
      (r) => `${r.ticket_table ?? DEFAULT_TICKET_TABLE}\u0000${r.ticket_number}`,
      (r) => `ticket_number: ticket ${r.ticket_number} of ${r.ticket_table ?? DEFAULT_TICKET_TABLE}`,
    ),
  ],
  async apply(trx, tenantId, rows) {
    const ids = await companyIds(
      trx,
      rows.map((r) => r.company),
    );
    const r = await trx.raw(
      `insert into cs_tickets (tenant_id, tenant_company_id, ticket_table, ticket_number, opened_at, closed_at, contact, summary)
       select ?, u.c, u.tt, u.n, u.o, u.cl, u.ct, u.s
         from unnest(?::bigint[], ?::text[], ?::text[], ?::timestamptz[], ?::timestamptz[], ?::text[], ?::text[]) as u(c, tt, n, o, cl, ct, s)
       on conflict (tenant_id, ticket_table, ticket_number) do update
         set tenant_company_id = excluded.tenant_company_id, opened_at = excluded.opened_at, closed_at = excluded.closed_at,
             contact = excluded.contact, summary = excluded.summary, imported_at = now()
       returning (xmax = 0) as inserted, tenant_company_id`,
      [
        tenantId,
        rows.map((x) => idOf(ids, x.company)),
        rows.map((x) => x.ticket_table ?? DEFAULT_TICKET_TABLE),
        rows.map((x) => x.ticket_number),
        rows.map((x) => x.opened.toISOString()),
        rows.map((x) => x.closed?.toISOString() ?? null) as string[],
        rows.map((x) => x.contact ?? null) as string[],
        rows.map((x) => x.summary ?? null) as string[],
      ],
    );
    return counted(trx, tenantId, r.rows);
  },
});

export const csatImport = defineCsvImport({
  kind: 'csat',
  title: 'CSAT responses',
  description:
    'Customer satisfaction reactions (SmileBack style) of existing companies (input of the smileback-csat metrics); a response is identified by its id.',
  module: 'Customer Success',
  columns: z.object({
    company: csvCell.text(200),
    response_id: csvCell.text(100),
    rating: rating(),
    responded: when(),
    ticket_number: csvCell.text(100).optional(),
    contact: csvCell.text(200).optional(),
    comment: csvCell.text(2000).optional(),
  }),
  aliases: {
    company_name: 'company',
    moniker: 'company',
    id: 'response_id',
    reaction_id: 'response_id',
    reaction: 'rating',
    score: 'rating',
    responded_at: 'responded',
    rated_on: 'responded',
    date: 'responded',
    ticket: 'ticket_number',
    ticket_id: 'ticket_number',
  },
  help: {
    company: 'Name of an existing company (required)',
    response_id: 'Id of the response in the survey tool (required)',
    rating: 'positive, neutral or negative (or 1, 0, -1) (required)',
    responded: 'YYYY-MM-DD or YYYY-MM-DDTHH:MM (required)',
  },
  example: {
    company: 'Acme Dental Group',
    response_id: 'sb-88121',
    rating: 'positive',
    responded: '2024-11-05T10:02',
    ticket_number: '10452',
    comment: 'Quick fix, thanks!',
  },
  check: async (trx, _tenantId, rows) => [
    ...(await checkCompanies(trx, rows)),
    ...duplicates(
      rows,
      (r) => r.response_id,
      (r) => `response_id: response ${r.response_id}`,
    ),
  ],
  async apply(trx, tenantId, rows) {
    const ids = await companyIds(
      trx,
      rows.map((r) => r.company),
    );
    const r = await trx.raw(
      `insert into cs_csat_responses (tenant_id, tenant_company_id, response_id, rating, responded_at, ticket_number, contact, comment)
       select ?, u.c, u.id, u.r, u.at, u.t, u.ct, u.cm
         from unnest(?::bigint[], ?::text[], ?::text[], ?::timestamptz[], ?::text[], ?::text[], ?::text[]) as u(c, id, r, at, t, ct, cm)
       on conflict (tenant_id, response_id) do update
         set tenant_company_id = excluded.tenant_company_id, rating = excluded.rating, responded_at = excluded.responded_at,
             ticket_number = excluded.ticket_number, contact = excluded.contact, comment = excluded.comment, imported_at = now()
       returning (xmax = 0) as inserted, tenant_company_id`,
      [
        tenantId,
        rows.map((x) => idOf(ids, x.company)),
        rows.map((x) => x.response_id),
        rows.map((x) => x.rating),
        rows.map((x) => x.responded.toISOString()),
        rows.map((x) => x.ticket_number ?? null) as string[],
        rows.map((x) => x.contact ?? null) as string[],
        rows.map((x) => x.comment ?? null) as string[],
      ],
    );
    return counted(trx, tenantId, r.rows);
  },
});

/**
 * Inserted/updated counts of an upsert; recalculates the companies it touched. (A re-imported row that moved to
 * another company leaves the old company's count to the next full recalculation, `lci cs recalc` or the job.)
 */
async function counted(trx: Trx, tenantId: number, rows: { inserted: boolean; tenant_company_id: number }[]) {
  const inserted = rows.filter((x) => x.inserted).length;
  await recalculate(trx, tenantId, { companyIds: [...new Set(rows.map((x) => Number(x.tenant_company_id)))] });
  return { inserted, updated: rows.length - inserted };
}
