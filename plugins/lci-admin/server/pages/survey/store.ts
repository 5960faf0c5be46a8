/** SQL of the onboarding survey: questions (lci_onboarding_survey_questions) and tenants' answers (system scope). */
import { listTenants, type Trx } from '../../../../../kernel/index';

interface QuestionFields {
  question: string;
  answer_type: string;
  choices: string[];
  sort: number;
  active_flag: boolean;
}

const question = (q: any) => ({ ...q, question_id: Number(q.question_id) });

/** Questions by sort, with how many tenants answered each. */
export async function listQuestions(db: Trx): Promise<any[]> {
  return (
    await db('lci_onboarding_survey_questions as q')
      .orderBy('q.sort')
      .select(
        'q.*',
        db.raw(
          '(select count(*) from tenant_onboarding_survey_answers a where a.question_id = q.question_id)::int as answers',
        ),
      )
  ).map(question);
}

/** Tenants that answered, by name, with how many answers and the last one's time. */
export async function answeringTenants(db: Trx): Promise<any[]> {
  const answers = await db('tenant_onboarding_survey_answers')
    .groupBy('tenant_id')
    .select('tenant_id', db.raw('count(*)::int as answered'), db.raw('max(answered_at) as last_answered_at'));
  const byTenant = new Map(answers.map((a: any) => [Number(a.tenant_id), a]));
  const tenants = await listTenants(db, { ids: [...byTenant.keys()], orderBy: 'name' });
  return tenants.map((t) => ({
    tenant_id: t.tenantId,
    name: t.name,
    answered: byTenant.get(t.tenantId).answered,
    last_answered_at: byTenant.get(t.tenantId).last_answered_at,
  }));
}

export async function insertQuestion(db: Trx, fields: QuestionFields): Promise<any> {
  const [row] = await db('lci_onboarding_survey_questions').insert(fields).returning('*');
  return question(row);
}

/** The updated question, or null when there is none of that id. */
export async function updateQuestion(db: Trx, questionId: number, fields: QuestionFields): Promise<any | null> {
  const [row] = await db('lci_onboarding_survey_questions')
    .where({ question_id: questionId })
    .update(fields)
    .returning('*');
  return row ? question(row) : null;
}

/** Every question by sort with the tenant's answer (null when not answered). */
export async function tenantAnswers(db: Trx, tenantId: number): Promise<any[]> {
  const rows = await db('lci_onboarding_survey_questions as q')
    .leftJoin('tenant_onboarding_survey_answers as a', (j) =>
      j.on('a.question_id', 'q.question_id').andOn('a.tenant_id', db.raw('?', [tenantId])),
    )
    .orderBy('q.sort')
    .select('q.question_id', 'q.question', 'q.answer_type', 'a.answer', 'a.answered_at');
  return rows.map((r: any) => ({ ...r, question_id: Number(r.question_id), answer: r.answer ?? null }));
}

/** The active questions by sort with the tenant's answer (tenant scope: RLS keeps it to the caller's tenant). */
export async function activeQuestionsWithAnswers(db: Trx, tenantId: number) {
  const rows = await db('lci_onboarding_survey_questions as q')
    .leftJoin('tenant_onboarding_survey_answers as a', (j) =>
      j.on('a.question_id', 'q.question_id').andOn('a.tenant_id', db.raw('?', [tenantId])),
    )
    .where('q.active_flag', true)
    .orderBy([{ column: 'q.sort' }, { column: 'q.question_id' }])
    .select('q.question_id', 'q.question', 'q.answer_type', 'q.choices', 'a.answer', 'a.answered_at');
  return rows.map((r: any) => ({
    question_id: Number(r.question_id),
    question: r.question as string,
    answer_type: r.answer_type as 'text' | 'choice' | 'yesno',
    choices: (r.choices ?? []) as string[],
    answer: (r.answer ?? null) as string | null,
    answered_at: r.answered_at ? new Date(r.answered_at).toISOString() : null,
  }));
}

/** Saves answers, each replacing the tenant's earlier answer to its question. */
export async function upsertAnswers(
  db: Trx,
  tenantId: number,
  userId: number,
  answers: { question_id: number; answer: string }[],
): Promise<void> {
  await db('tenant_onboarding_survey_answers')
    .insert(
      answers.map((a) => ({
        tenant_id: tenantId,
        question_id: a.question_id,
        answer: a.answer,
        answered_by: userId,
        answered_at: db.fn.now(),
      })),
    )
    .onConflict(['tenant_id', 'question_id'])
    .merge(['answer', 'answered_by', 'answered_at']);
}
