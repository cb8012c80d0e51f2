/**
 * "Choisir dans la médiathèque" for one image field (the article's main image, the formats' images, the
 * quizzes', a generator's): the button opens a native modal <dialog> with the whole library, searchable and
 * read page by page (MediaLibraryBrowser). Choosing an image closes it; Escape or "Annuler" close it with
 * nothing chosen; either way the focus goes back to the button. Rendered into <body> (a portal): the
 * fields sit inside their editor's form, and the search's Enter must not submit it.
 */
import { useId, useRef, useState } from 'react';
import type { MediaItem } from '../../api/queries/newsroom.ts';
import { MediaLibraryBrowser } from './MediaLibraryBrowser.tsx';
import { NewsroomModal } from './NewsroomModal.tsx';
import { editorActions } from './editorVocabulary.ts';

export function MediaPickerDialog({
  title,
  onPick,
  onClose,
  aspect,
}: {
  title: string;
  onPick: (item: MediaItem) => void;
  onClose: () => void;
  aspect?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  return (
    <NewsroomModal dialogRef={dialog} titleId={titleId} onClose={onClose}>
      <div className="grid gap-4 p-4">
        <h2 id={titleId} className="font-display text-2xl font-bold">
          {title}
        </h2>
        <MediaLibraryBrowser
          aspect={aspect}
          onPick={(item) => {
            // Closed first, so that the page behind can take the focus back (a modal makes the rest inert).
            dialog.current?.close();
            onPick(item);
          }}
        />
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="justify-self-end rounded border-2 border-encre px-3 py-1 font-bold"
        >
          {editorActions.cancel}
        </button>
      </div>
    </NewsroomModal>
  );
}

/** The button of an image field and the picker it opens; `title` names the dialog ("Image principale"). */
export function MediaPickerButton({ title, onPick, aspect }: { title: string; onPick: (item: MediaItem) => void; aspect?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="justify-self-start rounded border-2 border-encre px-2 py-1 text-sm font-bold"
      >
        Choisir dans la médiathèque
      </button>
      {open ? (
        <MediaPickerDialog
          title={`Choisir dans la médiathèque : ${title}`}
          aspect={aspect}
          onPick={onPick}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
