/**
 * The form of one outline item, whatever its kind: its heading, move up / down and remove, its key, its own fields
 * (a section's or category's title, weight and description; a question's, QuestionFields.tsx) and its problems.
 */
import { Button, ButtonGroup } from '@blueprintjs/core';
import type { TemplateCategory, TemplateContent, TemplateQuestion, TemplateSection } from '../../shared/api';
import {
  indexOf,
  itemAt,
  move,
  pathOf,
  problemsAt,
  siblingsOf,
  type Item,
  type ItemKind,
  type ItemSel,
  type Problem,
} from './content';
import { KeyField, ProblemList, TextField, WeightField } from './fields';
import { QuestionFields } from './QuestionFields';

/** Changes a clone of the content (the editor's draft). */
export type Change = (f: (c: TemplateContent) => void) => void;

const KINDS: Record<ItemKind, { heading: string; id: string }> = {
  section: { heading: 'Section', id: 'as-s' },
  category: { heading: 'Category', id: 'as-c' },
  question: { heading: 'Question', id: 'as-q' },
};

export function ItemEditor({
  at,
  content,
  editable,
  problems,
  change,
  onRemoved,
}: {
  at: ItemSel;
  content: TemplateContent;
  editable: boolean;
  problems: Problem[];
  change: Change;
  onRemoved(): void;
}) {
  const item = itemAt(content, at);
  if (!item) return null;
  const { heading, id } = KINDS[at.kind];
  const p = pathOf(at);
  const set = <T extends Item>(f: (x: T) => void) => change((x) => f(itemAt(x, at) as T));
  return (
    <>
      <h3 className="bp6-heading">{heading}</h3>
      {editable && <MoveTools at={at} count={siblingsOf(content, at).length} change={change} onRemoved={onRemoved} />}
      <KeyField
        id={`${id}-key`}
        value={item.key}
        disabled={!editable}
        onChange={(v) => set((x) => (x.key = v))}
        problem={problems.find((x) => x.path === `${p}.key`)?.message}
      />
      {at.kind === 'question' ? (
        <QuestionFields q={item as TemplateQuestion} editable={editable} set={set} />
      ) : (
        <GroupFields id={id} item={item as TemplateSection | TemplateCategory} editable={editable} set={set} />
      )}
      <ProblemList problems={problemsAt(problems, p)} />
    </>
  );
}

/** Move up, move down, remove (a section or category only while it has siblings). */
function MoveTools({
  at,
  count,
  change,
  onRemoved,
}: {
  at: ItemSel;
  count: number;
  change: Change;
  onRemoved(): void;
}) {
  const i = indexOf(at);
  const apply = (d: number | 'remove') =>
    change((x) => {
      const arr = siblingsOf(x, at);
      const next = d === 'remove' ? arr.filter((_, j) => j !== i) : move(arr, i, d);
      arr.splice(0, arr.length, ...next);
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
        disabled={count <= 1 && at.kind !== 'question'}
        onClick={() => {
          apply('remove');
          onRemoved();
        }}
      />
    </ButtonGroup>
  );
}

/** A section's or category's title, weight and description. */
function GroupFields({
  id,
  item,
  editable,
  set,
}: {
  id: string;
  item: TemplateSection | TemplateCategory;
  editable: boolean;
  set(f: (x: TemplateSection | TemplateCategory) => void): void;
}) {
  return (
    <>
      <TextField
        id={`${id}-title`}
        label="Title"
        value={item.title}
        disabled={!editable}
        onChange={(v) => set((x) => (x.title = v))}
      />
      <WeightField
        id={`${id}-weight`}
        value={item.weight}
        disabled={!editable}
        onChange={(n) => set((x) => (x.weight = n))}
      />
      <TextField
        id={`${id}-description`}
        label="Description"
        rows={2}
        value={item.description}
        disabled={!editable}
        onChange={(v) => set((x) => (x.description = v))}
      />
    </>
  );
}
