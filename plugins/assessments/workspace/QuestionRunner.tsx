/**
 * Taking an assessment: the outline (sections, categories, answered/total per category and overall; a category
 * opens its first question) beside one question at a time (text, guidance, framework tags, the answer control of
 * its type, N/A, note, finding flag, evidence files). Keyboard: Y / N answer a yes/no question, digits a scale
 * (its value) or a choice (the option's number), A toggles N/A, F the finding flag, J / K / arrows move between
 * questions, Enter goes to the next one. Every change is saved at once (PATCH of the one answer; notes after a
 * pause): "Saving…" / "All changes saved". A stale answer (someone else changed it, 409) is reloaded from the
 * server's answer and the change not saved is shown with "Apply mine again": nothing is lost.
 * Read-only (review, completed, Read Only access): the same view without controls.
 */
import {
  Button,
  ButtonGroup,
  Callout,
  FileInput,
  Icon,
  InputGroup,
  Intent,
  NumericInput,
  ProgressBar,
  Switch,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, ApiError } from '../../../workspace/sdk';
import {
  assessmentPaths,
  EVIDENCE_CONTENT_TYPES,
  EVIDENCE_MAX_BYTES,
  QUESTION_TYPE_LABELS,
  type Answer,
  type AnswerValue,
  type EventAnswer,
  type EventScores,
  type Evidence,
  type PatchAnswerAnswer,
  type PatchAnswerBody,
  type TemplateQuestion,
} from '../shared/api';
import { isAnswered, questionsOf } from '../shared/scoring';
import { errorText } from './ui';

type Patch = Omit<PatchAnswerBody, 'version'>;

interface Props {
  tenantId: number;
  data: EventAnswer;
  editable: boolean;
  onScores(s: EventScores): void;
}

const blank = (key: string): Answer => ({
  question_key: key,
  value: null,
  na: false,
  note: '',
  finding: false,
  score: null,
  version: 0,
  updated_at: '',
  updated_by_user_id: null,
});

function describe(q: TemplateQuestion, p: Patch): string {
  const parts: string[] = [];
  if (p.value !== undefined) parts.push(`answer ${valueText(q, p.value)}`);
  if (p.na !== undefined && !(p.na === false && p.value !== undefined)) parts.push(p.na ? 'N/A' : 'not N/A');
  if (p.note !== undefined) parts.push(`note "${p.note}"`);
  if (p.finding !== undefined) parts.push(p.finding ? 'flagged as finding' : 'finding flag off');
  return parts.join(', ');
}

export function valueText(q: TemplateQuestion, v: AnswerValue | undefined): string {
  if (v === null || v === undefined || v === '') return '–';
  if (q.type === 'yesno') return v === true ? 'Yes' : v === false ? 'No' : String(v);
  if (q.type === 'choice') return q.options?.find((o) => o.value === v)?.label ?? String(v);
  if (q.type === 'scale') {
    const label = q.scale?.labels?.[String(v)];
    return label ? `${String(v)} (${label})` : String(v);
  }
  if (q.type === 'number') return `${String(v)}${q.number?.unit ? ` ${q.number.unit}` : ''}`;
  return String(v);
}

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);

