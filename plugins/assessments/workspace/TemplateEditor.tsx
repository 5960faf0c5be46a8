/**
 * The template editor: name and description; the outline of sections, categories and questions (add, remove, move
 * up and down) beside the form of the chosen one: key (stable across versions: answers and comparisons use it),
 * title / text, weight 0-5, description or guidance, type, framework tags, a scale's range, a choice's options with
 * their scores, a number's target. Problems (the schema and shared/template-rules.ts, the server's own rules) are
 * listed with the item they belong to before saving. Saving the content of a version assessments use makes a new
 * version: the editor says so and asks first. Versions are listed; an older one can be viewed.
 */
import {
  Alert,
  Button,
  ButtonGroup,
  Callout,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { api, PageHeader, PageLoading, useDirtyPage } from '../../../workspace/sdk';
import {
  assessmentPaths,
  DEFAULT_WEIGHT,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  templateContent,
  WEIGHT_MAX,
  WEIGHT_MIN,
  type QuestionType,
  type TemplateAnswer,
  type TemplateCategory,
  type TemplateContent,
  type TemplateQuestion,
  type TemplateSection,
  type TemplateWriteAnswer,
} from '../shared/api';
import { contentProblems } from '../shared/template-rules';
import { errorText, ok } from './ui';

type Sel =
  | { kind: 'template' }
  | { kind: 'section'; s: number }
  | { kind: 'category'; s: number; c: number }
  | { kind: 'question'; s: number; c: number; q: number };

const newQuestion = (key: string): TemplateQuestion => ({
  key,
  text: 'New question',
  type: 'yesno',
  weight: DEFAULT_WEIGHT,
  guidance: '',
  frameworkTags: [],
});
const newCategory = (key: string, qKey: string): TemplateCategory => ({
  key,
  title: 'New category',
  description: '',
  weight: DEFAULT_WEIGHT,
  questions: [newQuestion(qKey)],
});
const newSection = (key: string, cKey: string, qKey: string): TemplateSection => ({
  key,
  title: 'New section',
  description: '',
  weight: DEFAULT_WEIGHT,
  categories: [newCategory(cKey, qKey)],
});
const EMPTY: TemplateContent = { sections: [newSection('s1', 'c1', 'q1')] };

/** A key not used yet: prefix + the smallest free number. */
function freeKey(prefix: string, used: Set<string>): string {
  for (let i = 1; ; i++) if (!used.has(`${prefix}${i}`)) return `${prefix}${i}`;
}
function allKeys(c: TemplateContent) {
  return {
    s: new Set(c.sections.map((x) => x.key)),
    c: new Set(c.sections.flatMap((x) => x.categories.map((y) => y.key))),
    q: new Set(c.sections.flatMap((x) => x.categories.flatMap((y) => y.questions.map((z) => z.key)))),
  };
}
function move<T>(list: T[], i: number, d: number): T[] {
  const j = i + d;
  if (j < 0 || j >= list.length) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}
const clone = (c: TemplateContent): TemplateContent => JSON.parse(JSON.stringify(c)) as TemplateContent;

export function TemplateEditor({
  tenantId,
  templateId,
  readOnly,
  onClose,
  onSaved,
}: {
  tenantId: number;
  templateId: number | null;
  readOnly: boolean;
  onClose(): void;
  onSaved(id: number): void;
}) {
  const [loaded, setLoaded] = useState<TemplateAnswer | null>(null);
  const [viewVersion, setViewVersion] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [content, setContent] = useState<TemplateContent>(EMPTY);
  const [note, setNote] = useState('');
  const [sel, setSel] = useState<Sel>({ kind: 'template' });
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmVersion, setConfirmVersion] = useState(false);
  const { dirty, setDirty } = useDirtyPage();

  useEffect(() => {
    if (templateId === null) return;
    let live = true;
    api
      .get<TemplateAnswer>(assessmentPaths.template(tenantId, templateId), {
        query: { templateVersion: viewVersion ?? undefined },
        expect: 'template',
      })
      .then((t) => {
        if (!live) return;
        setLoaded(t);
        setName(t.template.name);
        setDescription(t.template.description);
        setContent(clone(t.content));
        setDirty(false);
      })
      .catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [tenantId, templateId, viewVersion, setDirty]);

  const change = (f: (c: TemplateContent) => void) => {
    setContent((c) => {
      const next = clone(c);
      f(next);
      return next;
    });
    setDirty(true);
  };

  const problems = useMemo(() => {
    const parsed = templateContent.safeParse(content);
    const out: { path: string; message: string }[] = [];
    if (!parsed.success) for (const i of parsed.error.issues) out.push({ path: i.path.join('.'), message: i.message });
    else out.push(...contentProblems(parsed.data));
    if (!name.trim()) out.push({ path: 'name', message: 'The template needs a name' });
    return out;
  }, [content, name]);

  if (templateId !== null && !loaded && !error) return <PageLoading what="the template" />;

  const oldVersion = loaded && loaded.template_version !== loaded.template.current_version;
  const editable = !readOnly && !oldVersion;
  const currentInfo = loaded?.versions.find((v) => v.template_version === loaded.template.current_version);
  const usedVersion = (currentInfo?.event_count ?? 0) > 0;
  const contentChanged = loaded ? JSON.stringify(loaded.content) !== JSON.stringify(content) : true;

  const save = async () => {
    setTried(true);
    if (problems.length) return;
    setBusy(true);
    try {
      if (templateId === null) {
        const out = await api.post<TemplateWriteAnswer>(
          assessmentPaths.templates(tenantId),
          { name, description, content },
          { expect: 'template' },
        );
        setDirty(false);
        ok(`Created ${name}.`);
        onSaved(out.template.assessment_template_id);
        setLoaded(out);
        setContent(clone(out.content));
      } else {
        const out = await api.put<TemplateWriteAnswer>(
          assessmentPaths.template(tenantId, templateId),
          {
            version: loaded!.template.version,
            name,
            description,
            ...(contentChanged ? { content } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
          },
          { expect: 'template' },
        );
        setDirty(false);
        setLoaded(out);
        setContent(clone(out.content));
        setNote('');
        ok(out.new_version ? `Saved as version ${out.template_version}.` : `Saved ${name}.`);
      }
      setError(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const k = allKeys(content);
  const at = (p: string) => problems.filter((x) => x.path === p || x.path.startsWith(`${p}.`));
  const fieldProblem = (p: string) => (tried || p !== 'name' ? problems.find((x) => x.path === p)?.message : undefined);

  const tree = (
    <nav className="lci-as-editor-tree" aria-label="Template outline">
      <button
        type="button"
        className={`lci-as-node ${sel.kind === 'template' ? 'lci-as-here' : ''}`}
        onClick={() => setSel({ kind: 'template' })}
      >
        {name || 'Untitled template'}
      </button>
      <ul>
        {content.sections.map((s, si) => (
          <li key={si}>
            <button
              type="button"
              className={`lci-as-node ${sel.kind === 'section' && sel.s === si ? 'lci-as-here' : ''} ${at(`sections.${si}`).length ? 'lci-as-declined' : ''}`}
              onClick={() => setSel({ kind: 'section', s: si })}
            >
              § {s.title}
            </button>
            <ul>
              {s.categories.map((c, ci) => (
                <li key={ci}>
                  <button
                    type="button"
                    className={`lci-as-node ${sel.kind === 'category' && sel.s === si && sel.c === ci ? 'lci-as-here' : ''} ${at(`sections.${si}.categories.${ci}`).length ? 'lci-as-declined' : ''}`}
                    onClick={() => setSel({ kind: 'category', s: si, c: ci })}
                  >
                    {c.title} <span className="lci-as-muted">({c.questions.length})</span>
                  </button>
                  <ul>
                    {c.questions.map((q, qi) => (
                      <li key={qi}>
                        <button
                          type="button"
                          className={`lci-as-node ${sel.kind === 'question' && sel.s === si && sel.c === ci && sel.q === qi ? 'lci-as-here' : ''} ${at(`sections.${si}.categories.${ci}.questions.${qi}`).length ? 'lci-as-declined' : ''}`}
                          onClick={() => setSel({ kind: 'question', s: si, c: ci, q: qi })}
                        >
                          <span className="lci-as-muted">{q.key}</span> {q.text}
                        </button>
                      </li>
                    ))}
                    {editable && (
                      <li>
                        <Button
                          minimal
                          small
                          icon="add"
                          text="Question"
                          onClick={() => {
                            const key = freeKey('q', k.q);
                            change((x) => x.sections[si].categories[ci].questions.push(newQuestion(key)));
                            setSel({ kind: 'question', s: si, c: ci, q: c.questions.length });
                          }}
                        />
                      </li>
                    )}
                  </ul>
                </li>
              ))}
              {editable && (
                <li>
                  <Button
                    minimal
                    small
                    icon="add"
                    text="Category"
                    onClick={() => {
                      const key = freeKey('c', k.c);
                      const qk = freeKey('q', k.q);
                      change((x) => x.sections[si].categories.push(newCategory(key, qk)));
                      setSel({ kind: 'category', s: si, c: s.categories.length });
                    }}
                  />
                </li>
              )}
            </ul>
          </li>
        ))}
        {editable && (
          <li>
            <Button
              minimal
              small
              icon="add"
              text="Section"
              onClick={() => {
                const sk = freeKey('s', k.s);
                const ck = freeKey('c', k.c);
                const qk = freeKey('q', k.q);
                change((x) => x.sections.push(newSection(sk, ck, qk)));
                setSel({ kind: 'section', s: content.sections.length });
              }}
            />
          </li>
        )}
      </ul>
    </nav>
  );

  const moveTools = (list: 'sections' | 'categories' | 'questions', count: number, i: number) => {
    if (!editable) return null;
    const apply = (d: number | 'remove') =>
      change((x) => {
        const s = sel as Extract<Sel, { s: number }>;
        const arr =
          list === 'sections'
            ? x.sections
            : list === 'categories'
              ? x.sections[s.s].categories
              : x.sections[s.s].categories[(s as { c: number }).c].questions;
        const next = d === 'remove' ? arr.filter((_, j) => j !== i) : move(arr as unknown[], i, d);
        arr.splice(0, arr.length, ...(next as never[]));
      });
    return (
      <ButtonGroup className="lci-as-gap">
        <Button small icon="arrow-up" text="Move up" disabled={i === 0} onClick={() => apply(-1)} />
        <Button small icon="arrow-down" text="Move down" disabled={i >= count - 1} onClick={() => apply(1)} />
        <Button
          small
          icon="trash"
          intent="danger"
          text="Remove"
          disabled={count <= 1 && list !== 'questions'}
          onClick={() => {
            apply('remove');
            setSel({ kind: 'template' });
          }}
        />
      </ButtonGroup>
    );
  };

  const problemList = (p: string) => {
    const list = at(p);
    return list.length ? (
      <Callout intent="danger" className="lci-as-gap">
        <ul>
          {list.map((x, i) => (
            <li key={i}>
              {x.path}: {x.message}
            </li>
          ))}
        </ul>
      </Callout>
    ) : null;
  };

  const weightField = (id: string, value: number, set: (n: number) => void) => (
    <FormGroup label="Weight" labelFor={id} helperText="0 (not scored) to 5" inline>
      <NumericInput
        id={id}
        min={WEIGHT_MIN}
        max={WEIGHT_MAX}
        stepSize={1}
        value={value}
        disabled={!editable}
        onValueChange={(n) => Number.isFinite(n) && set(Math.round(n))}
      />
    </FormGroup>
  );
  const keyField = (id: string, value: string, set: (v: string) => void, path: string) => (
    <FormGroup
      label="Key"
      labelFor={id}
      inline
      intent={fieldProblem(path) ? 'danger' : 'none'}
      helperText={fieldProblem(path) ?? 'Stable across versions: answers and comparisons use it.'}
    >
      <InputGroup id={id} value={value} disabled={!editable} onChange={(e) => set(e.target.value)} />
    </FormGroup>
  );

  let form: React.ReactNode = null;
  if (sel.kind === 'template') {
    form = (
      <>
        <FormGroup
          label="Name"
          labelFor="as-t-name"
          intent={tried && !name.trim() ? 'danger' : 'none'}
          helperText={tried && !name.trim() ? 'Required.' : undefined}
        >
          <InputGroup
            id="as-t-name"
            value={name}
            disabled={readOnly}
            onChange={(e) => {
              setName(e.target.value);
              setDirty(true);
            }}
          />
        </FormGroup>
        <FormGroup label="Description" labelFor="as-t-description">
          <TextArea
            id="as-t-description"
            fill
            rows={3}
            value={description}
            disabled={readOnly}
            onChange={(e) => {
              setDescription(e.target.value);
              setDirty(true);
            }}
          />
        </FormGroup>
        {loaded && (
          <FormGroup
            label="Version"
            labelFor="as-t-version"
            helperText="Assessments keep the version they were taken with."
          >
            <HTMLSelect
              id="as-t-version"
              value={loaded.template_version}
              onChange={(e) => {
                const v = Number(e.target.value);
                setViewVersion(v === loaded.template.current_version ? null : v);
              }}
              options={loaded.versions.map((v) => ({
                value: v.template_version,
                label: `v${v.template_version}${v.template_version === loaded.template.current_version ? ' (current)' : ''} · ${v.question_count} questions · used by ${v.event_count}${v.note ? ` · ${v.note}` : ''}`,
              }))}
            />
          </FormGroup>
        )}
        {editable && loaded && usedVersion && (
          <FormGroup label="Note of the new version" labelFor="as-t-note">
            <InputGroup
              id="as-t-note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="What changed"
            />
          </FormGroup>
        )}
      </>
    );
  } else if (sel.kind === 'section') {
    const s = content.sections[sel.s];
    const p = `sections.${sel.s}`;
    if (s)
      form = (
        <>
          <h3 className="bp6-heading">Section</h3>
          {moveTools('sections', content.sections.length, sel.s)}
          {keyField('as-s-key', s.key, (v) => change((x) => (x.sections[sel.s].key = v)), `${p}.key`)}
          <FormGroup label="Title" labelFor="as-s-title">
            <InputGroup
              id="as-s-title"
              value={s.title}
              disabled={!editable}
              onChange={(e) => {
                const v = e.target.value;
                change((x) => (x.sections[sel.s].title = v));
              }}
            />
          </FormGroup>
          {weightField('as-s-weight', s.weight, (n) => change((x) => (x.sections[sel.s].weight = n)))}
          <FormGroup label="Description" labelFor="as-s-description">
            <TextArea
              id="as-s-description"
              fill
              rows={2}
              value={s.description}
              disabled={!editable}
              onChange={(e) => {
                const v = e.target.value;
                change((x) => (x.sections[sel.s].description = v));
              }}
            />
          </FormGroup>
          {problemList(p)}
        </>
      );
  } else if (sel.kind === 'category') {
    const c = content.sections[sel.s]?.categories[sel.c];
    const p = `sections.${sel.s}.categories.${sel.c}`;
    if (c)
      form = (
        <>
          <h3 className="bp6-heading">Category</h3>
          {moveTools('categories', content.sections[sel.s].categories.length, sel.c)}
          {keyField('as-c-key', c.key, (v) => change((x) => (x.sections[sel.s].categories[sel.c].key = v)), `${p}.key`)}
          <FormGroup label="Title" labelFor="as-c-title">
            <InputGroup
              id="as-c-title"
              value={c.title}
              disabled={!editable}
              onChange={(e) => {
                const v = e.target.value;
                change((x) => (x.sections[sel.s].categories[sel.c].title = v));
              }}
            />
          </FormGroup>
          {weightField('as-c-weight', c.weight, (n) => change((x) => (x.sections[sel.s].categories[sel.c].weight = n)))}
          <FormGroup label="Description" labelFor="as-c-description">
            <TextArea
              id="as-c-description"
              fill
              rows={2}
              value={c.description}
              disabled={!editable}
              onChange={(e) => {
                const v = e.target.value;
                change((x) => (x.sections[sel.s].categories[sel.c].description = v));
              }}
            />
          </FormGroup>
          {problemList(p)}
        </>
      );
  } else {
    const q = content.sections[sel.s]?.categories[sel.c]?.questions[sel.q];
    const p = `sections.${sel.s}.categories.${sel.c}.questions.${sel.q}`;
    const set = (f: (q: TemplateQuestion) => void) =>
      change((x) => f(x.sections[sel.s].categories[sel.c].questions[sel.q]));
    if (q)
      form = (
        <>
          <h3 className="bp6-heading">Question</h3>
          {moveTools('questions', content.sections[sel.s].categories[sel.c].questions.length, sel.q)}
          {keyField('as-q-key', q.key, (v) => set((x) => (x.key = v)), `${p}.key`)}
          <FormGroup label="Question" labelFor="as-q-text">
            <TextArea
              id="as-q-text"
              fill
              rows={2}
              value={q.text}
              disabled={!editable}
              onChange={(e) => {
                const v = e.target.value;
                set((x) => (x.text = v));
              }}
            />
          </FormGroup>
          <FormGroup label="Type" labelFor="as-q-type" inline>
            <HTMLSelect
              id="as-q-type"
              value={q.type}
              disabled={!editable}
              onChange={(e) => {
                const t = e.target.value as QuestionType;
                set((x) => {
                  x.type = t;
                  if (t === 'choice' && !x.options?.length)
                    x.options = [
                      { value: 'yes', label: 'Yes', score: 1 },
                      { value: 'partly', label: 'Partly', score: 0.5 },
                      { value: 'no', label: 'No', score: 0 },
                    ];
                  if (t === 'scale' && !x.scale) x.scale = { min: 0, max: 5 };
                  if (t === 'number' && !x.number) x.number = { direction: 'atLeast', unit: '' };
                });
              }}
              options={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }))}
            />
          </FormGroup>
          {weightField('as-q-weight', q.weight, (n) => set((x) => (x.weight = n)))}
          {q.type === 'scale' && (
            <div className="lci-as-two">
              <FormGroup label="Lowest" labelFor="as-q-min">
                <NumericInput
                  id="as-q-min"
                  value={q.scale?.min ?? 0}
                  disabled={!editable}
                  onValueChange={(n) =>
                    Number.isFinite(n) && set((x) => (x.scale = { ...(x.scale ?? { max: 5 }), min: Math.round(n) }))
                  }
                />
              </FormGroup>
              <FormGroup label="Highest" labelFor="as-q-max">
                <NumericInput
                  id="as-q-max"
                  value={q.scale?.max ?? 5}
                  disabled={!editable}
                  onValueChange={(n) =>
                    Number.isFinite(n) && set((x) => (x.scale = { ...(x.scale ?? { min: 0 }), max: Math.round(n) }))
                  }
                />
              </FormGroup>
            </div>
          )}
          {q.type === 'choice' && (
            <FormGroup label="Options (value, label, score)">
              {(q.options ?? []).map((o, oi) => (
                <div key={oi} className="lci-as-option-row">
                  <InputGroup
                    aria-label={`Option ${oi + 1} value`}
                    value={o.value}
                    disabled={!editable}
                    onChange={(e) => {
                      const v = e.target.value;
                      set((x) => (x.options![oi].value = v));
                    }}
                  />
                  <InputGroup
                    aria-label={`Option ${oi + 1} label`}
                    value={o.label}
                    disabled={!editable}
                    onChange={(e) => {
                      const v = e.target.value;
                      set((x) => (x.options![oi].label = v));
                    }}
                  />
                  <NumericInput
                    aria-label={`Option ${oi + 1} score`}
                    min={0}
                    value={o.score}
                    disabled={!editable}
                    onValueChange={(n) => Number.isFinite(n) && set((x) => (x.options![oi].score = n))}
                    fill
                  />
                  {editable && (
                    <Button
                      minimal
                      icon="cross"
                      aria-label={`Remove option ${oi + 1}`}
                      onClick={() => set((x) => x.options!.splice(oi, 1))}
                    />
                  )}
                </div>
              ))}
              {editable && (
                <Button
                  small
                  icon="add"
                  text="Option"
                  onClick={() =>
                    set(
                      (x) =>
                        (x.options = [
                          ...(x.options ?? []),
                          {
                            value: freeKey('o', new Set((x.options ?? []).map((y) => y.value))),
                            label: 'Option',
                            score: 0,
                          },
                        ]),
                    )
                  }
                />
              )}
            </FormGroup>
          )}
          {q.type === 'number' && (
            <div className="lci-as-two">
              <FormGroup label="Target (empty: not scored)" labelFor="as-q-target">
                <InputGroup
                  id="as-q-target"
                  value={q.number?.target === undefined ? '' : String(q.number.target)}
                  disabled={!editable}
                  onChange={(e) => {
                    const raw = e.target.value.trim();
                    const n = Number(raw);
                    set((x) => {
                      const base = x.number ?? { direction: 'atLeast' as const, unit: '' };
                      x.number =
                        raw === '' || !Number.isFinite(n)
                          ? { direction: base.direction, unit: base.unit }
                          : { ...base, target: n };
                    });
                  }}
                />
              </FormGroup>
              <FormGroup label="The answer should be" labelFor="as-q-direction">
                <HTMLSelect
                  id="as-q-direction"
                  value={q.number?.direction ?? 'atLeast'}
                  disabled={!editable}
                  onChange={(e) => {
                    const d = e.target.value as 'atLeast' | 'atMost';
                    set((x) => (x.number = { ...(x.number ?? { unit: '' }), direction: d }));
                  }}
                  options={[
                    { value: 'atLeast', label: 'At least the target' },
                    { value: 'atMost', label: 'At most the target' },
                  ]}
                />
              </FormGroup>
              <FormGroup label="Unit" labelFor="as-q-unit">
                <InputGroup
                  id="as-q-unit"
                  value={q.number?.unit ?? ''}
                  disabled={!editable}
                  onChange={(e) => {
                    const u = e.target.value;
                    set((x) => (x.number = { ...(x.number ?? { direction: 'atLeast' }), unit: u }));
                  }}
                />
              </FormGroup>
            </div>
          )}
          <FormGroup label="Guidance" labelFor="as-q-guidance" helperText="Shown to the assessor with the question.">
            <TextArea
              id="as-q-guidance"
              fill
              rows={3}
              value={q.guidance}
              disabled={!editable}
              onChange={(e) => {
                const v = e.target.value;
                set((x) => (x.guidance = v));
              }}
            />
          </FormGroup>
          <FormGroup
            label="Framework tags"
            labelFor="as-q-tags"
            helperText='Comma separated, e.g. "CIS 1.1, NIST CSF PR.AC-1".'
          >
            <TagsInput
              id="as-q-tags"
              tags={q.frameworkTags}
              disabled={!editable}
              onChange={(t) => set((x) => (x.frameworkTags = t))}
            />
          </FormGroup>
          {problemList(p)}
        </>
      );
  }

  return (
    <>
      <PageHeader
        title={templateId === null ? 'New assessment template' : `Template: ${loaded?.template.name ?? ''}`}
        subtitle={
          loaded
            ? `Version ${loaded.template_version}${oldVersion ? ` (an older version; the current one is v${loaded.template.current_version})` : ''} · ${loaded.template.event_count} assessment(s) use it`
            : 'Sections hold categories, categories hold the questions'
        }
        readOnly={readOnly}
      />
      <div className="lci-as-toolbar">
        <Button icon="arrow-left" text="All templates" onClick={onClose} />
        <span className="lci-as-spacer" />
        {editable && loaded && usedVersion && contentChanged && (
          <Callout intent="warning" icon="info-sign" className="lci-as-inline-callout">
            Version {loaded.template.current_version} is used by {currentInfo?.event_count} assessment(s): saving makes
            version {loaded.template.current_version + 1}; they keep theirs.
          </Callout>
        )}
        {!readOnly && !oldVersion && (
          <Button
            intent="primary"
            icon="floppy-disk"
            text="Save"
            loading={busy}
            disabled={templateId !== null && !dirty}
            onClick={() => (loaded && usedVersion && contentChanged ? setConfirmVersion(true) : void save())}
          />
        )}
      </div>
      {error && (
        <Callout intent="danger" role="alert" className="lci-as-gap">
          {error}
        </Callout>
      )}
      {tried && problems.length > 0 && (
        <Callout intent="danger" role="alert" className="lci-as-gap" title="Fix these before saving">
          <ul>
            {problems.slice(0, 20).map((x, i) => (
              <li key={i}>
                {x.path}: {x.message}
              </li>
            ))}
          </ul>
        </Callout>
      )}
      <div className="lci-as-editor">
        {tree}
        <section aria-label="Item">{form}</section>
      </div>
      <Alert
        isOpen={confirmVersion}
        intent="primary"
        icon="git-new-branch"
        confirmButtonText="Save as new version"
        cancelButtonText="Cancel"
        onCancel={() => setConfirmVersion(false)}
        onConfirm={() => {
          setConfirmVersion(false);
          void save();
        }}
      >
        <p>
          Assessments use version {loaded?.template.current_version}. Saving makes version{' '}
          {(loaded?.template.current_version ?? 0) + 1}; new assessments use it, existing ones keep the version they
          were taken with.
        </p>
      </Alert>
    </>
  );
}

function TagsInput({
  id,
  tags,
  disabled,
  onChange,
}: {
  id: string;
  tags: string[];
  disabled: boolean;
  onChange(t: string[]): void;
}) {
  const [text, setText] = useState(tags.join(', '));
  useEffect(() => setText(tags.join(', ')), [tags]);
  return (
    <InputGroup
      id={id}
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={() =>
        onChange(
          text
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        )
      }
    />
  );
}
