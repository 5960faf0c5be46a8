/**
 * The onboarding survey tenants answer (platform.md 3; the internal answers view is /lciadmin/onboardingsurveyadmin):
 * GET the active questions with the tenant's answers, POST answers (tenant admins; each answer replaces the previous
 * one of its question; audited). Shapes and rules: shared/onboarding.ts.
 */
import type { Kernel, RouteRegistrar, Trx } from '../../../../../kernel/index';
import { answerProblems, surveyAnswersBody, tenantSurvey, type TenantSurvey } from '../../../shared/onboarding';
import { fieldError, tenantParams } from '../shared';
import { HOME_PAGE } from '../onboarding/tenant';
import { activeQuestionsWithAnswers, upsertAnswers } from './store';

async function surveyOf(db: Trx, tenantId: number): Promise<TenantSurvey> {
  const questions = await activeQuestionsWithAnswers(db, tenantId);
  return { questions, complete: questions.every((q) => q.answer !== null) };
}

export function tenantSurveyRoutes(r: RouteRegistrar, _k: Kernel): void {
  r.get(
    '/v3/tenant/:tenantId/onboardingsurvey',
    {
      auth: 'tenantAdmin',
      page: HOME_PAGE,
      params: tenantParams,
      response: tenantSurvey,
      summary: "The onboarding survey's active questions with the tenant's answers",
    },
    async ({ db, tenantId }) => surveyOf(db, tenantId),
  );
  r.post(
    '/v3/tenant/:tenantId/onboardingsurvey',
    {
      auth: 'tenantAdmin',
      page: HOME_PAGE,
      params: tenantParams,
      body: surveyAnswersBody,
      response: tenantSurvey,
      summary: 'Answers questions of the onboarding survey (an answer replaces the earlier one)',
    },
    async ({ db, tenantId, body, caller, audit }) => {
      const current = await surveyOf(db, tenantId);
      const [problem] = answerProblems(body.answers, current.questions);
      if (problem) throw fieldError(`body.${problem.path}`, problem.message);
      await upsertAnswers(db, tenantId, caller!.userId, body.answers);
      await audit('onboarding.survey.answer', { questions: body.answers.map((a) => a.question_id) });
      return surveyOf(db, tenantId);
    },
  );
}