export function QuestionRunner({ tenantId, data, editable, onScores }: Props) {
  const eventId = data.event.assessment_event_id;
  const flat = useMemo(() => questionsOf(data.content), [data.content]);
  const [answers, setAnswers] = useState<Record<string, Answer>>(() =>
    Object.fromEntries(data.answers.map((a) => [a.question_key, a])),
  );
  const [evidence, setEvidence] = useState<Evidence[]>(data.evidence);
  const [index, setIndex] = useState(() => {
    const first = flat.findIndex((x) => !isAnswered(data.answers.find((a) => a.question_key === x.question.key)));
    return editable && first > 0 ? first : 0;
  });
  const [pending, setPending] = useState(0);
  const [saved, setSaved] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ key: string; mine: Patch; text: string } | null>(null);
  const versions = useRef(new Map(data.answers.map((a) => [a.question_key, a.version])));
  const queue = useRef(new Map<string, Promise<void>>());
  const [noteFocus, setNoteFocus] = useState(0);

  const current = flat[index];
  const q = current?.question;

  const save = useCallback(
    (key: string, patch: Patch) => {
      const question = flat.find((x) => x.question.key === key)?.question;
      setAnswers((m) => ({ ...m, [key]: { ...(m[key] ?? blank(key)), ...patch } as Answer }));
      setPending((n) => n + 1);
      setSaved(false);
      const run = async () => {
        try {
          const out = await api.patch<PatchAnswerAnswer>(
            assessmentPaths.answer(tenantId, eventId, key),
            { ...patch, version: versions.current.get(key) ?? 0 },
            { expect: 'answer' },
          );
          versions.current.set(key, out.answer.version);
          setAnswers((m) => ({ ...m, [key]: { ...out.answer, ...pickLocal(m[key], patch) } }));
          onScores(out.scores);
          setSaveError(null);
          setSaved(true);
        } catch (e) {
          if (e instanceof ApiError && e.status === 409) {
            const cur = (e.body as { error?: { current?: Answer | null } } | undefined)?.error?.current;
            if (cur !== undefined) {
              versions.current.set(key, cur?.version ?? 0);
              setAnswers((m) => ({ ...m, [key]: cur ?? blank(key) }));
              setConflict({ key, mine: patch, text: question ? describe(question, patch) : '' });
              return;
            }
          }
          setSaveError(`Not saved: ${errorText(e)}`);
        } finally {
          setPending((n) => n - 1);
        }
      };
      const next = (queue.current.get(key) ?? Promise.resolve()).then(run);
      queue.current.set(key, next);
    },
    [flat, tenantId, eventId, onScores],
  );

  const go = useCallback((i: number) => setIndex(Math.max(0, Math.min(flat.length - 1, i))), [flat.length]);

  // Keyboard answers and moves (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target) || !q) return;
      const key = e.key;
      const a = answers[q.key];
      const move = (d: number) => {
        e.preventDefault();
        go(index + d);
      };
      if (key === 'ArrowDown' || key === 'j' || key === 'J' || key === 'ArrowRight') return move(1);
      if (key === 'ArrowUp' || key === 'k' || key === 'K' || key === 'ArrowLeft') return move(-1);
      if (key === 'Enter') {
        const t = e.target as HTMLElement | null;
        if (t?.tagName === 'BUTTON' && !t.dataset.answer) return;
        if (t?.tagName === 'A') return;
        return move(1);
      }
      if (!editable) return;
      const lower = key.toLowerCase();
      if (lower === 'a') {
        e.preventDefault();
        return save(q.key, { na: !a?.na });
      }
      if (lower === 'f') {
        e.preventDefault();
        return save(q.key, { finding: !a?.finding });
      }
      if (q.type === 'yesno' && (lower === 'y' || lower === 'n')) {
        e.preventDefault();
        return save(q.key, { value: lower === 'y', na: false });
      }
      if (/^[0-9]$/.test(key)) {
        const d = Number(key);
        if (q.type === 'scale') {
          const min = q.scale?.min ?? 0;
          const max = q.scale?.max ?? 5;
          if (d >= min && d <= max) {
            e.preventDefault();
            return save(q.key, { value: d, na: false });
          }
        }
        if (q.type === 'choice') {
          const o = q.options?.[d - 1];
          if (o) {
            e.preventDefault();
            return save(q.key, { value: o.value, na: false });
          }
        }
      }
      if (lower === 'e' && (q.type === 'text' || q.type === 'number')) {
        e.preventDefault();
        document.getElementById('as-q-input')?.focus();
      }
      if (lower === 'o') {
        e.preventDefault();
        setNoteFocus((n) => n + 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [q, answers, index, editable, save, go]);

  // Leaving with a save in flight asks first.
  useEffect(() => {
    if (pending === 0) return;
    const before = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', before);
    return () => window.removeEventListener('beforeunload', before);
  }, [pending]);

  const reloadEvidence = async () => {
    const out = await api.get<{ evidence: Evidence[] }>(assessmentPaths.evidence(tenantId, eventId), {
      expect: 'evidence',
    });
    setEvidence(out.evidence);
  };

  if (!q) return <Callout intent="warning">This template version has no questions.</Callout>;

  const scores = data.scores;
  const a = answers[q.key];
  const catScore = scores.categories.find(
    (c) => c.key === current.category_key && c.section_key === current.section_key,
  );
  const sectionOf = data.content.sections.find((s) => s.key === current.section_key)!;
  const categoryOf = sectionOf.categories.find((c) => c.key === current.category_key)!;
  const answeredIn = (keys: string[]) => keys.filter((k) => isAnswered(answers[k])).length;

  return (
    <div className="lci-as-runner">
      <nav className="lci-as-outline" aria-label="Outline">
        <div className="lci-as-progress">
          <div>
            <b>{answeredIn(flat.map((x) => x.question.key))}</b> of {flat.length} answered
          </div>
          <ProgressBar
            value={flat.length ? answeredIn(flat.map((x) => x.question.key)) / flat.length : 0}
            stripes={false}
            intent="success"
            aria-label="Overall progress"
          />
        </div>
        {data.content.sections.map((s) => (
          <div key={s.key} className="lci-as-outline-section">
            <div className="lci-as-outline-title">{s.title}</div>
            <ul>
              {s.categories.map((c) => {
                const keys = c.questions.map((x) => x.key);
                const first = flat.findIndex((x) => x.section_key === s.key && x.category_key === c.key);
                const here = current.section_key === s.key && current.category_key === c.key;
                const done = answeredIn(keys);
                return (
                  <li key={c.key}>
                    <button
                      type="button"
                      className={`lci-as-outline-cat ${here ? 'lci-as-here' : ''}`}
                      aria-current={here ? 'true' : undefined}
                      disabled={first < 0}
                      onClick={() => go(first)}
                    >
                      <span>{c.title}</span>
                      <span className={done === keys.length && keys.length ? 'lci-as-done' : 'lci-as-muted'}>
                        {done}/{keys.length}
                      </span>
                    </button>
                    {here && (
                      <ol className="lci-as-outline-questions">
                        {c.questions.map((x) => {
                          const i = flat.findIndex((f) => f.question.key === x.key);
                          return (
                            <li key={x.key}>
                              <button
                                type="button"
                                className={i === index ? 'lci-as-here' : ''}
                                aria-current={i === index ? 'step' : undefined}
                                onClick={() => go(i)}
                                title={x.text}
                              >
                                {isAnswered(answers[x.key]) ? (
                                  <Icon icon="tick" size={12} className="lci-as-done" aria-label="answered" />
                                ) : (
                                  <Icon icon="circle" size={12} className="lci-as-muted" aria-label="not answered" />
                                )}{' '}
                                {answers[x.key]?.finding && <Icon icon="flag" size={12} intent="warning" />}
                                <span className="lci-as-ellipsis">{x.text}</span>
                              </button>
                            </li>
                          );
                        })}
                      </ol>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>

      <section className="lci-as-question" aria-label={`Question ${index + 1} of ${flat.length}`}>
        <div className="lci-as-crumb">
          {sectionOf.title} › {categoryOf.title}
          {catScore && catScore.score !== null && (
            <span className="lci-as-muted"> · category score {catScore.score.toFixed(1)}</span>
          )}
          <span className="lci-as-spacer" />
          <SaveState pending={pending} saved={saved} error={saveError} editable={editable} />
        </div>
        <h2 className="lci-as-qtext" id="as-q-text">
          <span className="lci-as-muted">{index + 1}.</span> {q.text}
        </h2>
        <div className="lci-as-tags">
          <Tag minimal>{QUESTION_TYPE_LABELS[q.type]}</Tag>
          <Tag minimal>Weight {q.weight}</Tag>
          {q.frameworkTags.map((t) => (
            <Tag key={t} minimal intent="primary" icon="bookmark">
              {t}
            </Tag>
          ))}
        </div>
        {q.guidance && (
          <Callout icon="info-sign" className="lci-as-guidance" title="Guidance">
            {q.guidance}
          </Callout>
        )}
        {conflict && (
          <Callout intent="warning" role="alert" className="lci-as-gap" title="Someone else changed this answer">
            <p>The current answer was loaded. Your change ({conflict.text}) was not saved.</p>
            <ButtonGroup>
              <Button
                small
                intent="primary"
                text="Apply mine again"
                onClick={() => {
                  const c = conflict;
                  setConflict(null);
                  save(c.key, c.mine);
                }}
              />
              <Button small text="Keep theirs" onClick={() => setConflict(null)} />
            </ButtonGroup>
          </Callout>
        )}

        <div className="lci-as-answer" role="group" aria-labelledby="as-q-text">
          <AnswerControl
            q={q}
            a={a}
            editable={editable && !a?.na}
            onChange={(v) => save(q.key, { value: v, na: false })}
          />
          <div className="lci-as-answer-flags">
            <Switch
              label="N/A"
              checked={!!a?.na}
              disabled={!editable}
              onChange={(e) => save(q.key, { na: e.currentTarget.checked })}
            />
            <Switch
              label="Finding"
              checked={!!a?.finding}
              disabled={!editable}
              onChange={(e) => save(q.key, { finding: e.currentTarget.checked })}
            />
            {a?.score !== null && a?.score !== undefined && (
              <span className="lci-as-muted">Score {a.score.toFixed(1)}</span>
            )}
          </div>
        </div>

        <NoteField
          key={q.key}
          value={a?.note ?? ''}
          editable={editable}
          focusSignal={noteFocus}
          onSave={(note) => save(q.key, { note })}
        />

        <EvidenceList
          tenantId={tenantId}
          eventId={eventId}
          questionKey={q.key}
          files={evidence.filter((x) => x.question_key === q.key)}
          editable={editable}
          onChange={() => void reloadEvidence()}
        />

        <div className="lci-as-nav">
          <Button icon="arrow-left" text="Previous" disabled={index === 0} onClick={() => go(index - 1)} />
          <span className="lci-as-muted">
            {index + 1} / {flat.length}
          </span>
          <Button
            rightIcon="arrow-right"
            intent="primary"
            text="Next"
            disabled={index >= flat.length - 1}
            onClick={() => go(index + 1)}
          />
        </div>
        {editable && (
          <p className="lci-as-keys lci-as-muted">
            Keys: <kbd>Y</kbd>/<kbd>N</kbd> yes or no · <kbd>0</kbd>–<kbd>9</kbd> scale value or option number ·{' '}
            <kbd>A</kbd> N/A · <kbd>F</kbd> finding · <kbd>O</kbd> note · <kbd>E</kbd> edit text or number ·{' '}
            <kbd>J</kbd>/<kbd>K</kbd> or arrows move · <kbd>Enter</kbd> next
          </p>
        )}
      </section>
    </div>
  );
}

/** The fields of the local change that a later change of the same answer has already replaced are kept. */
function pickLocal(local: Answer | undefined, patch: Patch): Partial<Answer> {
  if (!local) return {};
  const out: Partial<Answer> = {};
  if (patch.note === undefined && local.note !== undefined) out.note = local.note;
  return out;
}

function SaveState({
  pending,
  saved,
  error,
  editable,
}: {
  pending: number;
  saved: boolean;
  error: string | null;
  editable: boolean;
}) {
  if (!editable) return null;
  if (pending > 0)
    return (
      <span className="lci-as-save" role="status" aria-live="polite">
        <Icon icon="refresh" size={12} /> Saving…
      </span>
    );
  if (error)
    return (
      <span className="lci-as-save lci-as-down" role="alert">
        <Icon icon="error" size={12} /> {error}
      </span>
    );
  return (
    <span className="lci-as-save" role="status" aria-live="polite">
      {saved ? (
        <>
          <Icon icon="tick" size={12} className="lci-as-done" /> All changes saved
        </>
      ) : (
        'Answers are saved as you go'
      )}
    </span>
  );
}

function AnswerControl({
  q,
  a,
  editable,
  onChange,
}: {
  q: TemplateQuestion;
  a: Answer | undefined;
  editable: boolean;
  onChange(v: AnswerValue): void;
}) {
  const v = a?.value ?? null;
  if (q.type === 'yesno')
    return (
      <ButtonGroup large>
        {[
          { value: true, text: 'Yes', key: 'Y', intent: Intent.SUCCESS },
          { value: false, text: 'No', key: 'N', intent: Intent.DANGER },
        ].map((o) => (
          <Button
            key={o.text}
            data-answer="1"
            active={v === o.value}
            intent={v === o.value ? o.intent : Intent.NONE}
            disabled={!editable}
            aria-pressed={v === o.value}
            aria-keyshortcuts={o.key}
            onClick={() => onChange(o.value)}
            text={`${o.text} (${o.key})`}
          />
        ))}
      </ButtonGroup>
    );
  if (q.type === 'scale') {
    const min = q.scale?.min ?? 0;
    const max = q.scale?.max ?? 5;
    const values = max - min <= 20 ? Array.from({ length: max - min + 1 }, (_, i) => min + i) : [];
    if (values.length === 0)
      return (
        <NumericInput
          aria-label="Value"
          min={min}
          max={max}
          value={typeof v === 'number' ? v : ''}
          disabled={!editable}
          onValueChange={(n) => Number.isFinite(n) && onChange(n)}
        />
      );
    return (
      <ButtonGroup large className="lci-as-scale">
        {values.map((n) => (
          <Button
            key={n}
            data-answer="1"
            active={v === n}
            intent={v === n ? 'primary' : 'none'}
            disabled={!editable}
            aria-pressed={v === n}
            title={q.scale?.labels?.[String(n)]}
            onClick={() => onChange(n)}
            text={q.scale?.labels?.[String(n)] ? `${n} ${q.scale.labels[String(n)]}` : String(n)}
          />
        ))}
      </ButtonGroup>
    );
  }
  if (q.type === 'choice')
    return (
      <div className="lci-as-choices">
        {(q.options ?? []).map((o, i) => (
          <Button
            key={o.value}
            data-answer="1"
            alignText="left"
            active={v === o.value}
            intent={v === o.value ? 'primary' : 'none'}
            disabled={!editable}
            aria-pressed={v === o.value}
            onClick={() => onChange(o.value)}
            text={`${i + 1}. ${o.label}`}
          />
        ))}
      </div>
    );
  return <TypedInput key={q.key} q={q} value={v} editable={editable} onChange={onChange} />;
}

/** Text and number answers: saved on Enter (number) or blur, and after a pause while typing. */
function TypedInput({
  q,
  value,
  editable,
  onChange,
}: {
  q: TemplateQuestion;
  value: AnswerValue;
  editable: boolean;
  onChange(v: AnswerValue): void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const last = useRef(text);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (document.activeElement?.id !== 'as-q-input') {
      const t = value === null ? '' : String(value);
      setText(t);
      last.current = t;
    }
  }, [value]);
  const commit = (t: string) => {
    clearTimeout(timer.current);
    if (t === last.current) return;
    if (q.type === 'number') {
      if (t.trim() === '') {
        last.current = t;
        return onChange(null);
      }
      const n = Number(t);
      if (!Number.isFinite(n)) return;
      last.current = t;
      return onChange(n);
    }
    last.current = t;
    onChange(t === '' ? null : t);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (t: string) => {
    setText(t);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(t), 900);
  };
  const invalid = q.type === 'number' && text.trim() !== '' && !Number.isFinite(Number(text));
  if (q.type === 'number')
    return (
      <div>
        <InputGroup
          id="as-q-input"
          aria-label="Answer"
          inputMode="decimal"
          value={text}
          disabled={!editable}
          intent={invalid ? 'danger' : 'none'}
          rightElement={q.number?.unit ? <Tag minimal>{q.number.unit}</Tag> : undefined}
          onChange={(e) => change(e.target.value)}
          onBlur={() => commit(text)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === 'Escape') {
              commit(text);
              (e.target as HTMLInputElement).blur();
            }
          }}
        />
        {invalid && <div className="lci-as-down">A number, e.g. 12 or 3.5</div>}
        {q.number?.target !== undefined && (
          <div className="lci-as-muted">
            Target: {q.number.direction === 'atMost' ? 'at most' : 'at least'} {q.number.target} {q.number.unit}
          </div>
        )}
      </div>
    );
  return (
    <TextArea
      id="as-q-input"
      aria-label="Answer"
      fill
      rows={3}
      value={text}
      disabled={!editable}
      onChange={(e) => change(e.target.value)}
      onBlur={() => commit(text)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          commit(text);
          (e.target as HTMLTextAreaElement).blur();
        }
      }}
    />
  );
}

function NoteField({
  value,
  editable,
  focusSignal,
  onSave,
}: {
  value: string;
  editable: boolean;
  focusSignal: number;
  onSave(note: string): void;
}) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  const ref = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (document.activeElement !== ref.current) {
      setText(value);
      last.current = value;
    }
  }, [value]);
  useEffect(() => {
    if (focusSignal > 0) ref.current?.focus();
  }, [focusSignal]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (t: string) => {
    clearTimeout(timer.current);
    if (t === last.current) return;
    last.current = t;
    onSave(t);
  };
  if (!editable)
    return value ? (
      <div className="lci-as-note-ro">
        <b>Note</b> <span>{value}</span>
      </div>
    ) : null;
  return (
    <div className="lci-as-note">
      <label htmlFor="as-q-note">Note</label>
      <TextArea
        id="as-q-note"
        inputRef={ref}
        fill
        rows={2}
        value={text}
        placeholder="What you saw, who you asked, what to follow up"
        onChange={(e) => {
          const t = e.target.value;
          setText(t);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(t), 900);
        }}
        onBlur={() => commit(text)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            commit(text);
            ref.current?.blur();
          }
        }}
      />
    </div>
  );
}

