/**
 * The report's content model: what a component turns into for one company, rendered three ways from the same data
 * (the builder's preview, the presentation and the Word document). A component's data source (this plugin's own
 * types, or one another plugin registers through `reports.components`) answers blocks; nobody renders HTML or Word
 * for a component except this plugin, so every component exports to Word and presents the same way.
 *
 * Shared by the server and the workspace: zod and common/ only.
 */
import { z } from 'zod';

/** How a table cell or a metric is shown (the tenant's currency and date format apply). */
export const CELL_FORMATS = ['text', 'number', 'currency', 'date', 'percent'] as const;
export type CellFormat = (typeof CELL_FORMATS)[number];

export const headingBlock = z.object({
  kind: z.literal('heading'),
  text: z.string(),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});

/** Rich text: HTML already sanitised on the server (shared/rich-text.ts lists what survives). */
export const richTextBlock = z.object({ kind: z.literal('richText'), html: z.string() });

export const paragraphBlock = z.object({ kind: z.literal('paragraph'), text: z.string() });

export const tableColumn = z.object({
  key: z.string(),
  label: z.string(),
  format: z.enum(CELL_FORMATS).default('text'),
});
export const tableBlock = z.object({
  kind: z.literal('table'),
  title: z.string().optional(),
  columns: z.array(tableColumn).min(1),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});

/** A chart: the vega-lite spec the workspace draws and the server renders to SVG/PNG for Word and fusionexport. */
export const chartBlock = z.object({
  kind: z.literal('chart'),
  title: z.string().optional(),
  /** Text alternative (Word's alt text, the presentation's aria-label). */
  alt: z.string(),
  spec: z.record(z.string(), z.unknown()),
});

/** An image kept in storage (img_file, the tenant's logo); the workspace gets `url` (a signed link) in previews. */
export const imageBlock = z.object({
  kind: z.literal('image'),
  fileKey: z.string(),
  fileName: z.string(),
  alt: z.string().optional(),
  url: z.string().optional(),
});

/** An uploaded Word file (msword_file): appended to the exported document; previews show its name and a link. */
export const wordFileBlock = z.object({
  kind: z.literal('wordFile'),
  fileKey: z.string(),
  fileName: z.string(),
  url: z.string().optional(),
});

/** A row of key figures (health score 72, MRR opportunity $4,200, ...). */
export const metricsBlock = z.object({
  kind: z.literal('metrics'),
  items: z.array(
    z.object({
      label: z.string(),
      value: z.union([z.string(), z.number(), z.null()]),
      format: z.enum(CELL_FORMATS).default('text'),
    }),
  ),
});

/** A clear empty state: the component has nothing to show for this company, or its data source is missing. */
export const emptyBlock = z.object({
  kind: z.literal('empty'),
  title: z.string(),
  message: z.string(),
});

export const reportBlock = z.discriminatedUnion('kind', [
  headingBlock,
  richTextBlock,
  paragraphBlock,
  tableBlock,
  chartBlock,
  imageBlock,
  wordFileBlock,
  metricsBlock,
  emptyBlock,
]);
export type ReportBlock = z.infer<typeof reportBlock>;
export type TableBlock = z.infer<typeof tableBlock>;
export type ChartBlock = z.infer<typeof chartBlock>;
export type ImageBlock = z.infer<typeof imageBlock>;
export type MetricsBlock = z.infer<typeof metricsBlock>;
export type TableColumn = z.infer<typeof tableColumn>;
