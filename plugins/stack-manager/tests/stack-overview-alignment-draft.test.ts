import {
  addNote,
  deleteNote,
  draftFrom,
  isDirty,
  NEW_NOTE_ID,
  parseIds,
  saveBody,
  setItem,
  setRecommendations,
  setTags,
  tagsChanged,
  visibleNotes,
  type AlignmentAnswer,
} from '../workspace/alignment/alignment-draft';

const answer = (): AlignmentAnswer => ({
  tenantCompanyStackAlignments: [
    {
      serviceId: 10,
      moniker: 'Backup',
      categoryId: null,
      tagIds: [],
      alignment: 'fully',
      applicableFlag: 1,
      partOfContractFlag: 0,
      mrrOpportunity: 0,
      nrrOpportunity: 0,
      stored: 1,
      version: 3,
    },
    {
      serviceId: 11,
      moniker: 'EDR',
      categoryId: 2,
      tagIds: [5],
      alignment: 'other',
      applicableFlag: 1,
      partOfContractFlag: 0,
      mrrOpportunity: 250,
      nrrOpportunity: 0,
      stored: 0,
      version: 0,
    },
  ],
  linkTables: {
    tenantNotes: [{ tenantNoteId: 7, typeRefId: 10, note: 'Veeam in place', softDeleteFlag: 0 }],
    tenantCompanyProjects: [
      { serviceId: 11, tenantCompanyProjectId: 40 },
      { serviceId: 11, tenantCompanyProjectId: 12 },
    ],
  },
  summary: {
    alignmentScore: 50,
    mrrOpportunity: 250,
    nrrOpportunity: 0,
    totalOpportunity: 250,
    scoreVariant: 'danger',
  },
});

describe('company stack alignment draft', () => {
  const saved = draftFrom(answer(), [5, 2]);

  it('starts clean', () => {
    expect(isDirty(saved, saved)).toBe(false);
    expect(saveBody(saved, saved)).toEqual({ items: [] });
    expect(saved.recommendations[11]).toEqual([12, 40]);
    expect(saved.tagIds).toEqual([2, 5]);
  });

  it('sends only the changed items, with the version of stored ones', () => {
    let d = setItem(saved, 11, { alignment: 'partial' });
    d = setItem(d, 10, { partOfContractFlag: 1 });
    expect(isDirty(saved, d)).toBe(true);
    expect(saveBody(saved, d).items).toEqual([
      { serviceId: 10, alignment: 'fully', applicableFlag: 1, partOfContractFlag: 1, version: 3 },
      { serviceId: 11, alignment: 'partial', applicableFlag: 1, partOfContractFlag: 0 },
    ]);
  });

  it('is clean again when an edit is undone by hand', () => {
    const d = setItem(setItem(saved, 11, { applicableFlag: 0 }), 11, { applicableFlag: 1 });
    expect(isDirty(saved, d)).toBe(false);
  });

  it('gives unsaved notes the id -1; discarding (back to the saved draft) drops them', () => {
    const d = addNote(addNote(saved, 11, '  Quote sent  '), 11, 'Follow up in May');
    expect(visibleNotes(d, 11).map((n) => [n.tenantNoteId, n.note])).toEqual([
      [NEW_NOTE_ID, 'Quote sent'],
      [NEW_NOTE_ID, 'Follow up in May'],
    ]);
    expect(saveBody(saved, d).notes).toEqual([
      { tenantNoteId: -1, typeRefId: 11, note: 'Quote sent', softDeleteFlag: 0 },
      { tenantNoteId: -1, typeRefId: 11, note: 'Follow up in May', softDeleteFlag: 0 },
    ]);
    expect(visibleNotes(saved, 11)).toEqual([]);
    expect(addNote(saved, 11, '   ')).toBe(saved);
  });

  it('soft deletes a saved note and simply removes an unsaved one', () => {
    const withNew = addNote(saved, 10, 'temp');
    const newKey = visibleNotes(withNew, 10).find((n) => n.tenantNoteId === NEW_NOTE_ID)!.key;
    const d = deleteNote(deleteNote(withNew, newKey), 'n7');
    expect(visibleNotes(d, 10)).toEqual([]);
    expect(saveBody(saved, d).notes).toEqual([
      { tenantNoteId: 7, typeRefId: 10, note: 'Veeam in place', softDeleteFlag: 1 },
    ]);
  });

  it('sends the recommendation links of a service whose links changed', () => {
    const d = setRecommendations(saved, 11, [40, 40, 99]);
    expect(saveBody(saved, d).recommendations).toEqual([{ serviceId: 11, tenantCompanyProjectIds: [40, 99] }]);
    expect(saveBody(saved, setRecommendations(saved, 11, [40, 12])).recommendations).toBeUndefined();
    expect(saveBody(saved, setRecommendations(saved, 11, [])).recommendations).toEqual([
      { serviceId: 11, tenantCompanyProjectIds: [] },
    ]);
  });

  it('tracks the company stack tags', () => {
    const d = setTags(saved, [5, 9, 2]);
    expect(tagsChanged(saved, d)).toBe(true);
    expect(isDirty(saved, d)).toBe(true);
    expect(tagsChanged(saved, setTags(saved, [5, 2]))).toBe(false);
  });

  it('reads recommendation ids typed by the user', () => {
    expect(parseIds('12, 40;12 7')).toEqual({ ids: [7, 12, 40], invalid: [] });
    expect(parseIds('12, x, 0, -3')).toEqual({ ids: [12], invalid: ['x', '0', '-3'] });
    expect(parseIds('')).toEqual({ ids: [], invalid: [] });
  });
});
