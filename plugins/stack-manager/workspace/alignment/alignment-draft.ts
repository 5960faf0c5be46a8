/**
 * The company stack alignment being edited (customer-success.md sections 3 and 4): alignment items, notes and linked
 * recommendations are dirty until saved; unsaved notes carry tenantNoteId -1 and are dropped on discard; deleting a
 * saved note is a soft delete (softDeleteFlag 1), deleting an unsaved one removes it. The save body sends only what
 * changed. Pure (no React), unit-tested.
 */

export type Alignment = 'fully' | 'partial' | 'other';
export const ALIGNMENTS: readonly { value: Alignment; label: string }[] = [
  { value: 'fully', label: 'Fully aligned' },
  { value: 'partial', label: 'Partially aligned' },
  { value: 'other', label: 'Not aligned' },
];
export type Flag = 0 | 1;

export interface AlignmentItem {
  serviceId: number;
  moniker: string;
  categoryId: number | null;
  tagIds: number[];
  alignment: Alignment;
  applicableFlag: Flag;
  partOfContractFlag: Flag;
  mrrOpportunity: number;
  nrrOpportunity: number;
  mrrCharge?: number;
  nrrCharge?: number;
  stored: Flag;
  version: number;
}
export interface AlignmentNote {
  tenantNoteId: number;
  typeRefId: number;
  note: string;
  softDeleteFlag: Flag;
  createdAt?: string | null;
  createdBy?: number | string | null;
}
export interface AlignmentSummary {
  alignmentScore: number | 'n/a';
  mrrOpportunity: number;
  nrrOpportunity: number;
  totalOpportunity: number;
  scoreVariant: string | null;
  seats?: number | null;
}
export interface AlignmentAnswer {
  tenantCompanyStackAlignments: AlignmentItem[];
  linkTables: {
    tenantNotes: AlignmentNote[];
    tenantCompanyProjects: { serviceId: number; tenantCompanyProjectId: number }[];
  };
  summary: AlignmentSummary;
}

export const NEW_NOTE_ID = -1;

/** A note in the editor: `key` tells notes apart (every unsaved note has tenantNoteId -1). */
export interface DraftNote extends AlignmentNote {
  key: string;
}

export interface AlignmentDraft {
  items: AlignmentItem[];
  notes: DraftNote[];
  /** Linked recommendation ids per service. */
  recommendations: Record<number, number[]>;
  tagIds: number[];
  /** Counter for the keys of new notes. */
  nextKey: number;
}

const recsOf = (a: AlignmentAnswer): Record<number, number[]> => {
  const out: Record<number, number[]> = {};
  for (const l of a.linkTables?.tenantCompanyProjects ?? []) (out[l.serviceId] ??= []).push(l.tenantCompanyProjectId);
  for (const k of Object.keys(out)) out[Number(k)].sort((x, y) => x - y);
  return out;
};

/** The draft of a freshly read answer (and the company's stack tags): nothing changed yet. */
export function draftFrom(a: AlignmentAnswer, tagIds: readonly number[]): AlignmentDraft {
  return {
    items: a.tenantCompanyStackAlignments.map((i) => ({ ...i, tagIds: [...(i.tagIds ?? [])] })),
    notes: (a.linkTables?.tenantNotes ?? []).map((n) => ({ ...n, key: `n${n.tenantNoteId}` })),
    recommendations: recsOf(a),
    tagIds: [...tagIds].sort((x, y) => x - y),
    nextKey: 1,
  };
}

export function setItem(
  d: AlignmentDraft,
  serviceId: number,
  patch: Partial<Pick<AlignmentItem, 'alignment' | 'applicableFlag' | 'partOfContractFlag'>>,
): AlignmentDraft {
  return { ...d, items: d.items.map((i) => (i.serviceId === serviceId ? { ...i, ...patch } : i)) };
}

export function addNote(d: AlignmentDraft, serviceId: number, note: string): AlignmentDraft {
  const text = note.trim();
  if (!text) return d;
  return {
    ...d,
    nextKey: d.nextKey + 1,
    notes: [
      ...d.notes,
      { key: `new${d.nextKey}`, tenantNoteId: NEW_NOTE_ID, typeRefId: serviceId, note: text, softDeleteFlag: 0 },
    ],
  };
}

