/**
 * `lci import contracts`: contracts of existing companies (named by moniker). Every row adds a contract; a location
 * the company does not have yet is added. The notice date is derived as for contracts entered on the page.
 */
import { z } from 'zod';
import {
  ALERT_TRIGGERS,
  BILLING_CYCLES,
  BUSINESS_IMPACTS,
  CONTRACT_LIMITS,
  CONTRACT_STATUSES,
} from '../../shared/contract-fields';
import { insertContract } from '../../server/contracts';
import { ensureLocations } from '../../server/locations';
import { companiesByMoniker } from '../../server/store';
import { csvCell, defineCsvImport } from '../csv-import';

export const contractsImport = defineCsvImport({
  kind: 'contracts',
  title: 'Contracts',
  description: 'Contracts of existing companies; every row adds a contract.',
  columns: z.object({
    company: csvCell.text(200),
    vendor: csvCell.text(CONTRACT_LIMITS.text),
    account: csvCell.text(CONTRACT_LIMITS.text).optional(),
    location: csvCell.text(200).optional(),
    description: csvCell.text(CONTRACT_LIMITS.description).optional(),
    business_impact: csvCell.oneOf(BUSINESS_IMPACTS).optional(),
    contract_status: csvCell.oneOf(CONTRACT_STATUSES).optional(),
    billing_cycle: csvCell.oneOf(BILLING_CYCLES).optional(),
    cost: csvCell.number(0, CONTRACT_LIMITS.cost).optional(),
    auto_renew_flag: csvCell.bool().optional(),
    next_due_date: csvCell.date().optional(),
    end_date: csvCell.date().optional(),
    notice_to_terminate_in_days: csvCell.int(0, CONTRACT_LIMITS.days).optional(),
    budget_past_end_date_flag: csvCell.bool().optional(),
    alert_trigger: csvCell.oneOf(ALERT_TRIGGERS).optional(),
    lead_time_to_alert_in_days: csvCell.int(0, CONTRACT_LIMITS.days).optional(),
  }),
  aliases: {
    company_name: 'company',
    moniker: 'company',
    location_name: 'location',
    location_moniker: 'location',
    auto_renew: 'auto_renew_flag',
    is_auto_renew: 'auto_renew_flag',
    notice_days: 'notice_to_terminate_in_days',
  },
  help: {
    company: 'Name of an existing company (required)',
    vendor: 'Vendor (required)',
    location: 'Location name; added to the company when new',
    cost: 'Cost in the tenant currency',
    next_due_date: 'YYYY-MM-DD',
    end_date: 'YYYY-MM-DD; the notice date is this minus notice_to_terminate_in_days',
    notice_to_terminate_in_days: 'Days of notice before the end date',
    business_impact: BUSINESS_IMPACTS.join(', '),
    contract_status: CONTRACT_STATUSES.join(', '),
    billing_cycle: BILLING_CYCLES.join(', '),
    alert_trigger: ALERT_TRIGGERS.join(', '),
  },
  example: {
    company: 'Acme Dental Group',
    vendor: 'Microsoft',
    account: 'M365 E3',
    location: 'Main Office',
    contract_status: 'Active',
    billing_cycle: 'Annually',
    cost: '12000',
    auto_renew_flag: 'true',
    end_date: '2026-06-30',
    notice_to_terminate_in_days: '60',
  },

  async check(trx, _tenantId, rows) {
    const companies = await companiesByMoniker(
      trx,
      rows.map((r) => r.row.company),
    );
    return rows
      .filter((r) => !companies.has(r.row.company.toLowerCase()))
      .map((r) => ({ line: r.line, reasons: [`company: no company named "${r.row.company}"`] }));
  },

  async apply(trx, tenantId, rows) {
    const companies = await companiesByMoniker(
      trx,
      rows.map((r) => r.company),
    );
    for (const r of rows) {
      const company = companies.get(r.company.toLowerCase());
      if (!company) throw new Error(`company "${r.company}" disappeared during the import`);
      let locationId: number | null = null;
      if (r.location) {
        await ensureLocations(trx, tenantId, company.tenant_company_id, [r.location]);
        const loc = await trx('tenant_company_locations')
          .where({ tenant_company_id: company.tenant_company_id })
          .whereRaw('lower(location_name) = ?', [r.location.toLowerCase()])
          .first('tenant_company_location_id');
        locationId = Number(loc.tenant_company_location_id);
      }
      await insertContract(
        trx,
        tenantId,
        company.tenant_company_id,
        {
          vendor: r.vendor,
          account: r.account ?? null,
          tenant_company_location_id: locationId,
          business_impact: r.business_impact ?? null,
          description: r.description ?? null,
          contract_status: r.contract_status ?? null,
          billing_cycle: r.billing_cycle ?? null,
          cost: r.cost ?? null,
          auto_renew_flag: r.auto_renew_flag ?? false,
          next_due_date: r.next_due_date ?? null,
          end_date: r.end_date ?? null,
          notice_to_terminate_in_days: r.notice_to_terminate_in_days ?? null,
          budget_past_end_date_flag: r.budget_past_end_date_flag ?? false,
          alert_trigger: r.alert_trigger ?? null,
          lead_time_to_alert_in_days: r.lead_time_to_alert_in_days ?? null,
        },
        null,
      );
    }
    return { inserted: rows.length, updated: 0 };
  },
});
