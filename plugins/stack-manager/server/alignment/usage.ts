/**
 * Usage of each stack service across the tenant's active companies, for the Stack Manager's list (servicesUsed,
 * totMrrOpp, companyNames of customer-success.md section 3 "Stack service"). Two queries for every company and
 * service (inputs.ts); the rules (applicability, opportunity) are the shared ones.
 */
import type { Trx } from '../../../../kernel/index';
import { loadCells } from './matrix';

interface ServiceUsage {
  /** Companies the service applies to. */
  servicesUsed: number;
  /** Sum of the companies' MRR opportunity for the service. */
  totMrrOpp: number;
  /** Names of the companies the service applies to, sorted. */
  companyNames: string[];
}

/** Usage per active service id (every active service has an entry). */
export async function serviceUsage(db: Trx): Promise<Map<number, ServiceUsage>> {
  const { companies, services, halves, mrrCents } = await loadCells(db, null, null);
  const nS = services.length;
  const out = new Map<number, ServiceUsage>();
  services.forEach((s, si) => {
    let cents = 0;
    const names: string[] = [];
    companies.forEach((c, ci) => {
      const k = ci * nS + si;
      if (halves[k] < 0) return;
      names.push(c.name);
      if (!Number.isNaN(mrrCents[k])) cents += mrrCents[k];
    });
    names.sort((a, b) => a.localeCompare(b));
    out.set(s.serviceId, { servicesUsed: names.length, totMrrOpp: cents / 100, companyNames: names });
  });
  return out;
}