/** Deleting a saved note marks it (soft delete on save); an unsaved one simply goes. */
export function deleteNote(d: AlignmentDraft, key: string): AlignmentDraft {
  const n = d.notes.find((x) => x.key === key);
  if (!n) return d;
  if (n.tenantNoteId === NEW_NOTE_ID) return { ...d, notes: d.notes.filter((x) => x.key !== key) };
  return { ...d, notes: d.notes.map((x) => (x.key === key ? { ...x, softDeleteFlag: 1 } : x)) };
}

export function setRecommendations(d: AlignmentDraft, serviceId: number, ids: readonly number[]): AlignmentDraft {
  const clean = [...new Set(ids)].sort((x, y) => x - y);
  return { ...d, recommendations: { ...d.recommendations, [serviceId]: clean } };
}

export function setTags(d: AlignmentDraft, tagIds: readonly number[]): AlignmentDraft {
  return { ...d, tagIds: [...new Set(tagIds)].sort((x, y) => x - y) };
}

/** Notes of a service shown in the editor (soft-deleted ones hidden). */
export const visibleNotes = (d: AlignmentDraft, serviceId: number): DraftNote[] =>
  d.notes.filter((n) => n.typeRefId === serviceId && n.softDeleteFlag === 0);

const sameIds = (a: readonly number[] = [], b: readonly number[] = []) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export interface AlignmentSaveBody {
  items: {
    serviceId: number;
    alignment: Alignment;
    applicableFlag: Flag;
    partOfContractFlag: Flag;
    version?: number;
  }[];
  notes?: { tenantNoteId: number; typeRefId: number; note: string; softDeleteFlag: Flag }[];
  recommendations?: { serviceId: number; tenantCompanyProjectIds: number[] }[];
}

/** Only the changed items (with the version read), the new and deleted notes, the changed recommendation links. */
export function saveBody(saved: AlignmentDraft, d: AlignmentDraft): AlignmentSaveBody {
  const before = new Map(saved.items.map((i) => [i.serviceId, i]));
  const items = d.items
    .filter((i) => {
      const b = before.get(i.serviceId);
      return (
        !b ||
        b.alignment !== i.alignment ||
        b.applicableFlag !== i.applicableFlag ||
        b.partOfContractFlag !== i.partOfContractFlag
      );
    })
    .map((i) => ({
      serviceId: i.serviceId,
      alignment: i.alignment,
      applicableFlag: i.applicableFlag,
      partOfContractFlag: i.partOfContractFlag,
      ...(i.stored ? { version: i.version } : {}),
    }));
  const savedNotes = new Map(saved.notes.map((n) => [n.key, n]));
  const notes = d.notes
    .filter((n) => n.tenantNoteId === NEW_NOTE_ID || savedNotes.get(n.key)?.softDeleteFlag !== n.softDeleteFlag)
    .map(({ tenantNoteId, typeRefId, note, softDeleteFlag }) => ({ tenantNoteId, typeRefId, note, softDeleteFlag }));
  const services = new Set([...Object.keys(saved.recommendations), ...Object.keys(d.recommendations)].map(Number));
  const recommendations = [...services]
    .filter((s) => !sameIds(saved.recommendations[s], d.recommendations[s]))
    .sort((a, b) => a - b)
    .map((serviceId) => ({ serviceId, tenantCompanyProjectIds: d.recommendations[serviceId] ?? [] }));
  return { items, ...(notes.length ? { notes } : {}), ...(recommendations.length ? { recommendations } : {}) };
}

export const tagsChanged = (saved: AlignmentDraft, d: AlignmentDraft) => !sameIds(saved.tagIds, d.tagIds);

export function isDirty(saved: AlignmentDraft, d: AlignmentDraft): boolean {
  const b = saveBody(saved, d);
  return b.items.length > 0 || !!b.notes || !!b.recommendations || tagsChanged(saved, d);
}

/** Recommendation ids typed by the user ("12, 40"): positive whole numbers; the rest is reported. */
export function parseIds(text: string): { ids: number[]; invalid: string[] } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const ids: number[] = [];
  const invalid: string[] = [];
  for (const p of parts) {
    if (/^\d+$/.test(p) && Number(p) > 0 && Number.isSafeInteger(Number(p))) ids.push(Number(p));
    else invalid.push(p);
  }
  return { ids: [...new Set(ids)].sort((x, y) => x - y), invalid };
}
