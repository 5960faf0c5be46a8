/**
 * Demo assessments (`lci db seed`, first start): two templates ("Security Baseline (CIS v8 IG1)" with two versions,
 * "Technology Alignment Review"), with sections, categories and questions of every type and framework tags; per
 * demo company two completed events of each template a quarter apart (the second Security Baseline taken with
 * version 2: comparisons across versions show added and removed questions) and one draft. Answers are derived
 * from a hash of company, question and round, so the data is the same on every run; scores differ between rounds
 * (most companies improve, some decline) and low answers are flagged as findings. Idempotent: a template that
 * exists by name is kept, a company that has events of a template gets none of it. Bulk inserts. Completion goes
 * through the `assessments.eventCompleted` handlers (Customer Success's assessment-template metric gets a value).
 */
import type { FixtureContext, Trx } from '../../../kernel/index';
import { companiesByMoniker } from '../../companies/public';
import { eventCompletedPoint } from '../public';
import {
  templateContent,
  type AnswerValue,
  type TemplateContent,
  type TemplateContentIn,
  type TemplateQuestion,
} from '../shared/api';
import { questionFraction, questionsOf, scoreEvent } from '../shared/scoring';
import * as templates from './templates/store';
import { num } from './util';

export const DEMO_SECURITY = 'Security Baseline (CIS v8 IG1)';
export const DEMO_ALIGNMENT = 'Technology Alignment Review';
/** Demo companies (companies' fixtures) with their maturity in round 1 and the change by round 2. */
export const DEMO_MATURITY: Record<string, { base: number; change: number }> = {
  'Acme Dental Group': { base: 0.45, change: 0.25 },
  'Brightwater Logistics': { base: 0.6, change: 0.15 },
  'Cedar Ridge Law': { base: 0.7, change: -0.2 },
  'Northwind Clinics': { base: 0.35, change: 0.3 },
  'Summit Manufacturing': { base: 0.55, change: 0.1 },
};
/** Round 1, round 2 (a quarter later) and the draft. */
const DEMO_DATES: readonly string[] = ['2026-05-14', '2026-08-13', '2026-11-12'];

const yes = (key: string, text: string, tags: string[], weight = 3, guidance = '') => ({
  key,
  text,
  type: 'yesno' as const,
  weight,
  guidance,
  frameworkTags: tags,
});
const scale = (key: string, text: string, tags: string[], weight = 2) => ({
  key,
  text,
  type: 'scale' as const,
  weight,
  frameworkTags: tags,
  scale: { min: 0, max: 5, labels: { '0': 'None', '5': 'Optimized' } },
});

