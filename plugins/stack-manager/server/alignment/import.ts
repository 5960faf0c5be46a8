/**
 * `lci import alignment FILE.csv --tenant N` (and the company import page): the stack alignment items of companies
 * through the companies plugin's CSV import framework (per-row report, all or nothing, --dry-run, --skip-invalid,
 * progress bar on a terminal). Columns: company*, service*, alignment* (fully, partial, other), applicable (default
 * yes), part_of_contract (default no), note (adds an alignment note). Company and service by name,
 * case-insensitively; a company+service pair appears once per file. An item stored already is updated (its version
 * rises only when a value changes); a note equal to a live note of the same item is not added twice.
 */
import { z } from 'zod';
import type { Trx } from '../../../../kernel/index';
import {
  companiesByMoniker,
  csvCell,
  defineCsvImport,
  type CsvRejection,
  type CsvRow,
} from '../../../companies/public';
import { ALIGNMENTS } from '../../shared/stack-catalogue';

const ALIGNMENT_NOTE_MAX = 4000;

const columns = z.object({
  company: csvCell.text(200),
  service: csvCell.text(200),
  alignment: csvCell.oneOf(ALIGNMENTS),
  applicable: csvCell.bool().optional(),
  part_of_contract: csvCell.bool().optional(),
  note: csvCell.text(ALIGNMENT_NOTE_MAX).optional(),
});
type AlignmentRow = z.output<typeof columns>;

const key = (s: string) => s.trim().toLowerCase();

/** Active services by lower-case name: the id, or how many share the name. */
async function servicesByName(trx: Trx): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (const r of await trx('cs_stack_services').where('active_flag', true).select('service_id', 'moniker')) {
    out.set(key(r.moniker), [...(out.get(key(r.moniker)) ?? []), Number(r.service_id)]);
  }
  return out;
}

async function check(trx: Trx, _tenantId: number, rows: CsvRow<AlignmentRow>[]): Promise<CsvRejection[]> {
  const companies = await companiesByMoniker(
    trx,
    rows.map((r) => r.row.company),
  );
  const services = await servicesByName(trx);
  const first = new Map<string, number>();
  const out: CsvRejection[] = [];
  for (const { line, row } of rows) {
    const reasons: string[] = [];
    if (!companies.has(key(row.company))) reasons.push(`company: no company named "${row.company}"`);
    const ids = services.get(key(row.service));
    if (!ids) reasons.push(`service: no stack service named "${row.service}"`);
    else if (ids.length > 1)
      reasons.push(`service: ${ids.length} stack services are named "${row.service}"; rename one in the Stack Manager`);
    const pair = `${key(row.company)}\u0000${key(row.service)}`;
    const at = first.get(pair);
    if (at === undefined) first.set(pair, line);
    else reasons.push(`company, service: ${row.company} / ${row.service} appears already on line ${at}`);
    if (reasons.length) out.push({ line, reasons });
  }
  return out;
}

async function apply(trx: Trx, tenantId: number, rows: AlignmentRow[]) {
  const companies = await companiesByMoniker(
    trx,
    rows.map((r) => r.company),
  );
  const services = await servicesByName(trx);
  const companyId = (r: AlignmentRow) => {
    const c = companies.get(key(r.company));
    if (!c) throw new Error(`company "${r.company}" disappeared during the import`);
    return Number(c.tenant_company_id);
  };
  const serviceId = (r: AlignmentRow) => {
    const ids = services.get(key(r.service));
    if (ids?.length !== 1) throw new Error(`stack service "${r.service}" changed during the import`);
    return ids[0];
  };
  const c = rows.map(companyId);
  const s = rows.map(serviceId);
  const r = await trx.raw(
    `insert into cs_company_stack_alignments as a (tenant_id, tenant_company_id, service_id, alignment, applicable_flag, part_of_contract_flag, version, updated_by, updated_at)
     select ?, u.c, u.s, u.al, u.ap, u.pc, 1, null, now()
       from unnest(?::bigint[], ?::bigint[], ?::text[], ?::boolean[], ?::boolean[]) as u(c, s, al, ap, pc)
     on conflict (tenant_id, tenant_company_id, service_id) do update
       set alignment = excluded.alignment, applicable_flag = excluded.applicable_flag, part_of_contract_flag = excluded.part_of_contract_flag,
           version = a.version + case when (a.alignment, a.applicable_flag, a.part_of_contract_flag)
                                      is distinct from (excluded.alignment, excluded.applicable_flag, excluded.part_of_contract_flag) then 1 else 0 end,
           updated_by = case when (a.alignment, a.applicable_flag, a.part_of_contract_flag)
                                  is distinct from (excluded.alignment, excluded.applicable_flag, excluded.part_of_contract_flag) then null else a.updated_by end,
           updated_at = case when (a.alignment, a.applicable_flag, a.part_of_contract_flag)
                                  is distinct from (excluded.alignment, excluded.applicable_flag, excluded.part_of_contract_flag) then now() else a.updated_at end
     returning (xmax = 0) as inserted`,
    [
      tenantId,
      c,
      s,
      rows.map((x) => x.alignment),
      rows.map((x) => x.applicable ?? true),
      rows.map((x) => x.part_of_contract ?? false),
    ],
  );
  const noted = rows
    .map((x, i) => ({ c: c[i], s: s[i], note: x.note?.trim() }))
    .filter((x): x is { c: number; s: number; note: string } => !!x.note);
  if (noted.length) {
    await trx.raw(
      `insert into cs_stack_alignment_notes (tenant_id, tenant_company_id, type_ref_id, note, soft_delete_flag, created_by)
       select ?, u.c, u.s, u.n, false, null
         from unnest(?::bigint[], ?::bigint[], ?::text[]) as u(c, s, n)
        where not exists (select 1 from cs_stack_alignment_notes x
                           where x.tenant_company_id = u.c and x.type_ref_id = u.s and x.note = u.n and not x.soft_delete_flag)`,
      [tenantId, noted.map((x) => x.c), noted.map((x) => x.s), noted.map((x) => x.note)],
    );
  }
  const inserted = (r.rows as { inserted: boolean }[]).filter((x) => x.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

export const alignmentImport = defineCsvImport({
  kind: 'alignment',
  title: 'Stack alignment',
  description:
    'How each company is aligned with the services of the stack (fully, partial, other), whether the service applies and is part of a contract; a company and service pair is updated when it exists.',
  module: 'Customer Success',
  columns,
  aliases: {
    company_name: 'company',
    moniker: 'company',
    service_name: 'service',
    stack_service: 'service',
    applicable_flag: 'applicable',
    part_of_contract_flag: 'part_of_contract',
    contract: 'part_of_contract',
    notes: 'note',
  },
  help: {
    company: 'Name of an existing company (required)',
    service: 'Name of an active stack service (required)',
    alignment: 'fully, partial or other (required)',
    applicable: 'Does the service apply to the company: yes or no (1/0); default yes',
    part_of_contract: 'Is it part of a contract: yes or no (1/0); default no',
    note: 'Adds an alignment note to the item (optional)',
  },
  example: {
    company: 'Acme Dental Group',
    service: 'Email Security',
    alignment: 'partial',
    applicable: 'yes',
    part_of_contract: 'no',
    note: 'Mimecast renewal in March',
  },
  check,
  apply,
});