const human = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

function EvidenceList({
  tenantId,
  eventId,
  questionKey,
  files,
  editable,
  onChange,
}: {
  tenantId: number;
  eventId: number;
  questionKey: string;
  files: Evidence[];
  editable: boolean;
  onChange(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setError(null);
    const type = file.type || (file.name.endsWith('.txt') ? 'text/plain' : '');
    if (!(EVIDENCE_CONTENT_TYPES as readonly string[]).includes(type))
      return setError(`${file.name}: PDF, images, text, CSV, Word or Excel files only.`);
    if (file.size > EVIDENCE_MAX_BYTES) return setError(`${file.name}: at most 25 MB.`);
    if (file.size === 0) return setError(`${file.name} is empty.`);
    setBusy(true);
    try {
      const out = await api.post<{ evidence: Evidence; upload_url: string }>(
        assessmentPaths.evidence(tenantId, eventId),
        { questionKey, fileName: file.name, contentType: type, bytes: file.size },
        { expect: 'upload_url' },
      );
      const res = await fetch(out.upload_url, { method: 'PUT', headers: { 'content-type': type }, body: file });
      if (!res.ok) {
        await api
          .del(assessmentPaths.evidenceOne(tenantId, eventId, out.evidence.assessment_evidence_id))
          .catch(() => undefined);
        throw new Error(`The upload failed (${res.status}).`);
      }
      onChange();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (x: Evidence) => {
    if (!window.confirm(`Remove the evidence file ${x.file_name}?`)) return;
    try {
      await api.del(assessmentPaths.evidenceOne(tenantId, eventId, x.assessment_evidence_id));
      onChange();
    } catch (e) {
      setError(errorText(e));
    }
  };
  if (!editable && files.length === 0) return null;
  return (
    <div className="lci-as-evidence" aria-label="Evidence">
      <b>Evidence</b>
      {files.length > 0 && (
        <ul>
          {files.map((x) => (
            <li key={x.assessment_evidence_id}>
              <Icon icon="paperclip" size={12} />{' '}
              <a href={x.download_url} target="_blank" rel="noreferrer">
                {x.file_name}
              </a>{' '}
              <span className="lci-as-muted">{human(x.bytes)}</span>
              {editable && (
                <Button
                  minimal
                  small
                  icon="trash"
                  aria-label={`Remove ${x.file_name}`}
                  onClick={() => void remove(x)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <FileInput
          text={busy ? 'Uploading…' : 'Attach a file…'}
          disabled={busy}
          inputProps={{
            'aria-label': 'Attach evidence',
            accept: EVIDENCE_CONTENT_TYPES.join(','),
            onChange: (e) => {
              const f = (e.target as HTMLInputElement).files?.[0];
              (e.target as HTMLInputElement).value = '';
              if (f) void upload(f);
            },
          }}
        />
      )}
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
    </div>
  );
}
