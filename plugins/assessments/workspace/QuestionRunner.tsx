/**
 * Taking an assessment: the outline (sections, categories, answered/total per category and overall; a category
 * opens its first question) beside one question at a time (text, guidance, framework tags, the answer control of
 * its type, N/A, note, finding flag, evidence files). Keyboard: Y / N answer a yes/no question, digits a scale
 * (its value) or a choice (the option's number), A toggles N/A, F the finding flag, J / K / arrows move between
 * questions, Enter goes to the next one. Every change is saved at once (PATCH of the one answer; notes after a
 * pause): "Saving…" / "All changes saved". A stale answer (someone else changed it, 409) is reloaded from the
 * server's answer and the change not saved is shown with "Apply mine again": nothing is lost.
 * Read-only (review, completed, Read Only access): the same view without controls.
 * Parts: question-types/ (one renderer a question type), question-runner/ (autosave, keyboard, outline, note,
 * evidence).
 */
import { Button, ButtonGroup, Callout, Switch, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../../workspace/sdk';
import {
  assessmentPaths,
  QUESTION_TYPE_LABELS,
  type EventAnswer,
  type EventScores,
  type Evidence,
} from '../shared/api';
import { isAnswered, questionsOf } from '../shared/scoring';
import { AnswerControl } from './question-types';
import { EvidenceList } from './question-runner/EvidenceList';
import { NoteField } from './question-runner/NoteField';
import { Outline } from './question-runner/Outline';
import { SaveState } from './question-runner/SaveState';
import { useAutosave } from './question-runner/use-autosave';
import { useRunnerKeys } from './question-runner/use-runner-keys';

interface Props {
  tenantId: number;
  data: EventAnswer;
  editable: boolean;
  onScores(s: EventScores): void;
}

export function QuestionRunner({ tenantId, data, editable, onScores }: Props) {
  const eventId = data.event.assessment_event_id;
  const flat = useMemo(() => questionsOf(data.content), [data.content]);
  const { answers, pending, saved, saveError, conflict, setConflict, save } = useAutosave({
    tenantId,
    eventId,
    initial: data.answers,
    questions: flat,
    onScores,
  });
  const [evidence, setEvidence] = useState<Evidence[]>(data.evidence);
  const [index, setIndex] = useState(() => {
    const first = flat.findIndex((x) => !isAnswered(data.answers.find((a) => a.question_key === x.question.key)));
    return editable && first > 0 ? first : 0;
  });

  const current = flat[index];
  const q = current?.question;

  const go = useCallback((i: number) => setIndex(Math.max(0, Math.min(flat.length - 1, i))), [flat.length]);
  const noteFocus = useRunnerKeys({ q, answers, index, editable, save, go });

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

  return (
    <div className="lci-as-runner">
      <Outline content={data.content} flat={flat} answers={answers} index={index} go={go} />

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
