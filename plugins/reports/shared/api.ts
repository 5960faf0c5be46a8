/**
 * The report builder API (customer-success.md 7 `reportBuilder`; the shapes are this plugin's design, README.md
 * "## Builder"): zod schemas of every builder route's request and response. The server validates with them and the
 * workspace infers its types from them. Pure: zod and this plugin's shared/ only.
 *
 * Every route is under /v3/tenant/:tenantId/ with the permission key '/reportbuilder' (Read Only users may read).
 * Component writes (add, update, delete, order) apply to the template's current version.
 */
import { z } from 'zod';
import { componentProperties } from './components';
import { renderedReport } from './rendered';

const id = z.coerce.number().int().positive();
const int = z.number().int();

/** A component key: letters, digits, dash and underscore (the server makes them; kept across versions). */
export const COMPONENT_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const componentKey = z.string().regex(COMPONENT_KEY_PATTERN, 'Not a component key');

export const tenantParams = z.object({ tenantId: id });
/** Path parameters are named like the columns (reportTemplateId, tenantCompanyId) so route walks find real ids. */
export const templateParams = tenantParams.extend({ reportTemplateId: id });
export const componentParams = templateParams.extend({ componentKey });
export const companyComponentParams = componentParams.extend({ tenantCompanyId: id });

/** Paths, for the workspace and tests. */
export const builderPaths = {
  templates: (t: number) => `/v3/tenant/${t}/reportBuilder`,
  template: (t: number, templateId: number) => `/v3/tenant/${t}/reportBuilder/${templateId}`,
  versions: (t: number, templateId: number) => `/v3/tenant/${t}/reportBuilder/${templateId}/versions`,
  components: (t: number, templateId: number) => `/v3/tenant/${t}/reportBuilder/${templateId}/components`,
  component: (t: number, templateId: number, key: string) =>
    `/v3/tenant/${t}/reportBuilder/${templateId}/components/${encodeURIComponent(key)}`,
  order: (t: number, templateId: number) => `/v3/tenant/${t}/reportBuilder/${templateId}/order`,
  companyComponent: (t: number, templateId: number, key: string, companyId: number) =>
    `/v3/tenant/${t}/reportBuilder/${templateId}/components/${encodeURIComponent(key)}/company/${companyId}`,
  componentTypes: (t: number) => `/v3/tenant/${t}/reportBuilder/componentTypes`,
  uploads: (t: number) => `/v3/tenant/${t}/reportBuilder/uploads`,
  preview: (t: number, templateId: number) => `/v3/tenant/${t}/reportBuilder/${templateId}/preview`,
};

// ---------------------------------------------------------------------------------------------------- templates

export const TEMPLATE_NAME_MAX = 200;
export const TEMPLATE_DESCRIPTION_MAX = 2000;
export const VERSION_NOTE_MAX = 500;

const templateName = z
  .string()
  .trim()
  .min(1, 'Required.')
  .max(TEMPLATE_NAME_MAX, `Max ${TEMPLATE_NAME_MAX} characters`);
const templateDescription = z
  .string()
  .trim()
  .max(TEMPLATE_DESCRIPTION_MAX, `Max ${TEMPLATE_DESCRIPTION_MAX} characters`);

