/** The answer's note: saved after a pause while typing, on blur or Escape; O on the keyboard focuses it. */
import { TextArea } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useDraftText } from '../question-types/use-draft-text';

export function NoteField({
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
  const ref = useRef<HTMLTextAreaElement>(null);
  const { text, change, commit } = useDraftText('as-q-note', value, (t) => {
    onSave(t);
    return true;
  });
  useEffect(() => {
    if (focusSignal > 0) ref.current?.focus();
  }, [focusSignal]);
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
        onChange={(e) => change(e.target.value)}
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
