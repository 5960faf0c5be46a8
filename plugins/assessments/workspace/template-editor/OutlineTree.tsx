/**
 * The template's outline: the template, its sections, their categories (with their question counts) and their
 * questions, each a button that selects it (marked when it or something below it has a problem); when editable,
 * an add button at the end of each list.
 */
import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { TemplateContent } from '../../shared/api';
import { allKeys, newItem, pathOf, problemsAt, siblingsOf, type ItemSel, type Problem, type Sel } from './content';
import type { Change } from './ItemEditor';

export function OutlineTree({
  name,
  content,
  sel,
  select,
  problems,
  editable,
  change,
}: {
  name: string;
  content: TemplateContent;
  sel: Sel;
  select(s: Sel): void;
  problems: Problem[];
  editable: boolean;
  change: Change;
}) {
  const k = allKeys(content);
  /** The item's button: selects it, marked when selected and when it has problems. */
  const node = (at: ItemSel, label: ReactNode) => (
    <button
      type="button"
      className={`lci-as-node ${same(sel, at) ? 'lci-as-here' : ''} ${problemsAt(problems, pathOf(at)).length ? 'lci-as-declined' : ''}`}
      onClick={() => select(at)}
    >
      {label}
    </button>
  );
  /** Adds a new item at `at` (the end of its list) and selects it. */
  const add = (at: ItemSel, text: string) =>
    editable && (
      <li>
        <Button
          minimal
          small
          icon="add"
          text={text}
          onClick={() => {
            change((x) => siblingsOf(x, at).push(newItem(at.kind, k)));
            select(at);
          }}
        />
      </li>
    );
  return (
    <nav className="lci-as-editor-tree" aria-label="Template outline">
      <button
        type="button"
        className={`lci-as-node ${sel.kind === 'template' ? 'lci-as-here' : ''}`}
        onClick={() => select({ kind: 'template' })}
      >
        {name || 'Untitled template'}
      </button>
      <ul>
        {content.sections.map((s, si) => (
          <li key={si}>
            {node({ kind: 'section', s: si }, <>§ {s.title}</>)}
            <ul>
              {s.categories.map((c, ci) => (
                <li key={ci}>
                  {node(
                    { kind: 'category', s: si, c: ci },
                    <>
                      {c.title} <span className="lci-as-muted">({c.questions.length})</span>
                    </>,
                  )}
                  <ul>
                    {c.questions.map((q, qi) => (
                      <li key={qi}>
                        {node(
                          { kind: 'question', s: si, c: ci, q: qi },
                          <>
                            <span className="lci-as-muted">{q.key}</span> {q.text}
                          </>,
                        )}
                      </li>
                    ))}
                    {add({ kind: 'question', s: si, c: ci, q: c.questions.length }, 'Question')}
                  </ul>
                </li>
              ))}
              {add({ kind: 'category', s: si, c: s.categories.length }, 'Category')}
            </ul>
          </li>
        ))}
        {add({ kind: 'section', s: content.sections.length }, 'Section')}
      </ul>
    </nav>
  );
}

/** Whether a selection is the item at `at`. */
function same(sel: Sel, at: ItemSel): boolean {
  return sel.kind !== 'template' && sel.kind === at.kind && pathOf(sel) === pathOf(at);
}
