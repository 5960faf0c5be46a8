/**
 * The answers of the take view, each change saved at once (PATCH of the one answer, one request at a time per
 * answer): "Saving…" while any is in flight, then "All changes saved" or the error. A stale answer (someone else
 * changed it, 409) is replaced by the server's current one and the change not saved is kept as `conflict`, to apply
 * again.
 */
import { useCallback, useRef, useState } from 'react';
import { api, ApiError } from '../../../../workspace/sdk';
import {
  assessmentPaths,
  type Answer,
  type EventScores,
  type PatchAnswerAnswer,
  type PatchAnswerBody,
  type TemplateQuestion,
} from '../../shared/api';
import { valueText } from '../question-types';
import { errorText } from '../ui';

export type Patch = Omit<PatchAnswerBody, 'version'>;

/** A change of an answer that someone else's change made stale: which answer, the change, and the change in words. */
export interface Conflict {
  key: string;
  mine: Patch;
  text: string;
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

/** The fields of the local change that a later change of the same answer has already replaced are kept. */
function pickLocal(local: Answer | undefined, patch: Patch): Partial<Answer> {
  if (!local) return {};
  const out: Partial<Answer> = {};
  if (patch.note === undefined && local.note !== undefined) out.note = local.note;
  return out;
}

export function useAutosave({
  tenantId,
  eventId,
  initial,
  questions,
  onScores,
}: {
  tenantId: number;
  eventId: number;
  /** The answers as loaded. */
  initial: Answer[];
  /** The template version's questions, in order. */
  questions: { question: TemplateQuestion }[];
  onScores(s: EventScores): void;
}) {
  const [answers, setAnswers] = useState<Record<string, Answer>>(() =>
    Object.fromEntries(initial.map((a) => [a.question_key, a])),
  );
  const [pending, setPending] = useState(0);
  const [saved, setSaved] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const versions = useRef(new Map(initial.map((a) => [a.question_key, a.version])));
  const queue = useRef(new Map<string, Promise<void>>());

  const save = useCallback(
    (key: string, patch: Patch) => {
      const question = questions.find((x) => x.question.key === key)?.question;
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
    [questions, tenantId, eventId, onScores],
  );

  return { answers, pending, saved, saveError, conflict, setConflict, save };
}
