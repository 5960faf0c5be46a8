/** The onboarding survey (/lciadmin/onboardingsurveyadmin): questions (edited by staff) and each tenant's answers. */
import { z } from 'zod';
import { notFound, type RouteRegistrar } from '../../../../../kernel/index';
import { tenantRef, when } from '../responses';
import { id, requireTenant, shortText, targetParams } from '../shared';
import { answeringTenants, insertQuestion, listQuestions, tenantAnswers, updateQuestion } from './store';

export const SURVEY_PAGE = '/lciadmin/onboardingsurveyadmin';
const questionBody = z
  .object({
    question: shortText(300),
    answer_type: z.enum(['text', 'choice', 'yesno']),
    choices: z.array(shortText(100)).max(20).default([]),
    sort: z.coerce.number().int().min(0).max(10000).default(0),
    active_flag: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if (b.answer_type === 'choice' && b.choices.length < 2)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'A choice question needs at least two choices.' });
  });

const answerType = z.enum(['text', 'choice', 'yesno']);
const question = z.object({
  question_id: z.number().int(),
  question: z.string(),
  answer_type: answerType,
  choices: z.array(z.string()),
  sort: z.number().int(),
  active_flag: z.boolean(),
});
const listResponse = z.object({
  questions: z.array(question.extend({ answers: z.number().int() })),
  tenants: z.array(
    z.object({ tenant_id: z.number().int(), name: z.string(), answered: z.number().int(), last_answered_at: when }),
  ),
});
const questionResponse = z.object({ question });
const answersResponse = z.object({
  tenant: tenantRef,
  answers: z.array(
    z.object({
      question_id: z.number().int(),
      question: z.string(),
      answer_type: answerType,
      answer: z.string().nullable(),
      answered_at: when.nullable(),
    }),
  ),
});

export function surveyRoutes(r: RouteRegistrar): void {
  r.get(
    '/v3/lciadmin/onboardingsurvey',
    {
      auth: 'internal',
      scope: 'system',
      page: SURVEY_PAGE,
      response: listResponse,
      summary: 'Survey questions with how many tenants answered each',
    },
    async ({ db }) => ({
      questions: await listQuestions(db),
      tenants: await answeringTenants(db),
    }),
  );
  r.post(
    '/v3/lciadmin/onboardingsurvey',
    {
      auth: 'internal',
      scope: 'system',
      page: SURVEY_PAGE,
      body: questionBody,
      response: questionResponse,
      summary: 'Adds a survey question',
    },
    async ({ db, body }) => ({
      question: await insertQuestion(db, body),
    }),
  );
  r.put(
    '/v3/lciadmin/onboardingsurvey/:questionId',
    {
      auth: 'internal',
      scope: 'system',
      page: SURVEY_PAGE,
      params: z.object({ questionId: id }),
      body: questionBody,
      response: questionResponse,
      summary: 'Edits a survey question',
    },
    async ({ db, params, body }) => {
      const row = await updateQuestion(db, params.questionId, body);
      if (!row) throw notFound(`Question ${params.questionId} not found`);
      return { question: row };
    },
  );
  r.get(
    '/v3/lciadmin/onboardingsurvey/answers/:targetTenantId',
    {
      auth: 'internal',
      scope: 'system',
      page: SURVEY_PAGE,
      params: targetParams,
      response: answersResponse,
      summary: "A tenant's survey answers",
    },
    async ({ db, params }) => {
      const t = await requireTenant(db, params.targetTenantId);
      return { tenant: { tenant_id: t.tenant_id, name: t.name }, answers: await tenantAnswers(db, t.tenant_id) };
    },
  );
}
