/** The rich-text editor, fetched when first shown (TipTap is not part of the builder's first chunk). */
import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

const Editor = lazy(() => import('./RichTextEditor'));

export function LazyRichText(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Spinner size={20} aria-label="Loading the editor" />}>
      <Editor {...props} />
    </Suspense>
  );
}
