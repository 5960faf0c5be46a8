/** Demo contacts of the demo companies (`lci db seed`, first start): adds only the contacts a company lacks (by e-mail). */
import type { FixtureContext } from '../../../kernel/index';
import { companiesByMoniker } from '../../companies/public';
import type { ReviewRole } from '../shared/contact-fields';
import { contactIdWithEmail, insertContact } from './store';

interface DemoContact {
  first_name: string;
  last_name: string;
  email: string;
  phone?: string;
  title: string;
  review_role: ReviewRole;
  is_active?: boolean;
}

const DEMO: Record<string, DemoContact[]> = {
  'Acme Dental Group': [
    {
      first_name: 'Dana',
      last_name: 'Whitfield',
      email: 'dana.whitfield@acmedental.example',
      phone: '+1 555 010 2000',
      title: 'Practice Owner',
      review_role: 'decisionMaker',
    },
    {
      first_name: 'Miguel',
      last_name: 'Ortega',
      email: 'miguel.ortega@acmedental.example',
      phone: '+1 555 010 2001',
      title: 'Office Manager',
      review_role: 'billingContact',
    },
    {
      first_name: 'Priya',
      last_name: 'Nair',
      email: 'priya.nair@acmedental.example',
      title: 'IT Coordinator',
      review_role: 'technicalContact',
    },
  ],
  'Brightwater Logistics': [
    {
      first_name: 'Helen',
      last_name: 'Cho',
      email: 'helen.cho@brightwater.example',
      phone: '+1 555 020 3000',
      title: 'Chief Operating Officer',
      review_role: 'decisionMaker',
    },
    {
      first_name: 'Tom',
      last_name: 'Baker',
      email: 'tom.baker@brightwater.example',
      title: 'IT Manager',
      review_role: 'technicalContact',
    },
    {
      first_name: 'Ruth',
      last_name: 'Adeyemi',
      email: 'ruth.adeyemi@brightwater.example',
      title: 'Controller',
      review_role: 'billingContact',
    },
    {
      first_name: 'Gary',
      last_name: 'Lund',
      email: 'gary.lund@brightwater.example',
      title: 'Former IT Lead',
      review_role: 'other',
      is_active: false,
    },
  ],
  'Cedar Ridge Law': [
    {
      first_name: 'Eleanor',
      last_name: 'Vance',
      email: 'evance@cedarridgelaw.example',
      phone: '+1 555 030 4000 x12',
      title: 'Managing Partner',
      review_role: 'decisionMaker',
    },
    {
      first_name: 'Sam',
      last_name: 'Ibarra',
      email: 'sibarra@cedarridgelaw.example',
      title: 'Office Administrator',
      review_role: 'other',
    },
  ],
  'Northwind Clinics': [
    {
      first_name: 'Lena',
      last_name: 'Fischer',
      email: 'lena.fischer@northwind.example',
      title: 'Clinic Director',
      review_role: 'decisionMaker',
    },
  ],
  'Summit Manufacturing': [
    {
      first_name: 'Victor',
      last_name: 'Hale',
      email: 'victor.hale@summitmfg.example',
      phone: '+1 555 050 6000',
      title: 'Plant Manager',
      review_role: 'decisionMaker',
    },
    {
      first_name: 'Aisha',
      last_name: 'Karimi',
      email: 'aisha.karimi@summitmfg.example',
      title: 'Systems Engineer',
      review_role: 'technicalContact',
    },
  ],
};

export async function contactsFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    const companies = await companiesByMoniker(trx, Object.keys(DEMO));
    let added = 0;
    for (const [moniker, people] of Object.entries(DEMO)) {
      const company = companies.get(moniker.toLowerCase());
      if (!company) continue;
      for (const p of people) {
        if ((await contactIdWithEmail(trx, company.tenant_company_id, p.email)) !== null) continue;
        await insertContact(
          trx,
          tenantId,
          company.tenant_company_id,
          {
            first_name: p.first_name,
            last_name: p.last_name,
            email: p.email,
            phone: p.phone ?? null,
            title: p.title,
            review_role: p.review_role,
            is_active: p.is_active ?? true,
          },
          'manual',
        );
        added++;
      }
    }
    if (added) log(`contacts: ${added} demo contacts`);
  });
}