const SECURITY_V1: TemplateContentIn = {
  sections: [
    {
      key: 'hygiene',
      title: 'Basic Cyber Hygiene',
      weight: 3,
      categories: [
        {
          key: 'inventory',
          title: 'Inventory and Control of Assets',
          weight: 2,
          questions: [
            yes('cis-1.1', 'Is there a detailed enterprise asset inventory?', ['CIS 1.1', 'NIST CSF ID.AM-1'], 4),
            yes('cis-2.1', 'Is there a software inventory kept up to date?', ['CIS 2.1', 'NIST CSF ID.AM-2']),
            {
              key: 'cis-1.2-days',
              text: 'Days an unauthorized device stays on the network before it is handled',
              type: 'number' as const,
              weight: 2,
              frameworkTags: ['CIS 1.2'],
              number: { target: 7, direction: 'atMost' as const, unit: 'days' },
            },
          ],
        },
        {
          key: 'data',
          title: 'Data Protection',
          weight: 2,
          questions: [
            yes('cis-3.1', 'Is there a documented data management process?', ['CIS 3.1', 'NIST CSF ID.AM-5'], 2),
            {
              key: 'cis-11.2',
              text: 'How often are backups of critical data taken?',
              type: 'choice' as const,
              weight: 4,
              frameworkTags: ['CIS 11.2', 'NIST CSF PR.IP-4'],
              options: [
                { value: 'daily', label: 'Daily, automated', score: 3 },
                { value: 'weekly', label: 'Weekly', score: 2 },
                { value: 'monthly', label: 'Monthly', score: 1 },
                { value: 'none', label: 'No backups', score: 0 },
              ],
            },
            yes('cis-usb', 'Is removable media blocked on endpoints?', ['CIS 10.3'], 1),
          ],
        },
        {
          key: 'access',
          title: 'Account and Access Control',
          weight: 3,
          questions: [
            yes('cis-6.5', 'Is MFA required for administrative access?', ['CIS 6.5', 'NIST CSF PR.AC-7'], 5),
            yes('cis-6.3', 'Is MFA required for externally exposed applications?', ['CIS 6.3', 'NIST CSF PR.AC-7'], 4),
            scale('cis-5.2', 'Password policy maturity (unique passwords, manager, length)', ['CIS 5.2']),
          ],
        },
      ],
    },
    {
      key: 'operations',
      title: 'Security Operations',
      weight: 2,
      categories: [
        {
          key: 'vuln',
          title: 'Vulnerability Management',
          weight: 2,
          questions: [
            scale('cis-7.3', 'Operating system patching maturity', ['CIS 7.3', 'NIST CSF PR.IP-12'], 3),
            {
              key: 'cis-7.4-days',
              text: 'Days to apply critical application patches',
              type: 'number' as const,
              weight: 2,
              frameworkTags: ['CIS 7.4'],
              number: { target: 30, direction: 'atMost' as const, unit: 'days' },
            },
          ],
        },
        {
          key: 'awareness',
          title: 'Security Awareness',
          weight: 1,
          questions: [
            yes('cis-14.1', 'Is there a security awareness program for all staff?', ['CIS 14.1', 'NIST CSF PR.AT-1']),
            {
              key: 'awareness-notes',
              text: 'Which training platform is used, and how often?',
              type: 'text' as const,
              weight: 0,
              frameworkTags: [],
            },
          ],
        },
      ],
    },
  ],
};

/** Version 2: audit logging added (CIS 8.2), the removable media question removed. */
function securityV2(): TemplateContentIn {
  const v2 = JSON.parse(JSON.stringify(SECURITY_V1)) as TemplateContentIn;
  const data = v2.sections[0]!.categories[1]!;
  data.questions = data.questions.filter((q) => q.key !== 'cis-usb');
  v2.sections[1]!.categories[0]!.questions.push(
    yes('cis-8.2', 'Are audit logs collected from servers and firewalls?', ['CIS 8.2', 'NIST CSF DE.AE-3'], 3),
  );
  return v2;
}

const ALIGNMENT: TemplateContentIn = {
  sections: [
    {
      key: 'infrastructure',
      title: 'Infrastructure',
      weight: 3,
      categories: [
        {
          key: 'network',
          title: 'Network',
          weight: 2,
          questions: [
            yes(
              'net-fw-support',
              'Is the firewall under vendor support with current firmware?',
              ['NIST CSF PR.PT-4'],
              4,
            ),
            yes('net-wifi-seg', 'Is guest Wi-Fi separated from the business network?', ['CIS 12.2']),
            scale('net-docs', 'Network documentation quality', ['NIST CSF ID.AM-3']),
          ],
        },
        {
          key: 'servers',
          title: 'Servers and Cloud',
          weight: 2,
          questions: [
            {
              key: 'srv-age',
              text: 'Age of the oldest production server',
              type: 'number' as const,
              weight: 3,
              frameworkTags: [],
              number: { target: 5, direction: 'atMost' as const, unit: 'years' },
            },
            {
              key: 'srv-hosting',
              text: 'Where do line-of-business applications run?',
              type: 'choice' as const,
              weight: 2,
              frameworkTags: [],
              options: [
                { value: 'saas', label: 'SaaS / cloud', score: 3 },
                { value: 'hybrid', label: 'Hybrid', score: 2 },
                { value: 'onprem', label: 'On premises', score: 1 },
              ],
            },
          ],
        },
      ],
    },
    {
      key: 'productivity',
      title: 'Productivity',
      weight: 2,
      categories: [
        {
          key: 'endpoints',
          title: 'Endpoints',
          weight: 2,
          questions: [
            {
              key: 'ep-supported',
              text: 'Share of workstations on a supported operating system',
              type: 'number' as const,
              weight: 3,
              frameworkTags: ['CIS 2.2'],
              number: { target: 100, direction: 'atLeast' as const, unit: '%' },
            },
            yes('ep-edr', 'Is EDR deployed on every endpoint?', ['CIS 10.1', 'NIST CSF DE.CM-4'], 4),
          ],
        },
        {
          key: 'collaboration',
          title: 'Collaboration',
          weight: 1,
          questions: [
            scale('col-adoption', 'Adoption of the collaboration suite (chat, shared files)', []),
            {
              key: 'col-notes',
              text: 'Business goals for the next 12 months that depend on technology',
              type: 'text' as const,
              weight: 0,
              frameworkTags: [],
            },
          ],
        },
      ],
    },
  ],
};

