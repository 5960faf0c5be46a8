/**
 * Templates [/assessmentTemplates]: the list, one template with a version's content, create, update (a new version
 * when assessments use the content), new version, archive, delete, JSON import and export. Part of shared/api.ts.
 */
import { z } from 'zod';
import { flag, id, int, rowVersion, tenantParams } from './api-fields';
import { templateContent, templateFile, templateFileEntry } from './content-api';

export const templateParams = tenantParams.extend({ assessmentTemplateId: id });

export const TEMPLATE_SOURCES = ['tenant', 'platform'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

/** A template in lists (no content). */
export const templateSummary = z.object({
  assessment_template_id: int.positive(),
  name: z.string(),
  description: z.string(),
  source: z.enum(TEMPLATE_SOURCES),
  platform_template_id: int.positive().nullable(),
  current_version: int.positive(),
  question_count: int.nonnegative(),
  /** Events taken with any version of it. */
  event_count: int.nonnegative(),
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  /** Row version for optimistic concurrency (PUT, archive, delete, new version). */
  version: int.positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummary>;

export const templateVersionInfo = z.object({
  assessment_template_version_id: int.positive(),
  template_version: int.positive(),
  question_count: int.nonnegative(),
  event_count: int.nonnegative(),
  note: z.string(),
  created_at: z.string(),
});
export type TemplateVersionInfo = z.infer<typeof templateVersionInfo>;

export const templateListQuery = z.object({
  includeArchived: flag.optional(),
  source: z.enum(TEMPLATE_SOURCES).optional(),
});
export const templateListAnswer = z.object({ templates: z.array(templateSummary) });

export const templateGetQuery = z.object({
  templateVersion: z.coerce.number().int().positive().max(1_000_000).optional(),
});
export const templateAnswer = z.object({
  template: templateSummary,
  /** The version shown (the current one unless ?templateVersion). */
  template_version: int.positive(),
  assessment_template_version_id: int.positive(),
  content: templateContent,
  versions: z.array(templateVersionInfo),
});
export type TemplateAnswer = z.infer<typeof templateAnswer>;

export const createTemplateBody = z.object({
  name: templateFileEntry.shape.name,
  description: templateFileEntry.shape.description,
  content: templateContent,
});
export type CreateTemplateBody = z.input<typeof createTemplateBody>;

/**
 * PUT: the row version read (409 when stale). Content: when the current version has no events it is changed in
 * place, else a new version is made (the answer says which).
 */
export const updateTemplateBody = z.object({
  version: rowVersion,
  name: templateFileEntry.shape.name.optional(),
  description: z.string().max(5000, 'Max 5,000 characters').optional(),
  content: templateContent.optional(),
  note: z.string().max(500).optional(),
});
export type UpdateTemplateBody = z.input<typeof updateTemplateBody>;

/** POST versions: a new version from the content given (or a copy of the current one). */
export const newVersionBody = z.object({
  version: rowVersion,
  content: templateContent.optional(),
  note: z.string().max(500).optional(),
});
export type NewVersionBody = z.input<typeof newVersionBody>;

export const archiveTemplateBody = z.object({ version: rowVersion, archived: z.boolean() });
export const deleteTemplateQuery = z.object({
  version: z.coerce.number().int().positive().optional(),
  confirm: flag.optional(),
});

export const templateWriteAnswer = templateAnswer.extend({
  records_updated: z.literal(1),
  /** True when the write made a new version (the content of a version events use was changed). */
  new_version: z.boolean(),
});
export type TemplateWriteAnswer = z.infer<typeof templateWriteAnswer>;
export const templateDeleteAnswer = z.object({ records_updated: z.literal(1), assessment_template_id: int.positive() });

export const IMPORT_ON_EXISTING = ['skip', 'newVersion', 'fail'] as const;
export const importTemplatesBody = z.object({
  document: templateFile,
  /** A template whose name the tenant has: skip it, add its content as a new version, or refuse the file. */
  onExisting: z.enum(IMPORT_ON_EXISTING).default('fail'),
  dryRun: z.boolean().default(false),
});
export type ImportTemplatesBody = z.input<typeof importTemplatesBody>;
export const importTemplatesAnswer = z.object({
  dryRun: z.boolean(),
  created: z.array(z.object({ name: z.string(), assessment_template_id: int.positive().nullable() })),
  newVersions: z.array(
    z.object({ name: z.string(), assessment_template_id: int.positive(), template_version: int.positive() }),
  ),
  skipped: z.array(z.string()),
});
export type ImportTemplatesAnswer = z.infer<typeof importTemplatesAnswer>;

export const exportTemplateQuery = templateGetQuery;
export const exportTemplateAnswer = templateFile;
