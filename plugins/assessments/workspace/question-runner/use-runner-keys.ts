/**
 * The take view's keyboard (not while typing in a field): J / K / arrows move between questions, Enter goes to the
 * next one; when editable A toggles N/A, F the finding flag, the question type's keys answer it (Y / N, digits),
 * E focuses a text or number answer, O the note. Answers the note's focus signal (raised by O).
 */
import { useEffect, useState } from 'react';
import type { Answer, TemplateQuestion } from '../../shared/api';
import { rendererOf } from '../question-types';
import type { Patch } from './use-autosave';

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);

export function useRunnerKeys({
  q,
  answers,
  index,
  editable,
  save,
  go,
}: {
  q: TemplateQuestion | undefined;
  answers: Record<string, Answer>;
  index: number;
  editable: boolean;
  save(key: string, patch: Patch): void;
  go(index: number): void;
}): number {
  const [noteFocus, setNoteFocus] = useState(0);
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
      const renderer = rendererOf(q);
      const value = renderer.keyAnswer?.(q, key);
      if (value !== undefined) {
        e.preventDefault();
        return save(q.key, { value, na: false });
      }
      if (lower === 'e' && renderer.typed) {
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
  return noteFocus;
}
