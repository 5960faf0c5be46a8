/** The onboarding survey (/lciadmin/onboardingsurveyadmin): questions (edited by staff) and each tenant's answers. */
import { z } from 'zod';
import { notFound, type Kernel, type RouteRegistrar } from '../../../../kernel/index';
import { id, requireTenant, shortText, targetParams } from './shared';

export const SURVEY_PAGE = '/lciadmin/onboardingsurveyadmin';
export const questionBody = z.object({
  question: shortText(300),
  answer_type: z.enum(['text', 'choice', 'yesno']),
  choices: z.array(shortText(100)).max(20).default([]),
  sort: z.coerce.number().int().min(0).max(10000).default(0),
  active_flag: z.boolean().default(true),
}).superRefine((b, ctx) => {
  if (b.answer_type === 'choice' && b.choices.length < 2) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'A choice question needs at least two choices.' });
});

export function surveyRoutes(r: RouteRegistrar, _k: Kernel): void {
  r.get('/v3/lciadmin/onboardingsurvey', { auth: 'internal', scope: 'system', page: SURVEY_PAGE, summary: 'Survey questions with how many tenants answered each' }, async ({ db }) => ({
    questions: (await db('lci_onboarding_survey_questions as q').orderBy('q.sort')
      .select('q.*', db.raw('(select count(*) from tenant_onboarding_survey_answers a where a.question_id = q.question_id)::int as answers'))).map((q: any) => ({ ...q, question_id: Number(q.question_id) })),
    tenants: (await db('tenant_onboarding_survey_answers as a').join('tenants as t', 't.tenant_id', 'a.tenant_id').groupBy('t.tenant_id', 't.name').orderBy('t.name')
      .select('t.tenant_id', 't.name', db.raw('count(*)::int as answered'), db.raw('max(a.answered_at) as last_answered_at'))).map((t: any) => ({ ...t, tenant_id: Number(t.tenant_id) })),
  }));
  r.post('/v3/lciadmin/onboardingsurvey', { auth: 'internal', scope: 'system', page: SURVEY_PAGE, body: questionBody, summary: 'Adds a survey question' }, async ({ db, body }) => {
    const [row] = await db('lci_onboarding_survey_questions').insert(body).returning('*');
    return { question: { ...row, question_id: Number(row.question_id) } };
  });
  r.put('/v3/lciadmin/onboardingsurvey/:questionId', { auth: 'internal', scope: 'system', page: SURVEY_PAGE, params: z.object({ questionId: id }), body: questionBody, summary: 'Edits a survey question' }, async ({ db, params, body }) => {
    const [row] = await db('lci_onboarding_survey_questions').where({ question_id: params.questionId }).update(body).returning('*');
    if (!row) throw notFound(`Question ${params.questionId} not found`);
    return { question: { ...row, question_id: Number(row.question_id) } };
  });
  r.get('/v3/lciadmin/onboardingsurvey/answers/:targetTenantId', { auth: 'internal', scope: 'system', page: SURVEY_PAGE, params: targetParams, summary: 'A tenant\'s survey answers' }, async ({ db, params }) => {
    const t = await requireTenant(db, params.targetTenantId);
    const rows = await db('lci_onboarding_survey_questions as q').leftJoin('tenant_onboarding_survey_answers as a', (j) => j.on('a.question_id', 'q.question_id').andOn('a.tenant_id', db.raw('?', [t.tenant_id])))
      .orderBy('q.sort').select('q.question_id', 'q.question', 'q.answer_type', 'a.answer', 'a.answered_at');
    return { tenant: { tenant_id: t.tenant_id, name: t.name }, answers: rows.map((r: any) => ({ ...r, question_id: Number(r.question_id), answer: r.answer ?? null })) };
  });
}
