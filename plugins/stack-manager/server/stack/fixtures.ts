/**
 * Demo stack (idempotent: each category, tag and service is added only when the tenant has none of that name; company
 * tags only for companies without stack tags): five categories, four tags with colours, twelve MSP services with
 * products of every calcType, and stack tags for the demo client companies.
 */
import type { FixtureContext, Trx } from '../../../../kernel/index';
import { listCompanies } from '../../../companies/public';
import type { CalcType } from '../../shared/stack-catalogue';
import { createCategory } from './categories';
import { saveStackServices } from './save-services';
import { saveTag } from './tags';

const CATEGORIES = ['Security', 'Productivity', 'Infrastructure', 'Backup', 'Compliance'] as const;
const TAGS = [
  ['Microsoft 365', '#0078d4'],
  ['Google Workspace', '#34a853'],
  ['On-prem', '#8a6d3b'],
  ['Regulated', '#c23030'],
] as const;
type Tag = (typeof TAGS)[number][0];
type P = [moniker: string, calcType: CalcType, charge: number, preferred?: boolean];

const SERVICES: {
  moniker: string;
  description: string;
  category: (typeof CATEGORIES)[number];
  tags: Tag[];
  products: P[];
  defaults?: { applicable?: boolean; charge?: number; calcType?: CalcType };
}[] = [
  {
    moniker: 'Endpoint Detection & Response',
    description: 'Managed EDR on every workstation and server',
    category: 'Security',
    tags: [],
    products: [
      ['SentinelOne Control', 'perSeatPerMonth', 6.5, true],
      ['Huntress Managed EDR', 'perSeatPerMonth', 4.75],
    ],
  },
  {
    moniker: 'Email Security',
    description: 'Inbound filtering, impersonation protection and link rewriting',
    category: 'Security',
    tags: ['Microsoft 365', 'Google Workspace'],
    products: [
      ['Proofpoint Essentials', 'perSeatPerMonth', 3.25, true],
      ['Mimecast Email Security', 'perSeatPerMonth', 4],
    ],
  },
  {
    moniker: 'Security Awareness Training',
    description: 'Phishing simulations and training campaigns',
    category: 'Security',
    tags: [],
    products: [['KnowBe4 Diamond', 'perSeatPerYear', 30, true]],
  },
  {
    moniker: 'Multi-Factor Authentication',
    description: 'MFA on email, VPN and line-of-business apps',
    category: 'Security',
    tags: [],
    products: [
      ['Duo Essentials', 'perSeatPerMonth', 3, true],
      ['Onboarding and rollout', 'adhoc', 750],
    ],
  },
  {
    moniker: 'SIEM and 24/7 SOC',
    description: 'Log retention, alerting and a security operations centre',
    category: 'Compliance',
    tags: ['Regulated'],
    products: [
      ['Blumira XDR', 'perMonth', 450, true],
      ['Compliance readiness assessment', 'adhoc', 2500],
    ],
  },
  {
    moniker: 'Microsoft 365 Business Premium',
    description: 'Licensing, tenant hardening and Intune',
    category: 'Productivity',
    tags: ['Microsoft 365'],
    products: [
      ['M365 Business Premium licence', 'perSeatPerMonth', 22, true],
      ['Tenant hardening project', 'perSeat', 35],
    ],
  },
  {
    moniker: 'Google Workspace Business',
    description: 'Licensing and admin of Google Workspace',
    category: 'Productivity',
    tags: ['Google Workspace'],
    products: [['Workspace Business Standard', 'perSeatPerMonth', 14.4, true]],
  },
  {
    moniker: 'Hosted VoIP',
    description: 'Cloud phone system with Teams integration',
    category: 'Productivity',
    tags: [],
    products: [
      ['Hosted seat', 'perSeatPerMonth', 25, true],
      ['Handsets', 'perSeat', 180],
    ],
    defaults: { applicable: false },
  },
  {
    moniker: 'Managed Firewall',
    description: 'Next-generation firewall with security subscriptions',
    category: 'Infrastructure',
    tags: [],
    products: [
      ['FortiGate 60F bundle', 'perYear', 1200, true],
      ['Firewall management', 'perMonth', 95],
    ],
  },
  {
    moniker: 'Server Management',
    description: 'Patching, monitoring and maintenance of on-prem servers',
    category: 'Infrastructure',
    tags: ['On-prem'],
    products: [['Server monitoring and patching', 'perMonth', 150, true]],
  },
  {
    moniker: 'Microsoft 365 Backup',
    description: 'Mailbox, OneDrive and SharePoint backup',
    category: 'Backup',
    tags: ['Microsoft 365'],
    products: [['Datto SaaS Protection', 'perSeatPerMonth', 3.5, true]],
  },
  {
    moniker: 'Server Backup and DR',
    description: 'Image-based backup with offsite replication',
    category: 'Backup',
    tags: ['On-prem'],
    products: [
      ['Datto SIRIS appliance', 'perMonth', 350, true],
      ['DR runbook', 'adhoc', 1500],
    ],
    defaults: { charge: 300, calcType: 'perMonth' },
  },
];

