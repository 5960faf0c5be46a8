/**
 * The shapes of TenantCompanyStackAlignment (GET / PUT ?tenantCompanyId=), shared by the server and the workspace:
 * the answer's types inferred from the reply schemas (api.ts) and the PUT body's schema. Flags travel as 0 | 1;
 * version 0 = the item is not stored yet (the service's defaults apply).
 */
import { z } from 'zod';
import type { CutVariant } from '../../customer-success/public.browser';
import type { alignmentItem, alignmentNote, alignmentSummary } from './api';
import { ALIGNMENTS } from './stack-alignment';

export type AlignmentItem = z.infer<typeof alignmentItem>;
export type AlignmentNote = z.infer<typeof alignmentNote>;
/** The summary, its variant one of Customer Success's cut variants (the reply schema says text). */
export type AlignmentSummary = Omit<z.infer<typeof alignmentSummary>, 'scoreVariant'> & {
  scoreVariant: CutVariant | null;
};

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const flag01 = z.union([z.literal(0), z.literal(1)]);

/** The body of PUT: any of the three parts. */
export const alignmentSaveBody = z.object({
  items: z
    .array(
      z.object({
        serviceId: id,
        alignment: z.enum(ALIGNMENTS),
        applicableFlag: flag01,
        partOfContractFlag: flag01,
        version: z.number().int().min(0).max(2_147_483_647).optional(),
      }),
    )
    .max(5000)
    .optional(),
  /** tenantNoteId -1 = a new note. */
  notes: z
    .array(
      z.object({
        tenantNoteId: z.union([z.literal(-1), id]),
        typeRefId: id,
        note: z.string().trim().min(1, 'Required.').max(4000, 'Max 4000 characters'),
        softDeleteFlag: flag01,
      }),
    )
    .max(1000)
    .optional(),
  /** Replaces the linked recommendations of each service sent. */
  recommendations: z
    .array(z.object({ serviceId: id, tenantCompanyProjectIds: z.array(id).max(1000) }))
    .max(5000)
    .optional(),
});
export type AlignmentSave = z.output<typeof alignmentSaveBody>;
