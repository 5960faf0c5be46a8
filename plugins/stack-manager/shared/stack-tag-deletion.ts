/**
 * What happens to the alignment items of a service when a tag leaves it (customer-success.md section 2 "Stack
 * Manager": removing a tag from a service asks removeAllApplicable, removeOnlyWithoutData or leaveAsIs).
 *
 * Affected companies: those carrying the removed tag and no other remaining tag of the service (companies keeping
 * another of its tags still get the service through that tag). For each affected company:
 * - leaveAsIs (default): a company without a stored item gets one storing applicable true, so its alignment is
 *   unchanged; a stored item stays as it is.
 * - removeAllApplicable: the company's item is stored with applicable false.
 * - removeOnlyWithoutData: like removeAllApplicable, except companies whose item has data (a stored item, a note or a
 *   linked recommendation) keep it applicable (a stored item stays as it is; data without a stored item: stored true).
 */
export const TAG_DELETION_TREATMENTS = ['removeAllApplicable', 'removeOnlyWithoutData', 'leaveAsIs'] as const;
export type TagDeletionTreatment = (typeof TAG_DELETION_TREATMENTS)[number];
export const DEFAULT_TAG_DELETION_TREATMENT: TagDeletionTreatment = 'leaveAsIs';

export interface TagDeletionCompany {
  tenantCompanyId: number;
  /** The company's stack tags. */
  tagIds: readonly number[];
  /** Whether the company has a stored alignment item for the service. */
  stored: boolean;
  /** A note or a linked recommendation on the company's item for the service. */
  hasNotesOrRecommendations: boolean;
}

interface TagDeletionInput {
  treatment: TagDeletionTreatment;
  removedTagId: number;
  /** The service's tags after the removal. */
  remainingTagIds: readonly number[];
  companies: readonly TagDeletionCompany[];
}

/** An item to store: insert with the service's defaults when missing, else set its applicable flag. */
interface TagDeletionWrite {
  tenantCompanyId: number;
  applicableFlag: boolean;
  insertOnly: boolean;
}

export function isAffected(c: TagDeletionCompany, removedTagId: number, remainingTagIds: readonly number[]): boolean {
  return c.tagIds.includes(removedTagId) && !c.tagIds.some((t) => t !== removedTagId && remainingTagIds.includes(t));
}

/** The item writes a tag removal makes (insertOnly: only when the company has no stored item). */
export function tagDeletionWrites(i: TagDeletionInput): TagDeletionWrite[] {
  const out: TagDeletionWrite[] = [];
  for (const c of i.companies) {
    if (!isAffected(c, i.removedTagId, i.remainingTagIds)) continue;
    const hasData = c.stored || c.hasNotesOrRecommendations;
    const keep = i.treatment === 'leaveAsIs' || (i.treatment === 'removeOnlyWithoutData' && hasData);
    if (keep) {
      if (!c.stored) out.push({ tenantCompanyId: c.tenantCompanyId, applicableFlag: true, insertOnly: true });
    } else {
      out.push({ tenantCompanyId: c.tenantCompanyId, applicableFlag: false, insertOnly: false });
    }
  }
  return out;
}
