/**
 * The tenant side of onboarding (platform.md 3 and 7.4): the checklist's hidden-link rule and the survey's answer
 * rules, pure so the server, the dashboard panels and unit tests run the same code.
 */
import { z } from 'zod';

/** The path of an in-app link, without query or fragment: '/datamanagercompanies?x=1#a' -> '/datamanagercompanies'. */
export function linkPath(link: string): string {
  return link.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');
}

/**
 * The hidden-link rule: an item whose link is not a registered page (e.g. /integrations before an integrations
 * plugin exists) is hidden from every tenant; an item without a link is shown.
 */
export function itemShown(item: { link_url: string | null }, pages: ReadonlySet<string>): boolean {
  return item.link_url === null || item.link_url === '' || pages.has(linkPath(item.link_url));
}
export function shownItems<T extends { link_url: string | null }>(
  items: readonly T[],
  pages: ReadonlySet<string>,
): T[] {
  return items.filter((i) => itemShown(i, pages));
}

// ---- the tenant's checklist (GET and POST /v3/tenant/:tenantId/onboarding) ----

const onboardingItem = z.object({
  lci_onboarding_item_id: z.number().int(),
  moniker: z.string(),
  description: z.string(),
  link_url: z.string().nullable(),
  sort: z.number().int(),
  completed_flag: z.boolean(),
  completed_at: z.string().nullable(),
});
export const onboardingChecklist = z.object({ onboarding_items: z.array(onboardingItem), percent: z.number().int() });
export type OnboardingChecklist = z.infer<typeof onboardingChecklist>;
export const onboardingItemUpdate = z.object({ completed_flag: z.boolean() });

// ---- the survey tenants answer (GET and POST /v3/tenant/:tenantId/onboardingsurvey) ----

const SURVEY_ANSWER_TYPES = ['text', 'choice', 'yesno'] as const;
export const YES_NO = ['Yes', 'No'] as const;
const MAX_TEXT_ANSWER = 1000;

const surveyQuestion = z.object({
  question_id: z.number().int(),
  question: z.string(),
  answer_type: z.enum(SURVEY_ANSWER_TYPES),
  choices: z.array(z.string()),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestion>;
export const tenantSurvey = z.object({
  questions: z.array(surveyQuestion),
  /** Every active question has an answer. */
  complete: z.boolean(),
});
export type TenantSurvey = z.infer<typeof tenantSurvey>;

export const surveyAnswersBody = z.object({
  answers: z
    .array(
      z.object({
        question_id: z.number().int().positive(),
        answer: z.string().trim().min(1, 'Required.').max(MAX_TEXT_ANSWER, `Max ${MAX_TEXT_ANSWER} characters`),
      }),
    )
    .min(1, 'Answer at least one question.')
    .max(100, 'Max 100 answers'),
});
type SurveyAnswersBody = z.infer<typeof surveyAnswersBody>;

/**
 * Why a set of answers cannot be saved, per field (`answers.<i>.question_id`, `answers.<i>.answer`); empty: valid.
 * A question must be active and answered once; a choice answer must be one of its choices, a yes/no answer Yes or No.
 */
export function answerProblems(
  answers: SurveyAnswersBody['answers'],
  questions: readonly Pick<SurveyQuestion, 'question_id' | 'answer_type' | 'choices'>[],
): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const seen = new Set<number>();
  answers.forEach((a, i) => {
    const q = questions.find((x) => x.question_id === a.question_id);
    if (!q) return out.push({ path: `answers.${i}.question_id`, message: `Unknown question ${a.question_id}` });
    if (seen.has(a.question_id))
      return out.push({ path: `answers.${i}.question_id`, message: `Question ${a.question_id} is answered twice` });
    seen.add(a.question_id);
    const allowed = q.answer_type === 'choice' ? q.choices : q.answer_type === 'yesno' ? [...YES_NO] : null;
    if (allowed && !allowed.includes(a.answer))
      out.push({ path: `answers.${i}.answer`, message: `Must be one of: ${allowed.join(', ')}` });
  });
  return out;
}