/** A number 0..1 from a string (FNV-1a): the same on every run. */
function hash01(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 0xffffffff;
}
const clamp = (x: number) => Math.min(1, Math.max(0, x));

/** The demo answer of a question for a company's maturity (0..1) and a seed. */
function demoAnswer(q: TemplateQuestion, maturity: number, seed: string): { value: AnswerValue; note: string } {
  const h = hash01(seed);
  const level = clamp(maturity + (h - 0.5) * 0.5);
  switch (q.type) {
    case 'yesno':
      return { value: h < maturity, note: '' };
    case 'scale': {
      const min = q.scale?.min ?? 0;
      const max = q.scale?.max ?? 5;
      return { value: Math.round(min + (max - min) * level), note: '' };
    }
    case 'choice': {
      const opts = [...(q.options ?? [])].sort((a, b) => b.score - a.score);
      const i = Math.min(opts.length - 1, Math.floor((1 - level) * opts.length));
      return { value: opts[i]?.value ?? null, note: '' };
    }
    case 'number': {
      const t = q.number?.target ?? 1;
      const v = q.number?.direction === 'atMost' ? t / Math.max(0.15, level) : t * level;
      return { value: Math.round(v), note: '' };
    }
    default:
      return {
        value: level > 0.5 ? 'Quarterly training with phishing simulations.' : 'Nothing formal yet.',
        note: '',
      };
  }
}

interface VersionRef {
  versionId: number;
  templateVersion: number;
  content: TemplateContent;
}

async function ensureTemplate(
  db: Trx,
  tenantId: number,
  name: string,
  description: string,
  versions: TemplateContentIn[],
): Promise<{ templateId: number; versions: VersionRef[] } | null> {
  const existing = await templates.selectByName(db, name);
  let templateId: number;
  if (existing) templateId = num(existing.assessment_template_id);
  else {
    templateId = await templates.insertDef(db, tenantId, { name, description, source: 'tenant' });
    for (const [i, c] of versions.entries())
      await templates.insertVersion(db, tenantId, {
        templateId,
        templateVersion: i + 1,
        content: templateContent.parse(c),
        note: i === 0 ? 'Demo template' : 'Audit logging added; removable media moved to the hardening template',
        userId: null,
      });
    await db(templates.DEFS).where('assessment_template_id', templateId).update({ current_version: versions.length });
  }
  const refs: VersionRef[] = [];
  for (let v = 1; v <= versions.length; v++) {
    const row = await templates.selectVersion(db, templateId, v);
    if (!row) return null; // a tenant template of that name with fewer versions: leave it alone
    refs.push({ versionId: row.assessment_template_version_id, templateVersion: v, content: row.content });
  }
  return { templateId, versions: refs };
}

interface PlannedEvent {
  companyId: number;
  templateId: number;
  version: VersionRef;
  title: string;
  assessedOn: string;
  completed: boolean;
  maturity: number;
  seed: string;
}