/** The tags of the i-th demo company. */
const COMPANY_TAGS: Tag[][] = [
  ['Microsoft 365', 'On-prem'],
  ['Google Workspace'],
  ['Microsoft 365', 'Regulated'],
  ['Microsoft 365'],
  ['On-prem', 'Regulated'],
];

async function byName(
  db: Trx,
  table: string,
  idColumn: string,
  extra: Record<string, unknown> = {},
): Promise<Map<string, number>> {
  const rows = await db(table)
    .where({ active_flag: true, ...extra })
    .select(idColumn, 'moniker');
  return new Map(rows.map((r) => [String(r.moniker), Number(r[idColumn])]));
}

export async function stackFixtures({ db, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    let added = 0; // categories and tags created by this run
    const categories = await byName(trx, 'cs_stack_categories', 'cs_stack_category_id');
    for (const [i, moniker] of CATEGORIES.entries()) {
      if (!categories.has(moniker)) {
        categories.set(moniker, await createCategory(trx, tenantId, { moniker, sort: i }));
        added++;
      }
    }
    const tags = await byName(trx, 'tenant_tags', 'tag_id', { type_code: 'cs_stack' });
    for (const [moniker, color] of TAGS) {
      if (!tags.has(moniker)) {
        tags.set(moniker, (await saveTag(trx, tenantId, { moniker, color }))!.tag_id);
        added++;
      }
    }
    const existing = await byName(trx, 'cs_stack_services', 'service_id');
    const missing = SERVICES.map((s, i) => ({ s, i })).filter(({ s }) => !existing.has(s.moniker));
    if (missing.length) {
      await saveStackServices(
        trx,
        tenantId,
        {
          services: missing.map(({ s, i }) => ({
            serviceId: -(i + 1),
            moniker: s.moniker,
            description: s.description,
            sort: existing.size + i,
            order: existing.size + i,
            categoryId: categories.get(s.category)!,
            tagIds: s.tags.map((t) => tags.get(t)!),
            products: s.products.map(([moniker, calcType, chargeEstimate, preferred], j) => ({
              moniker,
              calcType,
              chargeEstimate,
              preferredFlag: preferred ? 1 : 0,
              activeFlag: 1,
              sort: j,
            })),
            defaultApplicableFlag: s.defaults?.applicable === false ? 0 : 1,
            defaultChargeEstimate: s.defaults?.charge,
            defaultCalcType: s.defaults?.calcType,
          })),
        },
        null,
      );
    }
    const companies = (await listCompanies(trx, { activeOnly: true })).filter(
      (c) => !c.assessment_only_flag && !c.air_only_flag,
    );
    const tagged = new Set(
      (await trx('cs_company_stack_tags').distinct('tenant_company_id')).map((r) => Number(r.tenant_company_id)),
    );
    let n = 0;
    for (const [i, c] of companies.entries()) {
      if (tagged.has(c.tenant_company_id)) continue;
      const rows = COMPANY_TAGS[i % COMPANY_TAGS.length].map((t) => ({
        tenant_id: tenantId,
        tenant_company_id: c.tenant_company_id,
        tag_id: tags.get(t)!,
      }));
      await trx('cs_company_stack_tags').insert(rows).onConflict(['tenant_id', 'tenant_company_id', 'tag_id']).ignore();
      n++;
    }
    // Only what this run added is reported: a second seed reports nothing ('Demo data already present').
    if (added || missing.length || n)
      log(
        `stack-manager: stack of ${CATEGORIES.length} categories, ${TAGS.length} tags, ${missing.length} new services; stack tags for ${n} companies`,
      );
  });
}
