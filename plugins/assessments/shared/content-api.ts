/**
 * A template version's content (sections -> categories -> questions: types, weights, keys) and the JSON file of
 * templates the import and export routes and `lci assessments template` read and write. Part of shared/api.ts.
 */
import { z } from 'zod';
import { int } from './api-fields';

export const QUESTION_TYPES = ['yesno', 'scale', 'choice', 'text', 'number'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  yesno: 'Yes / No',
  scale: 'Scale',
  choice: 'Choice',
  text: 'Text',
  number: 'Number',
};
/** Weights of questions, categories and sections: 0 (not scored) to 5. */
export const WEIGHT_MIN = 0;
export const WEIGHT_MAX = 5;
export const DEFAULT_WEIGHT = 1;
export const MAX_QUESTIONS_PER_TEMPLATE = 1000;

/** A key stable across versions (answers and comparisons use it): letters, digits, `.`, `_`, `-`. */
export const itemKey = z
  .string()
  .trim()
  .min(1, 'Required.')
  .max(64, 'Max 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Letters, digits, ".", "_" and "-" only');
const weight = z.number().int('A whole number 0-5').min(WEIGHT_MIN, 'At least 0').max(WEIGHT_MAX, 'At most 5');
const title = z.string().trim().min(1, 'Required.').max(500, 'Max 500 characters');
const longText = z.string().max(10_000, 'Max 10,000 characters');

export const choiceOption = z.object({
  value: itemKey,
  label: title,
  /** 0 or more; the question's score is the chosen option's score over the highest option's score. */
  score: z.number().min(0, 'At least 0').max(1000, 'At most 1000'),
});
export type ChoiceOption = z.infer<typeof choiceOption>;

export const templateQuestion = z.object({
  key: itemKey,
  text: z.string().trim().min(1, 'Required.').max(2000, 'Max 2,000 characters'),
  type: z.enum(QUESTION_TYPES),
  weight: weight.default(DEFAULT_WEIGHT),
  guidance: longText.default(''),
  /** Framework references, e.g. "CIS 1.1", "NIST CSF PR.AC-1". */
  frameworkTags: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  /** scale: the lowest and highest value (default 0..5). */
  scale: z
    .object({
      min: int.min(-1000).max(1000),
      max: int.min(-1000).max(1000),
      labels: z.record(z.string(), z.string().max(200)).optional(),
    })
    .optional(),
  /** choice: the options (at least two). */
  options: z.array(choiceOption).max(50).optional(),
  /** number: the target and whether the answer should reach it (atLeast) or stay under it (atMost). */
  number: z
    .object({
      target: z.number().finite().optional(),
      direction: z.enum(['atLeast', 'atMost']).default('atLeast'),
      unit: z.string().max(50).default(''),
    })
    .optional(),
});
export type TemplateQuestion = z.output<typeof templateQuestion>;
export type TemplateQuestionIn = z.input<typeof templateQuestion>;

export const templateCategory = z.object({
  key: itemKey,
  title,
  description: longText.default(''),
  weight: weight.default(DEFAULT_WEIGHT),
  questions: z.array(templateQuestion).max(MAX_QUESTIONS_PER_TEMPLATE),
});
export type TemplateCategory = z.output<typeof templateCategory>;

export const templateSection = z.object({
  key: itemKey,
  title,
  description: longText.default(''),
  weight: weight.default(DEFAULT_WEIGHT),
  categories: z.array(templateCategory).min(1, 'A section has at least one category').max(200),
});
export type TemplateSection = z.output<typeof templateSection>;

/**
 * A version's content: sections -> categories -> questions. Keys are unique within their level (questions within
 * the template); the rules the schema cannot say (unique keys, scale min < max, two choice options, ...) are
 * checked by shared/template-rules.ts with the same field paths.
 */
export const templateContent = z.object({
  sections: z.array(templateSection).min(1, 'A template has at least one section').max(100),
});
export type TemplateContent = z.output<typeof templateContent>;
export type TemplateContentIn = z.input<typeof templateContent>;

/* ------------------------------------------------------------------ the JSON file (import, export, CLI) */

export const TEMPLATE_FILE_FORMAT = 'lci-assessment-templates';
export const TEMPLATE_FILE_FORMAT_VERSION = 1;

export const templateFileEntry = z.object({
  name: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
  description: z.string().max(5000, 'Max 5,000 characters').default(''),
  sections: templateContent.shape.sections,
});
export type TemplateFileEntry = z.output<typeof templateFileEntry>;

/** The file `lci assessments template export` writes and `import` reads (and the import route's document). */
export const templateFile = z.object({
  format: z.literal(TEMPLATE_FILE_FORMAT).default(TEMPLATE_FILE_FORMAT),
  formatVersion: z.literal(TEMPLATE_FILE_FORMAT_VERSION).default(TEMPLATE_FILE_FORMAT_VERSION),
  templates: z.array(templateFileEntry).min(1, 'The file holds no templates').max(200, 'At most 200 templates'),
});
export type TemplateFile = z.output<typeof templateFile>;
export type TemplateFileIn = z.input<typeof templateFile>;
