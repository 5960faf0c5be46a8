/**
 * Report builder components (customer-success.md 3 "Report builder component"): component_key, type, properties,
 * needs_attention, selected. The spec's types are below; other plugins add types through `reports.components`
 * (public.ts). Properties: the global flag, fileKey, fileName, signedUrl, fileSelected, content, assessmentEventId,
 * assessment_event_id, projectId and a per-company activeFlag.
 *
 * The override rule (customer-success.md 4 "Report component override"): the global flag toggles between shared
 * content and content kept per company. global = true: every company sees the component's own properties.
 * global = false: a company sees its own copy of the content properties when it has one (kept per company), else the
 * shared ones; its activeFlag (default true) decides whether the component is in that company's report at all.
 * Pure: both sides run it.
 */
import { z } from 'zod';

/** The types the spec names, in the flyout's order. */
export const SPEC_COMPONENT_TYPES = [
  'msword_file',
  'img_file',
  'wysiwyg',
  'lci_assessment_summary',
  'lci_assessment_item_detail',
  'lci_assessment',
  'lci_assessment_comparison',
  'lci_project_summary',
] as const;

/**
 * Spec types whose data a later plugin supplies; until it registers them through `reports.components` they show
 * needs_attention and this empty state (the source named, so the user knows what to install or enable).
 */
export const SOURCED_COMPONENT_TYPES: Record<string, { label: string; source: string; group: string }> = {
  lci_assessment_summary: { label: 'Assessment Summary', source: 'Assessments', group: 'Assessments' },
  lci_assessment_item_detail: { label: 'Assessment Item Detail', source: 'Assessments', group: 'Assessments' },
  lci_assessment: { label: 'Assessment', source: 'Assessments', group: 'Assessments' },
  lci_assessment_comparison: { label: 'Assessment Comparison', source: 'Assessments', group: 'Assessments' },
  lci_project_summary: { label: 'Project Summary', source: 'Projects', group: 'Projects' },
};

export const msgSourceMissing = (source: string) =>
  `${source} is not available for this account yet, so this component has no data. It stays in the template and fills in once ${source} is enabled.`;

/** The properties every component may carry (a type's own schema may add more). */
export const componentProperties = z
  .object({
    global: z.boolean().default(true),
    title: z.string().max(200).optional(),
    fileKey: z.string().max(500).optional(),
    fileName: z.string().max(255).optional(),
    signedUrl: z.string().optional(),
    fileSelected: z.boolean().optional(),
    content: z.string().max(500_000).optional(),
    assessmentEventId: z.number().int().positive().nullable().optional(),
    assessment_event_id: z.number().int().positive().nullable().optional(),
    projectId: z.number().int().positive().nullable().optional(),
  })
  .catchall(z.unknown());
export type ComponentProperties = z.infer<typeof componentProperties>;

/** The properties a company may keep its own copy of (the content, not the layout). */
export const COMPANY_PROPERTY_KEYS = [
  'content',
  'fileKey',
  'fileName',
  'fileSelected',
  'assessmentEventId',
  'assessment_event_id',
  'projectId',
] as const;

export interface CompanyOverride {
  /** The company's own values of COMPANY_PROPERTY_KEYS. */
  properties: Partial<ComponentProperties>;
  /** Whether the component is in this company's report (default true). */
  activeFlag: boolean;
}

/** The properties a company's report uses, and whether the component is in it (the override rule above). */
export function effectiveProperties(
  shared: ComponentProperties,
  override: CompanyOverride | null | undefined,
): { properties: ComponentProperties; active: boolean } {
  if (shared.global !== false || !override) return { properties: shared, active: true };
  const own: Partial<ComponentProperties> = {};
  for (const key of COMPANY_PROPERTY_KEYS)
    if (override.properties[key] !== undefined) (own as Record<string, unknown>)[key] = override.properties[key];
  return { properties: { ...shared, ...own }, active: override.activeFlag };
}
