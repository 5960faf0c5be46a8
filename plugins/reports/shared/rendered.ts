/**
 * A report rendered for one company: what the preview, the presentation and the Word export all take. The server's
 * render (server/render.ts) builds it from a template version, the company's content and each component's blocks.
 */
import { z } from 'zod';
import { reportBlock } from './blocks';

export const renderedComponent = z.object({
  component_key: z.string(),
  type: z.string(),
  /** The component's title (its properties' title, else its type's label). */
  title: z.string(),
  /** Why it cannot render as configured (e.g. no file chosen, its data source missing); null when fine. */
  needs_attention: z.string().nullable(),
  blocks: z.array(reportBlock),
});
export type RenderedComponent = z.infer<typeof renderedComponent>;

export const renderedReport = z.object({
  report_template_id: z.number().int(),
  vers: z.number().int(),
  /** The template's name: the document's title. */
  name: z.string(),
  tenant_company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  /** yyyy-mm-dd in the tenant's time zone. */
  as_of: z.string(),
  /** The components in this company's report (activeFlag off leaves one out), in order. */
  components: z.array(renderedComponent),
});
export type RenderedReport = z.infer<typeof renderedReport>;
