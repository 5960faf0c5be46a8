/**
 * The wysiwyg component's editor (TipTap with its StarterKit: headings, bold, italic, underline, lists, links, quotes).
 * Lazily loaded by the component editor, so the builder's first page stays small. The HTML it produces is sanitised
 * by the server when saved; what the preview shows comes back from the server.
 */
import { Button, ButtonGroup } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';

export interface RichTextEditorProps {
  /** Initial HTML (the editor is keyed by its caller when the content it edits changes). */
  value: string;
  onChange(html: string): void;
  /** Accessible name of the editing area. */
  label: string;
  readOnly?: boolean;
}

type Tool = { id: string; icon: IconName; label: string; run(e: Editor): void; active?: (e: Editor) => boolean };

const TOOLS: Tool[] = [
  {
    id: 'h2',
    icon: 'header-two',
    label: 'Heading',
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    id: 'bold',
    icon: 'bold',
    label: 'Bold',
    run: (e) => e.chain().focus().toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    id: 'italic',
    icon: 'italic',
    label: 'Italic',
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    id: 'underline',
    icon: 'underline',
    label: 'Underline',
    run: (e) => e.chain().focus().toggleUnderline().run(),
    active: (e) => e.isActive('underline'),
  },
  {
    id: 'bullets',
    icon: 'properties',
    label: 'Bulleted list',
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  {
    id: 'numbers',
    icon: 'numbered-list',
    label: 'Numbered list',
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
  {
    id: 'quote',
    icon: 'citation',
    label: 'Quote',
    run: (e) => e.chain().focus().toggleBlockquote().run(),
    active: (e) => e.isActive('blockquote'),
  },
  { id: 'undo', icon: 'undo', label: 'Undo', run: (e) => e.chain().focus().undo().run() },
  { id: 'redo', icon: 'redo', label: 'Redo', run: (e) => e.chain().focus().redo().run() },
];

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(TOOLS.map((t) => [t.id, t.active?.(e) ?? false])),
  });
  return (
    <ButtonGroup className="lci-rte-toolbar" role="toolbar" aria-label="Formatting">
      {TOOLS.map((t) => (
        <Button
          key={t.id}
          icon={t.icon}
          size="small"
          variant="minimal"
          aria-label={t.label}
          title={t.label}
          active={active?.[t.id]}
          aria-pressed={t.active ? !!active?.[t.id] : undefined}
          onMouseDown={(ev) => ev.preventDefault()}
          onClick={() => t.run(editor)}
        />
      ))}
    </ButtonGroup>
  );
}

export default function RichTextEditor({ value, onChange, label, readOnly }: RichTextEditorProps) {
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    extensions: [StarterKit],
    content: value || '',
    editable: !readOnly,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'lci-rte-content' },
    },
    onUpdate: ({ editor: e }) => changed.current(e.isEmpty ? '' : e.getHTML()),
  });
  useEffect(() => {
    editor?.setEditable(!readOnly);
  }, [editor, readOnly]);
  if (!editor) return null;
  return (
    <div className={`lci-rte ${readOnly ? 'lci-rte-readonly' : ''}`}>
      {!readOnly && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}
