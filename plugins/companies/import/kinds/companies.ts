/**
 * `lci import companies`: client companies by moniker. A moniker the tenant has already updates that company
 * (only the columns given); a new one is added. `locations` adds the named locations (separated by ;).
 */
import { z } from 'zod';
import { ensureLocations } from '../../server/locations';
import { companiesByMoniker, insertCompany, updateCompany } from '../../server/store';
import { csvCell, defineCsvImport, type CsvRejection } from '../csv-import';

export const companiesImport = defineCsvImport({
  kind: 'companies',
  title: 'Companies',
  description: 'Client companies: a company the tenant has (same name) is updated, a new one is added.',
  columns: z.object({
    moniker: csvCell.text(200),
    is_active: csvCell.bool().optional(),
    assessment_only_flag: csvCell.bool().optional(),
    air_only_flag: csvCell.bool().optional(),
    seats: csvCell.int(0, 1_000_000).optional(),
    locations: csvCell.text(4000).optional(),
  }),
  aliases: {
    name: 'moniker',
    company: 'moniker',
    company_name: 'moniker',
    active: 'is_active',
    assessment_only: 'assessment_only_flag',
    air_only: 'air_only_flag',
  },
  help: {
    moniker: 'Company name (required; matches an existing company case-insensitively)',
    is_active: 'true or false (default true for a new company)',
    assessment_only_flag: 'true when the company only takes assessments',
    air_only_flag: 'true when the company only uses Asset Insights (AIR)',
    seats: 'Number of seats (whole number)',
    locations: 'Location names separated by ;',
  },
  example: {
    moniker: 'Acme Dental Group',
    is_active: 'true',
    assessment_only_flag: 'false',
    air_only_flag: 'false',
    seats: '42',
    locations: 'Main Office; Warehouse',
  },

  async check(_trx, _tenantId, rows) {
    const first = new Map<string, number>();
    const out: CsvRejection[] = [];
    for (const { line, row } of rows) {
      const key = row.moniker.toLowerCase();
      const seen = first.get(key);
      if (seen !== undefined)
        out.push({ line, reasons: [`moniker: "${row.moniker}" appears again (first on line ${seen})`] });
      else first.set(key, line);
    }
    return out;
  },

  async apply(trx, tenantId, rows) {
    const existing = await companiesByMoniker(
      trx,
      rows.map((r) => r.moniker),
    );
    let inserted = 0;
    let updated = 0;
    for (const r of rows) {
      const fields = {
        is_active: r.is_active,
        assessment_only_flag: r.assessment_only_flag,
        air_only_flag: r.air_only_flag,
        seats: r.seats,
      };
      const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const have = existing.get(r.moniker.toLowerCase());
      let companyId: number;
      if (have) {
        if (Object.keys(defined).length) await updateCompany(trx, have.tenant_company_id, defined);
        companyId = have.tenant_company_id;
        updated++;
      } else {
        companyId = (await insertCompany(trx, tenantId, { moniker: r.moniker, ...defined })).tenant_company_id;
        inserted++;
      }
      if (r.locations) await ensureLocations(trx, tenantId, companyId, r.locations.split(';'));
    }
    return { inserted, updated };
  },
});