/** A template as the list and every template route answer it. */
export const templateSummary = z.object({
  report_template_id: int.positive(),
  name: z.string(),
  description: z.string(),
  /** The version the builder edits (and presentation, export and schedules use when no `vers` is named). */
  current_vers: int.positive(),
  /** How many versions the template has. */
  versions: int.nonnegative(),
  /** Components of the current version. */
  component_count: int.nonnegative(),
  /** Optimistic-concurrency counter: PUT names the version it read (a stale one answers 409). */
  version: int.positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummary>;

/** GET reportBuilder: the tenant's templates, by name. */
export const templateListAnswer = z.object({ templates: z.array(templateSummary) });
export type TemplateListAnswer = z.infer<typeof templateListAnswer>;

/** A template name the tenant uses already (409 of POST and PUT, on the field `body.name`; the name dialog's check). */
export const MSG_NAME_TAKEN = (name: string) =>
  `A report template named "${name}" already exists. Choose another name.`;

/** POST reportBuilder: the name is unique per tenant (any case; 409 otherwise). Version 1 starts empty. */
export const createTemplateBody = z.object({
  name: templateName,
  description: templateDescription.default(''),
});
export type CreateTemplateBody = z.input<typeof createTemplateBody>;

/** PUT reportBuilder/:templateId: rename or describe; `version` is the one the editor read. */
export const updateTemplateBody = z.object({
  name: templateName.optional(),
  description: templateDescription.optional(),
  version: z.number().int().positive(),
});
export type UpdateTemplateBody = z.input<typeof updateTemplateBody>;

/** DELETE reportBuilder/:templateId: the body must confirm (400 otherwise); versions and content go with it. */
export const deleteTemplateBody = z.object({
  confirm: z.literal(true, { message: 'Confirm the deletion: send {"confirm": true}.' }),
});
export const deleteTemplateAnswer = z.object({ records_updated: z.literal(1), report_template_id: int.positive() });

/** One version of a template. */
export const templateVersion = z.object({
  vers: int.positive(),
  note: z.string(),
  component_count: int.nonnegative(),
  created_at: z.string(),
  created_by: int.nullable(),
});
export type TemplateVersion = z.infer<typeof templateVersion>;

/** A component of a version (the shared properties; a company's own content is under .../company/:companyId). */
export const componentRow = z.object({
  component_key: z.string(),
  type: z.string(),
  position: int.nonnegative(),
  /** The shared properties (global, title, fileKey, fileName, fileSelected, content, ...). */
  properties: componentProperties,
  /** The title shown: properties.title, else the type's label. */
  title: z.string(),
  /** Why the component cannot render as configured (no file chosen, data source missing), or null. */
  needs_attention: z.string().nullable(),
  selected: z.boolean(),
  /** Whether its type is available to this tenant (false: a sourced type not registered, or its module is off). */
  available: z.boolean(),
  updated_at: z.string(),
});
export type ComponentRow = z.infer<typeof componentRow>;

/** GET reportBuilder/:templateId?vers=N (default the current version). */
export const templateQuery = z.object({ vers: z.coerce.number().int().positive().optional() });
export const templateAnswer = z.object({
  template: templateSummary,
  versions: z.array(templateVersion),
  /** The version whose components follow. */
  vers: int.positive(),
  components: z.array(componentRow),
});
export type TemplateAnswer = z.infer<typeof templateAnswer>;

/** PUT reportBuilder/:templateId answers the template (with the new `version`). */
export const templateWriteAnswer = z.object({ template: templateSummary, records_updated: z.literal(1) });

/**
 * POST reportBuilder/:templateId/versions: a new version copying the components of `fromVers` (default the current
 * one); it becomes the current version. Answers the template with the new version's components.
 */
export const createVersionBody = z.object({
  fromVers: z.number().int().positive().optional(),
  note: z.string().trim().max(VERSION_NOTE_MAX, `Max ${VERSION_NOTE_MAX} characters`).default(''),
});
export type CreateVersionBody = z.input<typeof createVersionBody>;

// --------------------------------------------------------------------------------------------------- components

/** Properties as sent: the common ones (shared/components.ts) plus the type's own, checked by the server. */
const propertiesIn = z.record(z.string(), z.unknown());

/** POST reportBuilder/:templateId/components: a type of the catalogue at `position` (default: at the end). */
export const addComponentBody = z.object({
  /** A type of GET reportBuilder/componentTypes (an unknown one: 400 naming body.type). */
  type: z.string().trim().min(1, 'Required.').max(64, 'Max 64 characters'),
  position: z.number().int().nonnegative().optional(),
  properties: propertiesIn.default({}),
  title: z.string().trim().max(200, 'Max 200 characters').optional(),
});
export type AddComponentBody = z.input<typeof addComponentBody>;

/**
 * PUT reportBuilder/:templateId/components/:componentKey: `properties` are merged into the stored ones (a key sent
 * as null is removed); `title` sets properties.title (empty: back to the type's label).
 */
export const updateComponentBody = z.object({
  properties: propertiesIn.optional(),
  selected: z.boolean().optional(),
  title: z.string().trim().max(200, 'Max 200 characters').optional(),
});
export type UpdateComponentBody = z.input<typeof updateComponentBody>;

export const componentAnswer = z.object({ component: componentRow });
export const deleteComponentAnswer = z.object({ records_updated: z.literal(1), component_key: z.string() });

/** PUT reportBuilder/:templateId/order: every component key of the current version, in the new order. */
export const orderBody = z.object({ component_keys: z.array(componentKey).max(500) });
export const orderAnswer = z.object({ components: z.array(componentRow) });

// ------------------------------------------------------------------------------------------ per-company content

/** The properties a company keeps its own copy of (COMPANY_PROPERTY_KEYS). */
export const companyProperties = z
  .object({
    content: z.string().max(500_000).optional(),
    fileKey: z.string().max(500).optional(),
    fileName: z.string().max(255).optional(),
    fileSelected: z.boolean().optional(),
    assessmentEventId: z.number().int().positive().nullable().optional(),
    assessment_event_id: z.number().int().positive().nullable().optional(),
    projectId: z.number().int().positive().nullable().optional(),
  })
  .strict();

/**
 * GET/PUT reportBuilder/:templateId/components/:componentKey/company/:companyId: the company's own content and its
 * activeFlag. `effective` is what the company's report uses (the override rule: own content only when global is
 * off).
 */
export const companyComponentAnswer = z.object({
  component_key: z.string(),
  tenant_company_id: int.positive(),
  company_name: z.string(),
  /** The component's global flag (true: every company sees the shared content; own content is kept but unused). */
  global: z.boolean(),
  activeFlag: z.boolean(),
  /** The company's own values (empty when it has none). */
  properties: companyProperties,
  /** The component's shared properties. */
  shared: componentProperties,
  /** The properties this company's report uses. */
  effective: componentProperties,
  /** Whether the component is in this company's report. */
  active: z.boolean(),
  needs_attention: z.string().nullable(),
});
export type CompanyComponentAnswer = z.infer<typeof companyComponentAnswer>;

/** PUT: the company's own values (replaced as a whole when sent; {} clears them) and/or its activeFlag. */
export const companyComponentBody = z.object({
  properties: companyProperties.optional(),
  activeFlag: z.boolean().optional(),
});
export type CompanyComponentBody = z.input<typeof companyComponentBody>;

// ------------------------------------------------------------------------------------------------- the flyout

export const COMPONENT_TYPE_ORIGINS = ['builtIn', 'spec', 'plugin'] as const;

/** One entry of the flyout. */
export const componentType = z.object({
  type: z.string(),
  label: z.string(),
  description: z.string(),
  group: z.string(),
  /** builtIn: content the user supplies; spec: a spec type another plugin supplies data for; plugin: registered. */
  origin: z.enum(COMPONENT_TYPE_ORIGINS),
  perCompany: z.boolean(),
  /** Whether it can be added and shows data now. */
  available: z.boolean(),
  /** Why not (its data source missing), or null. */
  reason: z.string().nullable(),
  module: z.string().nullable(),
});
export type ComponentType = z.infer<typeof componentType>;

/** GET reportBuilder/componentTypes. */
export const componentTypesAnswer = z.object({ types: z.array(componentType) });
export type ComponentTypesAnswer = z.infer<typeof componentTypesAnswer>;

// ---------------------------------------------------------------------------------------------------- uploads

export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const UPLOAD_CONTENT_TYPES = [...IMAGE_CONTENT_TYPES, DOCX_CONTENT_TYPE] as const;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** POST reportBuilder/uploads: a signed link to upload one image (img_file) or Word file (msword_file). */
export const uploadBody = z.object({
  fileName: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
  contentType: z.enum(UPLOAD_CONTENT_TYPES, {
    message: 'This file type is not accepted (PNG, JPEG or GIF images, or Word .docx files)',
  }),
  bytes: z
    .number()
    .int()
    .positive('The file is empty')
    .max(UPLOAD_MAX_BYTES, `Files up to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`),
});
export type UploadBody = z.input<typeof uploadBody>;

/** PUT the file to `signedUrl` (with its content type), then save fileKey and fileName in the component. */
export const uploadAnswer = z.object({
  fileKey: z.string(),
  fileName: z.string(),
  signedUrl: z.string(),
  expires_at: z.string(),
});
export type UploadAnswer = z.infer<typeof uploadAnswer>;

// ---------------------------------------------------------------------------------------------------- preview

/** GET reportBuilder/:templateId/preview?vers=&companyId=: the report rendered (shared/rendered.ts). */
export const previewQuery = z.object({
  vers: z.coerce.number().int().positive().optional(),
  companyId: id.optional(),
});
export const previewAnswer = renderedReport;
