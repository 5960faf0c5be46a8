/**
 * A typed field's draft (text and number answers, the note): what is typed is sent after a pause (900 ms) or when
 * the caller commits it (blur, Enter, Escape); a new value from outside replaces the draft unless the field (by
 * its id) has the focus.
 */
import { useEffect, useRef, useState } from 'react';
import type { AnswerValue } from '../../shared/api';

const PAUSE_MS = 900;

/** `send` answers false when it refuses the text (e.g. not a number): the next commit of the same text tries again. */
export function useDraftText(id: string, value: AnswerValue, send: (text: string) => boolean) {
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  const last = useRef(shown);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (document.activeElement?.id !== id) {
      const t = value === null ? '' : String(value);
      setText(t);
      last.current = t;
    }
  }, [id, value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (t: string) => {
    clearTimeout(timer.current);
    if (t === last.current) return;
    if (send(t)) last.current = t;
  };
  const change = (t: string) => {
    setText(t);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(t), PAUSE_MS);
  };
  return { text, change, commit };
}
