/**
 * The side column every format editor shares: how the last action went (with the reload after a 409), the
 * save button, the status actions the member's role allows, the public page once published, and the preview.
 * The page gives its editor (useFormatEditor) and its sentences; the fields are the page's own.
 */
import type { ReactNode } from 'react';
import type { ArticleStatus, PreviewLink } from '../../api/queries/newsroom.ts';
import type { FormatDeclaration } from '../../formats/formatDeclaration.ts';
import { thisItem } from '../../formats/formatWords.ts';
import { EditorialStatusActions } from './EditorialStatusActions.tsx';
import { EditorMessageBox } from './EditorMessageBox.tsx';
import { PreviewLinkButton } from './PreviewLinkButton.tsx';
import type { EditorMessage, StatusAction } from './useFormatEditor.ts';
import { saveLabel } from './editorVocabulary.ts';

/** The part of useFormatEditor's answer the column shows. */
export interface SidebarEditor {
  item: { status: ArticleStatus } | null;
  message: EditorMessage | null;
  busy: boolean;
  mayPublish: boolean;
  act: (action: StatusAction, scheduledAt?: string) => void;
  reload: () => void;
  preview: { link: PreviewLink | null; request: () => void };
}

export function EditorSidebar(props: {
  editor: SidebarEditor;
  /** The format's declaration: its noun says who publishes ("… publiera ce concours."), its public path where. */
  format: Pick<FormatDeclaration, 'noun' | 'publicPath'>;
  /** The reader's page once published: the item's slug in the declaration's public path, and the link's words. */
  publicLink?: { slug: string; label: string } | null;
  /** A preview of the format's own (the popin on a page); none: the standard signed link, `false`: no preview. */
  preview?: ReactNode | false;
  /** Fields of the column that come before the workflow (the popin's targeting). */
  children?: ReactNode;
}) {
  const { item, message, busy, mayPublish, act, reload, preview } = props.editor;
  const { format, publicLink } = props;
  const publicHref = format.publicPath && publicLink ? format.publicPath.replace('{slug}', publicLink.slug) : null;
  return (
    <div className="grid content-start gap-4">
      {props.children}
      <EditorMessageBox message={message} onReload={reload} />
      <button
        type="submit"
        disabled={busy}
        className="justify-self-stretch rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-50"
      >
        {saveLabel(item !== null)}
      </button>
      {item ? (
        <EditorialStatusActions
          status={item.status}
          mayPublish={mayPublish}
          busy={busy}
          act={act}
          whoPublishes={`Un éditeur ou une éditrice publiera ${thisItem(format.noun)}.`}
        />
      ) : null}
      {item?.status === 'published' && publicHref && publicLink ? (
        <a href={publicHref} className="font-bold underline underline-offset-4">
          {publicLink.label}
        </a>
      ) : null}
      {item && props.preview !== false
        ? (props.preview ?? <PreviewLinkButton link={preview.link} busy={busy} onPreview={preview.request} />)
        : null}
    </div>
  );
}