export async function assessmentFixtures({ db, k, tenantId, log }: FixtureContext): Promise<void> {
  await db.withTenant(tenantId, async (trx) => {
    const security = await ensureTemplate(
      trx,
      tenantId,
      DEMO_SECURITY,
      'The CIS Controls v8 Implementation Group 1 safeguards every small business should have.',
      [SECURITY_V1, securityV2()],
    );
    const alignment = await ensureTemplate(
      trx,
      tenantId,
      DEMO_ALIGNMENT,
      "The vCIO's standards review: infrastructure, endpoints and collaboration against the MSP's standards.",
      [ALIGNMENT],
    );
    const companies = await companiesByMoniker(trx, Object.keys(DEMO_MATURITY));
    const planned: PlannedEvent[] = [];
    for (const [moniker, m] of Object.entries(DEMO_MATURITY)) {
      const company = companies.get(moniker.toLowerCase());
      if (!company) continue;
      const companyId = num(company.tenant_company_id);
      for (const t of [security, alignment]) {
        if (!t) continue;
        const has = await trx('assessment_events')
          .where({ tenant_company_id: companyId, assessment_template_id: t.templateId })
          .first('assessment_event_id');
        if (has) continue;
        const name = t === security ? DEMO_SECURITY : DEMO_ALIGNMENT;
        const last = t.versions[t.versions.length - 1]!;
        const rounds = [
          { on: DEMO_DATES[0], v: t.versions[0]!, maturity: m.base, completed: true, label: 'Q2 2026' },
          { on: DEMO_DATES[1], v: last, maturity: clamp(m.base + m.change), completed: true, label: 'Q3 2026' },
        ];
        if (t === security)
          rounds.push({
            on: DEMO_DATES[2],
            v: last,
            maturity: clamp(m.base + m.change + 0.05),
            completed: false,
            label: 'Q4 2026',
          });
        for (const r of rounds)
          planned.push({
            companyId,
            templateId: t.templateId,
            version: r.v,
            title: `${name} ${r.label}`,
            assessedOn: r.on,
            completed: r.completed,
            maturity: r.maturity,
            seed: `${moniker}|${name}|${r.on}`,
          });
      }
    }
    if (!planned.length) return;

    const rows = await trx('assessment_events')
      .insert(
        planned.map((p) => ({
          tenant_id: tenantId,
          tenant_company_id: p.companyId,
          assessment_template_id: p.templateId,
          assessment_template_version_id: p.version.versionId,
          title: p.title,
          assessed_on: p.assessedOn,
        })),
      )
      .returning('assessment_event_id');
    const ids = rows.map((r: any) => num(r.assessment_event_id));

    const answers: Record<string, unknown>[] = [];
    const completions: { id: number; p: PlannedEvent; scores: ReturnType<typeof scoreEvent> }[] = [];
    planned.forEach((p, i) => {
      const id = ids[i]!;
      const mine: { question_key: string; value: AnswerValue; na: boolean; finding: boolean }[] = [];
      for (const { question: q } of questionsOf(p.version.content)) {
        // The draft is half done.
        if (!p.completed && hash01(`${p.seed}|${q.key}|skip`) < 0.5) continue;
        const a = demoAnswer(q, p.maturity, `${p.seed}|${q.key}`);
        const f = questionFraction(q, { value: a.value, na: false });
        const finding = f !== null && f < 0.4 && q.weight >= 2;
        mine.push({ question_key: q.key, value: a.value, na: false, finding });
        answers.push({
          tenant_id: tenantId,
          assessment_event_id: id,
          question_key: q.key,
          value: JSON.stringify(a.value),
          na: false,
          note: finding ? 'Below the baseline; discussed with the client.' : a.note,
          finding,
        });
      }
      if (p.completed) completions.push({ id, p, scores: scoreEvent(p.version.content, mine) });
    });
    for (let i = 0; i < answers.length; i += 500) await trx('assessment_answers').insert(answers.slice(i, i + 500));

    const handlers = k.extensions(eventCompletedPoint);
    for (const c of completions) {
      const completedAt = new Date(`${c.p.assessedOn}T15:00:00Z`);
      await trx('assessment_events')
        .where('assessment_event_id', c.id)
        .update({
          status: 'completed',
          scores: JSON.stringify(c.scores),
          overall_score: c.scores.overall,
          submitted_at: completedAt,
          completed_at: completedAt,
        });
      for (const handler of handlers)
        await handler(trx, tenantId, {
          assessmentEventId: c.id,
          tenantCompanyId: c.p.companyId,
          assessmentTemplateId: c.p.templateId,
          templateVersion: c.p.version.templateVersion,
          overallScore: c.scores.overall,
          scores: c.scores,
          completedAt,
        });
    }
    log(`assessments: ${planned.length} demo assessments (${completions.length} completed), ${answers.length} answers`);
  });
}
