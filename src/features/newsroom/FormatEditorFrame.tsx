/**
 * The frame of every format's editor page, from its declaration: the load's refusal, the heading ("Nouvelle
 * mosaïque" until created), the line that says where the item stands (state, version, who changed it last,
 * in the noun's gender), the form with the format's fields and the shared side column (EditorSidebar), and the
 * revisions. The page brings its fields; the frame and the workflow are the same for all.
 */
import type { ReactNode } from 'react';
import type { ArticleStatus } from '../../api/queries/newsroom.ts';
import type { FormatDeclaration } from '../../formats/formatDeclaration.ts';
import { newItem } from '../../formats/formatWords.ts';
import { EditorialRevisions } from './EditorialRevisions.tsx';
import { EditorSidebar, type SidebarEditor } from './EditorSidebar.tsx';
import { statusLabels } from './newsroomLabels.ts';
import type { useFormatEditor } from './useFormatEditor.ts';

type FrameEditor = SidebarEditor & {
  item: { status: ArticleStatus; version: number; updatedByName?: string | null } | null;
  submit: ReturnType<typeof useFormatEditor>['submit'];
  revisions: ReturnType<typeof useFormatEditor>['revisions'];
};

export function FormatEditorFrame(props: {
  editor: FrameEditor;
  format: Pick<FormatDeclaration, 'noun' | 'publicPath'>;
  /** Why the item could not be loaded (not found, not allowed): said instead of the form. */
  loadError?: string | null;
  /** The item's name once created (its title); by default the noun ("Citation"). */
  title?: string;
  /** The format's own name of the item's state, when it has one ("En direct" for a published live blog). */
  state?: string;
  /** What the status line says of this format besides the workflow's (" · place 3"). */
  details?: ReactNode;
  /** The reader's page once published (see EditorSidebar). */
  publicLink?: { slug: string; label: string } | null;
  /** A preview of the format's own (see EditorSidebar). */
  preview?: ReactNode;
  /** Fields of the side column, above the workflow's buttons. */
  aside?: ReactNode;
  /** The format's own fields. */
  children: ReactNode;
}) {
  const { editor, format } = props;
  const { item } = editor;
  if (props.loadError) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {props.loadError}
      </p>
    );
  }
  const noun = format.noun.singular;
  const e = format.noun.gender === 'feminine' ? 'e' : '';
  return (
    <section>
      <h1 className="font-display text-3xl font-bold">
        {item ? (props.title ?? `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`) : newItem(format.noun)}
      </h1>
      {item ? (
        <p className="mt-1 text-sm">
          {props.state ?? statusLabels[item.status]} · version {item.version}
          {props.details}
          {item.updatedByName ? ` · modifié${e} par ${item.updatedByName}` : ''}
        </p>
      ) : null}
      <form onSubmit={editor.submit} className="mt-4 grid gap-4 lg:grid-cols-[2fr_1fr]" noValidate>
        <div className="grid content-start gap-4">{props.children}</div>
        <EditorSidebar editor={editor} format={format} publicLink={props.publicLink} preview={props.preview}>
          {props.aside}
        </EditorSidebar>
      </form>
      {editor.revisions ? <EditorialRevisions {...editor.revisions} /> : null}
    </section>
  );
}
