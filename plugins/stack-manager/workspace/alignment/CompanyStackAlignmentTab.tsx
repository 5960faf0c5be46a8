/**
 * The company detail's stack alignment tab (anchor #stackAlignment; customer-success.md sections 2, 3, 4): each
 * active stack service with its alignment (fully, partial, other), applicable and part-of-contract flags and the
 * MRR/NRR opportunity computed by the server; the summary (alignment score coloured by the cut-score variant, MRR,
 * NRR and total opportunity); the company's stack tags; notes and linked recommendations per service. Edits stay
 * dirty until Save (the dirty-page prompt guards them) or Discard (unsaved notes are dropped). Read Only shows the
 * same data without any editing control.
 */
import {
  Alert,
  Button,
  Callout,
  Card,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import {
  ApiError,
  PageLoadError,
  PageLoading,
  useDirtyPage,
  type CompanyDetailSlotProps,
} from '../../../../workspace/sdk';
import { formatMoney, VARIANT_COLORS, type CutVariant } from '../../../customer-success/public.browser';
import { useCsClient } from '../cs-client';
import {
  addNote,
  ALIGNMENTS,
  deleteNote,
  draftFrom,
  isDirty,
  parseIds,
  saveBody,
  setItem,
  setRecommendations,
  setTags,
  tagsChanged,
  visibleNotes,
  type Alignment,
  type AlignmentAnswer,
  type AlignmentDraft,
  type AlignmentItem,
} from './alignment-draft';
import { useStackFilterOptions } from './use-stack-filter-options';
import './alignment.css';

interface CompanyTagRow {
  tenantCompanyId: number;
  tagId: number;
  moniker: string;
  color: string | null;
}

const MSG_STALE =
  "Someone else changed this company's stack alignment since you opened it. Reload to see their changes, then apply yours again.";

function ScoreFigure({ score, variant }: { score: number | 'n/a'; variant: string | null }) {
  const color = variant && variant in VARIANT_COLORS ? VARIANT_COLORS[variant as CutVariant] : undefined;
  return (
    <strong aria-label="Alignment score" data-variant={variant ?? 'none'} style={color ? { color } : undefined}>
      {score === 'n/a' ? 'n/a' : `${score}%`}
    </strong>
  );
}

function ServiceDialog({
  item,
  draft,
  readOnly,
  onChange,
  onClose,
}: {
  item: AlignmentItem;
  draft: AlignmentDraft;
  readOnly: boolean;
  onChange(d: AlignmentDraft): void;
  onClose(): void;
}) {
  const [text, setText] = useState('');
  const [ids, setIds] = useState((draft.recommendations[item.serviceId] ?? []).join(', '));
  const parsed = parseIds(ids);
  const notes = visibleNotes(draft, item.serviceId);
  const applyIds = (value: string) => {
    setIds(value);
    const p = parseIds(value);
    if (!p.invalid.length) onChange(setRecommendations(draft, item.serviceId, p.ids));
  };
  return (
    <Dialog isOpen onClose={onClose} title={`${item.moniker}: notes and recommendations`}>
      <DialogBody>
        <h4 className="bp6-heading">Notes</h4>
        <div className="cs-align-notes" aria-label="Notes">
          {notes.length === 0 && <span className="bp6-text-muted">No notes yet.</span>}
          {notes.map((n) => (
            <div key={n.key} className="cs-align-note">
              <p>
                {n.note}
                {n.tenantNoteId === -1 && (
                  <Tag minimal intent="warning" className="cs-align-unsaved">
                    unsaved
                  </Tag>
                )}
              </p>
              {!readOnly && (
                <Button
                  size="small"
                  variant="minimal"
                  icon="trash"
                  aria-label={`Delete note ${n.note}`}
                  onClick={() => onChange(deleteNote(draft, n.key))}
                />
              )}
            </div>
          ))}
        </div>
        {!readOnly && (
          <div className="cs-align-note">
            <TextArea
              fill
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-label="New note"
              placeholder="Add a note"
            />
            <Button
              text="Add note"
              disabled={!text.trim()}
              onClick={() => {
                onChange(addNote(draft, item.serviceId, text));
                setText('');
              }}
            />
          </div>
        )}
        <h4 className="bp6-heading">Linked recommendations</h4>
        {readOnly ? (
          <span>{(draft.recommendations[item.serviceId] ?? []).join(', ') || 'None'}</span>
        ) : (
          <>
            <InputGroup
              value={ids}
              onChange={(e) => applyIds(e.target.value)}
              aria-label="Recommendation ids"
              placeholder="Recommendation ids, e.g. 12, 40"
              intent={parsed.invalid.length ? 'danger' : 'none'}
            />
            {parsed.invalid.length > 0 && (
              <div className="bp6-form-helper-text bp6-intent-danger" role="alert">
                Recommendation ids are whole numbers above 0: {parsed.invalid.join(', ')}
              </div>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="Done" onClick={onClose} />}>
        Changes are kept with the page's other edits until you save.
      </DialogFooter>
    </Dialog>
  );
}

export function CompanyStackAlignmentTab({
  companyId,
  readOnly,
  currency,
}: {
  companyId: number;
  readOnly: boolean;
  currency: string;
}) {
  const cs = useCsClient();
  const { tagRows } = useStackFilterOptions();
  const { setDirty } = useDirtyPage();
  const [answer, setAnswer] = useState<AlignmentAnswer | null>(null);
  const [saved, setSaved] = useState<AlignmentDraft | null>(null);
  const [draft, setDraft] = useState<AlignmentDraft | null>(null);
  const [companyTags, setCompanyTags] = useState<CompanyTagRow[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [dialogFor, setDialogFor] = useState<number | null>(null);
  const [addTag, setAddTag] = useState('');

  const apply = (a: AlignmentAnswer, tags: CompanyTagRow[]) => {
    const d = draftFrom(
      a,
      tags.map((t) => t.tagId),
    );
    setAnswer(a);
    setCompanyTags(tags);
    setSaved(d);
    setDraft(d);
    setStale(false);
  };
  const readTags = async () =>
    (
      await cs.csGet<'TenantCompanyCsStackTagManager', CompanyTagRow[]>('TenantCompanyCsStackTagManager', {
        tenantCompanyId: companyId,
      })
    ).tenantCompanyCsStackTags;
  const readAlignment = async () =>
    (await cs.csGet<'TenantCompanyStackAlignment', AlignmentAnswer['tenantCompanyStackAlignments']>(
      'TenantCompanyStackAlignment',
      { tenantCompanyId: companyId },
    )) as unknown as AlignmentAnswer;

  const load = async () => {
    setBusy(true);
    setLoadError(null);
    setSaveError(null);
    try {
      const [a, tags] = await Promise.all([readAlignment(), readTags()]);
      apply(a, tags);
    } catch (e) {
      setLoadError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    void load();
  }, [cs, companyId]);

  const dirty = !!saved && !!draft && isDirty(saved, draft);
  useEffect(() => {
    setDirty(dirty && !readOnly);
  }, [dirty, readOnly, setDirty]);

  const save = async () => {
    if (!saved || !draft) return;
    setBusy(true);
    setSaveError(null);
    try {
      let tags = companyTags;
      if (tagsChanged(saved, draft)) {
        await cs.csSave('TenantCompanyCsStackTagManager', { tagIds: draft.tagIds }, companyId);
        tags = await readTags();
      }
      const body = saveBody(saved, draft);
      const a =
        body.items.length || body.notes || body.recommendations
          ? ((await cs.csSave(
              'TenantCompanyStackAlignment',
              body as unknown as Record<string, unknown>,
              companyId,
            )) as unknown as AlignmentAnswer)
          : await readAlignment();
      apply(a, tags);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setStale(true);
      else setSaveError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const tagName = useMemo(
    () =>
      new Map([
        ...tagRows.map((t) => [t.tagId, t] as const),
        ...companyTags.map((t) => [t.tagId, { tagId: t.tagId, moniker: t.moniker, color: t.color }] as const),
      ]),
    [tagRows, companyTags],
  );

  if (loadError)
    return (
      <PageLoadError
        title="The stack alignment could not be loaded"
        error={loadError}
        retry={() => void load()}
        busy={busy}
      />
    );
  if (!answer || !draft || !saved) return <PageLoading what="the stack alignment" />;
  const s = answer.summary;
  const change = (d: AlignmentDraft) => setDraft(d);
  const dialogItem = dialogFor === null ? null : (draft.items.find((i) => i.serviceId === dialogFor) ?? null);
  const notesCount = (serviceId: number) => visibleNotes(draft, serviceId).length;
  const recCount = (serviceId: number) => (draft.recommendations[serviceId] ?? []).length;
  const addable = tagRows.filter((t) => !draft.tagIds.includes(t.tagId));

  return (
    <div className="cs-align-tab" aria-label="Stack alignment" role="region">
      <div className="cs-align-summary" aria-label="Alignment summary">
        <Card className="cs-align-figure">
          <ScoreFigure score={s.alignmentScore} variant={s.scoreVariant} />
          Alignment score
        </Card>
        <Card className="cs-align-figure">
          <strong aria-label="MRR opportunity">{formatMoney(s.mrrOpportunity, currency)}</strong>MRR opportunity
        </Card>
        <Card className="cs-align-figure">
          <strong aria-label="NRR opportunity">{formatMoney(s.nrrOpportunity, currency)}</strong>NRR opportunity
        </Card>
        <Card className="cs-align-figure">
          <strong aria-label="Total opportunity">{formatMoney(s.totalOpportunity, currency)}</strong>Total opportunity
        </Card>
      </div>

      <div className="cs-align-tags" aria-label="Stack tags">
        <span>Stack tags:</span>
        {draft.tagIds.length === 0 && <span className="bp6-text-muted">none</span>}
        {draft.tagIds.map((id) => {
          const t = tagName.get(id);
          return (
            <Tag
              key={id}
              round
              style={t?.color ? { background: t.color, color: '#fff' } : undefined}
              onRemove={
                readOnly
                  ? undefined
                  : () =>
                      change(
                        setTags(
                          draft,
                          draft.tagIds.filter((x) => x !== id),
                        ),
                      )
              }
            >
              {t?.moniker ?? `#${id}`}
            </Tag>
          );
        })}
        {!readOnly && addable.length > 0 && (
          <HTMLSelect
            aria-label="Add a stack tag"
            value={addTag}
            onChange={(e) => {
              const v = Number(e.target.value);
              if (v) change(setTags(draft, [...draft.tagIds, v]));
              setAddTag('');
            }}
            options={[
              { value: '', label: 'Add a tag…' },
              ...addable.map((t) => ({ value: String(t.tagId), label: t.moniker })),
            ]}
          />
        )}
      </div>

      {stale && (
        <Callout intent="warning" title="Not saved" role="alert">
          {MSG_STALE} <Button variant="minimal" text="Reload" onClick={() => void load()} />
        </Callout>
      )}
      {saveError && (
        <Callout intent="danger" title="The changes could not be saved" role="alert">
          {saveError}
        </Callout>
      )}

      {draft.items.length === 0 ? (
        <NonIdealState
          icon="layers"
          title="No stack services yet"
          description="Define your ideal stack in the Stack Manager; each service then shows here."
        />
      ) : (
        <HTMLTable compact striped className="cs-align-table" aria-label="Stack alignment items">
          <thead>
            <tr>
              <th>Service</th>
              <th>Alignment</th>
              <th>Applicable</th>
              <th>Part of contract</th>
              <th className="cs-align-num">MRR opportunity</th>
              <th className="cs-align-num">NRR opportunity</th>
              <th>Notes and recommendations</th>
            </tr>
          </thead>
          <tbody>
            {draft.items.map((i) => {
              const label = ALIGNMENTS.find((a) => a.value === i.alignment)?.label ?? i.alignment;
              return (
                <tr key={i.serviceId} className={i.applicableFlag ? undefined : 'cs-align-na'} data-service={i.moniker}>
                  <td>{i.moniker}</td>
                  <td>
                    {readOnly ? (
                      label
                    ) : (
                      <HTMLSelect
                        aria-label={`Alignment of ${i.moniker}`}
                        value={i.alignment}
                        onChange={(e) =>
                          change(setItem(draft, i.serviceId, { alignment: e.target.value as Alignment }))
                        }
                        options={ALIGNMENTS.map((a) => ({ value: a.value, label: a.label }))}
                      />
                    )}
                  </td>
                  <td>
                    {readOnly ? (
                      i.applicableFlag ? (
                        'Yes'
                      ) : (
                        'No'
                      )
                    ) : (
                      <Checkbox
                        className="bp6-align-left"
                        aria-label={`${i.moniker} applicable`}
                        checked={i.applicableFlag === 1}
                        onChange={(e) =>
                          change(setItem(draft, i.serviceId, { applicableFlag: e.currentTarget.checked ? 1 : 0 }))
                        }
                      />
                    )}
                  </td>
                  <td>
                    {readOnly ? (
                      i.partOfContractFlag ? (
                        'Yes'
                      ) : (
                        'No'
                      )
                    ) : (
                      <Checkbox
                        aria-label={`${i.moniker} part of contract`}
                        checked={i.partOfContractFlag === 1}
                        onChange={(e) =>
                          change(setItem(draft, i.serviceId, { partOfContractFlag: e.currentTarget.checked ? 1 : 0 }))
                        }
                      />
                    )}
                  </td>
                  <td className="cs-align-num">{formatMoney(i.mrrOpportunity, currency)}</td>
                  <td className="cs-align-num">{formatMoney(i.nrrOpportunity, currency)}</td>
                  <td>
                    <Button
                      size="small"
                      variant="minimal"
                      icon="comment"
                      aria-label={`Notes and recommendations of ${i.moniker}`}
                      text={`${notesCount(i.serviceId)} notes, ${recCount(i.serviceId)} linked`}
                      onClick={() => setDialogFor(i.serviceId)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}

      {!readOnly && (
        <div className="cs-align-actions">
          <Button
            intent="primary"
            icon="floppy-disk"
            text="Save"
            disabled={!dirty || busy}
            loading={busy && dirty}
            onClick={() => void save()}
          />
          <Button text="Discard" disabled={!dirty || busy} onClick={() => setConfirmDiscard(true)} />
          {dirty && (
            <span className="bp6-text-muted" role="status">
              Unsaved changes: opportunities update after saving.
            </span>
          )}
        </div>
      )}

      {dialogItem && (
        <ServiceDialog
          item={dialogItem}
          draft={draft}
          readOnly={readOnly}
          onChange={change}
          onClose={() => setDialogFor(null)}
        />
      )}
      <Alert
        isOpen={confirmDiscard}
        intent="danger"
        icon="undo"
        confirmButtonText="Discard"
        cancelButtonText="Keep editing"
        onCancel={() => setConfirmDiscard(false)}
        onConfirm={() => {
          setDraft(saved);
          setConfirmDiscard(false);
          setSaveError(null);
        }}
      >
        Discard your unsaved changes to this company's stack alignment? Unsaved notes are dropped.
      </Alert>
    </div>
  );
}

/** The company detail's Stack Alignment tab (slot companyDetailTabs; the page keys it by company). */
export default function StackAlignmentTab({ companyId, readOnly, currency }: CompanyDetailSlotProps) {
  return <CompanyStackAlignmentTab companyId={companyId} readOnly={readOnly} currency={currency} />;
}
