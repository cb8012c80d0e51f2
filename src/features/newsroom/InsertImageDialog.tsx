/**
 * "Insérer une image" in the article body: upload a new image to the media library (its alt text is
 * required, as for the main image) or pick one already there, then give the alt text for this place and an
 * optional caption. A native modal <dialog>: focus stays inside, Escape closes it, and focus goes back to the
 * toolbar button. Rendered into <body> (a portal): the editor sits inside the article's form, and forms do
 * not nest, yet this one must submit with Enter on its own. The library is searched by file name or alt
 * text and read page by page ("Afficher plus d'images"), the whole of it, not only the latest uploads.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { LibraryImageAttrs } from './libraryImageNode.ts';
import { type MediaItem, newsroom } from '../../api/queries/newsroom.ts';
import { useMediaSearch } from './useMediaSearch.ts';

interface Props {
  /** The image being edited (alt text, caption, another image), or null to insert a new one. */
  current: LibraryImageAttrs | null;
  onDone: (attrs: LibraryImageAttrs) => void;
  onClose: () => void;
}

const field = 'rounded border-2 border-encre px-2 py-1';
const smallestWebp = (item: MediaItem) =>
  item.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width)[0]?.url ?? item.url;

/** What the library shows, said once for screen readers too. */
function libraryStatus(items: MediaItem[] | null, loading: boolean, query: string): string {
  if (items === null) return loading ? 'Chargement de la médiathèque…' : '';
  if (items.length === 0) return query === '' ? 'La médiathèque est vide.' : `Aucune image ne correspond à « ${query} ».`;
  const count = `${items.length} image${items.length > 1 ? 's' : ''} affichée${items.length > 1 ? 's' : ''}`;
  return query === '' ? count : `${count} pour « ${query} »`;
}

export function InsertImageDialog({ current, onDone, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const errorId = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const library = useMediaSearch(search);
  const libraryList = useRef<HTMLUListElement>(null);
  /** After "Afficher plus d'images": the first new image takes the focus (the button may be gone). */
  const focusFrom = useRef<number | null>(null);
  const [chosen, setChosen] = useState<{ id: number; src: string } | null>(current ? { id: current.mediaId, src: current.src } : null);
  const [hasFile, setHasFile] = useState(false);
  const [alt, setAlt] = useState(current?.alt ?? '');
  const [caption, setCaption] = useState(current?.caption ?? '');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || !library.items || library.items.length <= from) return;
    focusFrom.current = null;
    libraryList.current?.querySelectorAll<HTMLButtonElement>('li > button')[from]?.focus();
  }, [library.items]);

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

  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[min(44rem,calc(100vw-2rem))] overflow-y-auto rounded border-2 border-encre bg-white p-0 text-encre backdrop:bg-encre/60"
    >
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
          <label htmlFor={searchId} className="text-sm">
            Chercher une image (nom du fichier ou texte alternatif)
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={200}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              // Enter searches at once; it must not insert the image chosen so far.
              if (e.key === 'Enter') {
                e.preventDefault();
                library.searchNow();
              }
            }}
            className={field}
          />
          {library.failed ? (
            <p className="text-sm font-bold text-piment-dark">La médiathèque n’a pas pu être chargée ; vous pouvez téléverser une image.</p>
          ) : null}
          <p role="status" className="text-sm">
            {libraryStatus(library.items, library.loading, library.shownQuery)}
          </p>
          {library.items && library.items.length > 0 ? (
            <ul
              ref={libraryList}
              aria-label="Images de la médiathèque"
              className="grid max-h-72 grid-cols-3 gap-2 overflow-y-auto p-1 sm:grid-cols-4"
            >
              {library.items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    aria-pressed={chosen?.id === item.id && !hasFile}
                    onClick={() => pick(item)}
                    className="block w-full rounded border-4 border-transparent aria-pressed:border-piment focus-visible:outline focus-visible:outline-2 focus-visible:outline-encre"
                  >
                    <img
                      src={smallestWebp(item)}
                      alt={item.alt}
                      width={item.width}
                      height={item.height}
                      className="aspect-[3/2] h-auto w-full rounded object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {library.hasMore ? (
            <button
              type="button"
              disabled={library.loading}
              onClick={() => {
                focusFrom.current = library.items?.length ?? null;
                library.more();
              }}
              className="justify-self-start rounded border-2 border-encre px-3 py-1 text-sm font-bold disabled:opacity-60"
            >
              Afficher plus d’images
            </button>
          ) : null}
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
            Annuler
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
    </dialog>,
    document.body,
  );
}
