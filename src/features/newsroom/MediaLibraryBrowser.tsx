/**
 * The media library inside a picker: a search by file name or alt text, what is shown said once for screen
 * readers, the images as buttons named by their alt text, and "Afficher plus d'images" page after page
 * through the whole library (the first new image then takes the focus: the button may be gone). Used by
 * the body-image dialog and by MediaPickerDialog (every other image of the newsroom).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { MediaItem } from '../../api/queries/newsroom.ts';
import { libraryStatus, thumbnailUrl } from './mediaPickerModel.ts';
import { useMediaSearch } from './useMediaSearch.ts';

export function MediaLibraryBrowser({
  onPick,
  chosenId,
  aspect = 'aspect-[3/2]',
}: {
  onPick: (item: MediaItem) => void;
  /** The image chosen so far, shown pressed; undefined when a choice closes the picker at once. */
  chosenId?: number | null;
  /** How the thumbnails are cut ("aspect-[4/5]" for a mosaic's portrait images). */
  aspect?: string;
}) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const library = useMediaSearch(search);
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || !library.items || library.items.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLButtonElement>('li > button')[from]?.focus();
  }, [library.items]);

  return (
    <div className="grid gap-2">
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
          // Enter searches at once; it must not submit a form around (nor choose the image chosen so far).
          if (e.key === 'Enter') {
            e.preventDefault();
            library.searchNow();
          }
        }}
        className="rounded border-2 border-encre px-2 py-1"
      />
      {library.failed ? <p className="text-sm font-bold text-piment-dark">La médiathèque n’a pas pu être chargée.</p> : null}
      <p role="status" className="text-sm">
        {libraryStatus(library.items, library.loading, library.shownQuery)}
      </p>
      {library.items && library.items.length > 0 ? (
        <ul ref={list} aria-label="Images de la médiathèque" className="grid max-h-72 grid-cols-3 gap-2 overflow-y-auto p-1 sm:grid-cols-4">
          {library.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={chosenId === undefined ? undefined : chosenId === item.id}
                onClick={() => onPick(item)}
                className="block w-full rounded border-4 border-transparent aria-pressed:border-piment focus-visible:outline focus-visible:outline-2 focus-visible:outline-encre"
              >
                <img
                  src={thumbnailUrl(item)}
                  alt={item.alt}
                  width={item.width}
                  height={item.height}
                  className={`${aspect} h-auto w-full rounded object-cover`}
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
    </div>
  );
}
