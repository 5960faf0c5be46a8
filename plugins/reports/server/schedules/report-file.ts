/**
 * The adapter between a schedule run and the Word export: the .docx of a template version for one company. While
 * the builder's render (server/render.ts `renderReport`) and the Word export (server/exports `renderDocx`) are not
 * in the tree, it builds a short document itself (title, company, date): the wiring to the real export is this one
 * function (README.md "## Schedules").
 */
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import type { Kernel, Trx } from '../../../../kernel/index';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

export interface ReportFileInput {
  templateId: number;
  vers: number;
  companyId: number;
  templateName: string;
  companyName: string;
  /** yyyy-mm-dd in the schedule's time zone. */
  asOf: string;
}

/** A file name for the report: '<template> - <company> - <date>.docx' without characters files may not hold. */
export function reportFileName(input: Pick<ReportFileInput, 'templateName' | 'companyName' | 'asOf'>): string {
  const clean = (s: string) =>
    s
      .replace(/[\\/:*?"<>|\x00-\x1f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return `${clean(input.templateName) || 'Report'} - ${clean(input.companyName)} - ${input.asOf}.docx`;
}

export async function buildReportFile(
  _k: Kernel,
  _db: Trx,
  _tenantId: number,
  input: ReportFileInput,
): Promise<ReportFile> {
  const doc = new Document({
    creator: 'Lifecycle Insights',
    title: input.templateName,
    sections: [
      {
        children: [
          new Paragraph({ text: input.templateName, heading: HeadingLevel.TITLE }),
          new Paragraph({ text: input.companyName, heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: `Report version ${input.vers}, as of ${input.asOf}` }),
        ],
      },
    ],
  });
  return { fileName: reportFileName(input), contentType: DOCX_TYPE, body: await Packer.toBuffer(doc) };
}
