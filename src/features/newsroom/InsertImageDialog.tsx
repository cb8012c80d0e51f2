/**
 * "Insérer une image" in the article body: upload a new image to the media library (its alt text is
 * required, as for the main image) or pick one already there, then give the alt text for this place and an
 * optional caption. A native modal <dialog>: focus stays inside, Escape closes it, and focus goes back to the
 * toolbar button. Rendered into <body> (a portal): the editor sits inside the article's form, and forms do
 * not nest, yet this one must submit with Enter on its own. The library is searched by file name or alt
 * text and read page by page ("Afficher plus d'images"), the whole of it, not only the latest uploads.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import type { LibraryImageAttrs } from './libraryImageNode.ts';
import { type MediaItem, newsroom } from '../../api/queries/newsroom.ts';
import { MediaLibraryBrowser } from './MediaLibraryBrowser.tsx';
import { NewsroomModal } from './NewsroomModal.tsx';
import { editorActions } from './editorVocabulary.ts';

interface Props {
  /** The image being edited (alt text, caption, another image), or null to insert a new one. */
  current: LibraryImageAttrs | null;
  onDone: (attrs: LibraryImageAttrs) => void;
  onClose: () => void;
}

const field = 'rounded border-2 border-encre px-2 py-1';

export function InsertImageDialog({ current, onDone, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const errorId = useId();
  const [chosen, setChosen] = useState<{ id: number; src: string } | null>(current ? { id: current.mediaId, src: current.src } : null);
  const [hasFile, setHasFile] = useState(false);
  const [alt, setAlt] = useState(current?.alt ?? '');
  const [caption, setCaption] = useState(current?.caption ?? '');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (item: MediaItem) => {
    setChosen({ id: item.id, src: item.url });
    if (fileInput.current) fileInput.current.value = '';
    setHasFile(false);
    // The library's alt text is a good start; the person can adapt it to this place.
    if (alt.trim() === '') setAlt(item.alt);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // React lets events bubble through portals: the article's own form must not hear this one.
    event.stopPropagation();
    const altText = alt.trim();
    if (altText === '') {
      setMessage({ text: 'Écrivez le texte alternatif de l’image : il décrit l’image à qui ne la voit pas.', error: true });
      altInput.current?.focus();
      return;
    }
    const file = fileInput.current?.files?.[0];
    let image = chosen;
    if (file) {
      setBusy(true);
      setMessage({ text: 'Envoi de l’image…', error: false });
      try {
        const item = await newsroom.upload(file, altText);
        image = { id: item.id, src: item.url };
      } catch (caught) {
        setMessage({ text: caught instanceof Error ? caught.message : 'L’envoi de l’image a échoué.', error: true });
        return;
      } finally {
        setBusy(false);
      }
    }
    if (!image) {
      setMessage({ text: 'Choisissez une image : téléversez-en une, ou prenez-la dans la médiathèque.', error: true });
      return;
    }
    // Closed first, so that the editor behind it can take the focus back (a modal makes the rest inert).
    dialog.current?.close();
    onDone({ mediaId: image.id, src: image.src, alt: altText, caption: caption.trim() === '' ? null : caption.trim() });
  };

  return (
    <NewsroomModal dialogRef={dialog} titleId={titleId} onClose={onClose}>
      {/* noValidate: the missing alt text is said in French by the page, whatever the browser's language. */}
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 p-4">
        <h2 id={titleId} className="font-display text-2xl font-bold">
          {current ? 'Modifier l’image' : 'Insérer une image'}
        </h2>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Téléverser une nouvelle image (JPEG, PNG, WebP, AVIF)</span>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            onChange={(e) => {
              const picked = (e.currentTarget.files?.length ?? 0) > 0;
              setHasFile(picked);
              if (picked) setChosen(null);
            }}
            className="text-sm"
          />
        </label>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-bold">Ou choisir dans la médiathèque</legend>
          <MediaLibraryBrowser onPick={pick} chosenId={hasFile ? null : (chosen?.id ?? null)} />
        </fieldset>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Texte alternatif (obligatoire)</span>
          <input
            ref={altInput}
            required
            aria-invalid={message?.error && alt.trim() === '' ? true : undefined}
            aria-describedby={errorId}
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
            maxLength={1000}
            className={field}
          />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Légende (facultative)</span>
          <input value={caption} onChange={(e) => setCaption(e.target.value)} maxLength={1000} className={field} />
        </label>
        {/* Two live regions, each present from the start: a region's role should not change under a reader. */}
        <p role="status" className="text-sm">
          {message && !message.error ? message.text : ''}
        </p>
        <p id={errorId} role="alert" className="text-sm font-bold text-piment-dark">
          {message?.error ? message.text : ''}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={() => dialog.current?.close()} className="rounded border-2 border-encre px-3 py-1 font-bold">
            {editorActions.cancel}
          </button>
          <button
            type="submit"
            disabled={busy}
            className="rounded border-2 border-encre bg-encre px-3 py-1 font-bold text-white disabled:opacity-60"
          >
            {current ? 'Enregistrer l’image' : 'Insérer l’image'}
          </button>
        </div>
      </form>
    </NewsroomModal>
  );
}
