/**
 * Demo stack alignment (idempotent: only for a tenant without stored alignment items; runs after stackFixtures).
 * For each demo client company, the services that apply to it get a stored item: a mix of fully, partial and other,
 * some marked not applicable, some part of a contract, and a note or two, so the overview and the dashboard show
 * opportunities.
 */
import type { FixtureContext } from '../../../../kernel/index';
import { listCompanies } from '../../../companies/public';
import { ALIGNMENTS } from '../../shared/stack-alignment';
import { itemState } from '../../shared/stack-alignment-item';
import { loadStackServices } from './inputs';
import type { AlignmentSave } from '../../shared/stack-alignment-api';
import { saveCompanyAlignment } from './store';

const NOTES = [
  'Quoted at the last QBR; decision expected next quarter.',
  'Client buys this from another vendor under an existing contract.',
];

export async function alignmentFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    if (await trx('cs_company_stack_alignments').first('service_id')) return;
    const services = await loadStackServices(trx, tenantId);
    if (!services.length) return;
    const companies = (await listCompanies(trx, { activeOnly: true })).filter(
      (c) => !c.assessment_only_flag && !c.air_only_flag,
    );
    const tags = new Map<number, number[]>();
    for (const r of await trx('cs_company_stack_tags').select('tenant_company_id', 'tag_id')) {
      const id = Number(r.tenant_company_id);
      tags.set(id, [...(tags.get(id) ?? []), Number(r.tag_id)]);
    }
    let stored = 0;
    let notes = 0;
    for (const [i, c] of companies.entries()) {
      const companyId = Number(c.tenant_company_id);
      const items: NonNullable<AlignmentSave['items']> = [];
      services.forEach((s, j) => {
        if ((i + j) % 7 === 3) return; // left at the service's defaults
        if (!itemState(undefined, s, tags.get(companyId) ?? []).applicable) return;
        const notApplicable = (i + 2 * j) % 9 === 4;
        items.push({
          serviceId: s.serviceId,
          alignment: ALIGNMENTS[(2 * i + j) % 3],
          applicableFlag: notApplicable ? 0 : 1,
          partOfContractFlag: !notApplicable && (i + j) % 5 === 0 ? 1 : 0,
        });
      });
      const body: AlignmentSave = { items };
      if (i < NOTES.length && items.length) {
        body.notes = [{ tenantNoteId: -1, typeRefId: items[0].serviceId, note: NOTES[i], softDeleteFlag: 0 }];
        notes++;
      }
      await saveCompanyAlignment(trx, tenantId, null, companyId, body);
      stored += items.length;
    }
    log(`stack-manager: ${stored} stack alignment items and ${notes} notes for ${companies.length} companies`);
  });
}
