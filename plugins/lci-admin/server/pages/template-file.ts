/**
 * Reading an assessment-template file (pure): JSON (an array of templates, or { templates: [...] }) or CSV
 * (one row per question: template_name, template_description, question, question_type). Every problem is
 * reported with where it is; a file with any problem imports nothing.
 */
export const QUESTION_TYPES = ['yesno', 'scale', 'text', 'choice'] as const;
type QuestionType = (typeof QUESTION_TYPES)[number];
interface TemplateQuestion {
  text: string;
  type: QuestionType;
}
export interface TemplateInput {
  name: string;
  description: string;
  questions: TemplateQuestion[];
}
interface FileProblem {
  where: string;
  message: string;
}
const MAX_TEMPLATES = 200;
const MAX_QUESTIONS = 500;

/** Splits CSV text into rows (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f.trim() !== '')) rows.push(row);
      row = [];
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f.trim() !== '')) rows.push(row);
  return rows;
}

function fromCsv(text: string, problems: FileProblem[]): unknown[] {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!rows.length) {
    problems.push({ where: 'file', message: 'The file is empty.' });
    return [];
  }
  const header = rows[0].map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  for (const required of ['template_name', 'question'])
    if (col(required) < 0) problems.push({ where: 'header', message: `Missing column ${required}.` });
  if (problems.length) return [];
  const byName = new Map<
    string,
    { name: string; description: string; questions: { text: string; type: string; row: number }[] }
  >();
  rows.slice(1).forEach((r, i) => {
    const name = (r[col('template_name')] ?? '').trim();
    const key = name.toLowerCase();
    const t = byName.get(key) ?? {
      name,
      description: col('template_description') >= 0 ? (r[col('template_description')] ?? '').trim() : '',
      questions: [],
    };
    t.questions.push({
      text: (r[col('question')] ?? '').trim(),
      type: col('question_type') >= 0 ? (r[col('question_type')] ?? '').trim().toLowerCase() || 'yesno' : 'yesno',
      row: i + 2,
    });
    byName.set(key, t);
  });
  return [...byName.values()];
}

/** Parses and validates a file; templates only when there is no problem. */
export function readTemplateFile(
  content: string,
  format: 'json' | 'csv',
): { templates: TemplateInput[]; problems: FileProblem[] } {
  const problems: FileProblem[] = [];
  let raw: unknown[] = [];
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch (e) {
      return { templates: [], problems: [{ where: 'file', message: `Not valid JSON: ${(e as Error).message}` }] };
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { templates?: unknown })?.templates;
    if (!Array.isArray(list))
      return {
        templates: [],
        problems: [{ where: 'file', message: 'Expected an array of templates or { "templates": [...] }.' }],
      };
    raw = list;
  } else {
    raw = fromCsv(content, problems);
    if (problems.length) return { templates: [], problems };
  }
  if (!raw.length) problems.push({ where: 'file', message: 'The file holds no templates.' });
  if (raw.length > MAX_TEMPLATES)
    problems.push({ where: 'file', message: `At most ${MAX_TEMPLATES} templates per file.` });
  const templates: TemplateInput[] = [];
  const names = new Set<string>();
  raw.forEach((item, i) => {
    const where = `template ${i + 1}`;
    const t = item as { name?: unknown; description?: unknown; questions?: unknown };
    if (!t || typeof t !== 'object') {
      problems.push({ where, message: 'Must be an object.' });
      return;
    }
    const name = typeof t.name === 'string' ? t.name.trim() : '';
    if (!name) problems.push({ where, message: 'name is required.' });
    else if (name.length > 120)
      problems.push({ where: `${where} (${name.slice(0, 40)})`, message: 'name: max 120 characters.' });
    else if (names.has(name.toLowerCase()))
      problems.push({ where: `${where} (${name})`, message: 'The same name appears twice in the file.' });
    names.add(name.toLowerCase());
    const description = typeof t.description === 'string' ? t.description.trim() : '';
    if (description.length > 1000)
      problems.push({ where: `${where} (${name})`, message: 'description: max 1000 characters.' });
    const qs = Array.isArray(t.questions) ? t.questions : null;
    if (!qs || !qs.length) {
      problems.push({ where: `${where} (${name})`, message: 'needs at least one question.' });
      return;
    }
    if (qs.length > MAX_QUESTIONS)
      problems.push({ where: `${where} (${name})`, message: `At most ${MAX_QUESTIONS} questions.` });
    const questions: TemplateQuestion[] = [];
    qs.forEach((q: any, j: number) => {
      const qWhere =
        q && typeof q === 'object' && typeof q.row === 'number'
          ? `row ${q.row}`
          : `${where} (${name}) question ${j + 1}`;
      const text = typeof q === 'string' ? q.trim() : typeof q?.text === 'string' ? q.text.trim() : '';
      const type = (typeof q === 'object' && q && typeof q.type === 'string' ? q.type : 'yesno') as QuestionType;
      if (!text) problems.push({ where: qWhere, message: 'question text is required.' });
      else if (text.length > 500) problems.push({ where: qWhere, message: 'question text: max 500 characters.' });
      if (!QUESTION_TYPES.includes(type))
        problems.push({ where: qWhere, message: `question type must be one of ${QUESTION_TYPES.join(', ')}.` });
      questions.push({ text, type });
    });
    templates.push({ name, description, questions });
  });
  return problems.length ? { templates: [], problems } : { templates, problems };
}
