/** SQL of tenants' assessment templates (assessment_templates; system scope). */
import type { Trx } from '../../../../../kernel/index';
import type { TemplateInput } from '../template-file';

/** The tenant's template names, lower case. */
export async function templateNames(db: Trx, tenantId: number): Promise<Set<string>> {
  return new Set(
    (await db('assessment_templates').where({ tenant_id: tenantId }).pluck('name')).map((n: string) => n.toLowerCase()),
  );
}

/** Writes an imported template: replaces the one of the same name (case ignored) or adds it. Answers its id. */
export async function writeTemplate(db: Trx, tenantId: number, t: TemplateInput, replace: boolean): Promise<number> {
  const row = {
    description: t.description,
    questions: JSON.stringify(t.questions),
    source: 'import',
    imported_at: db.fn.now(),
  };
  const [out] = replace
    ? await db('assessment_templates')
        .where({ tenant_id: tenantId })
        .whereRaw('lower(name) = ?', [t.name.toLowerCase()])
        .update(row)
        .returning('assessment_template_id')
    : await db('assessment_templates')
        .insert({ tenant_id: tenantId, name: t.name, ...row })
        .returning('assessment_template_id');
  return Number((out as { assessment_template_id: number }).assessment_template_id);
}

/** The tenant's templates by name, with how many questions each has. */
export async function listTemplates(db: Trx, tenantId: number): Promise<any[]> {
  const rows = await db('assessment_templates')
    .where({ tenant_id: tenantId })
    .orderBy('name')
    .select('assessment_template_id', 'name', 'description', 'questions', 'imported_at');
  return rows.map((r: any) => ({
    ...r,
    assessment_template_id: Number(r.assessment_template_id),
    question_count: Array.isArray(r.questions) ? r.questions.length : 0,
  }));
}
