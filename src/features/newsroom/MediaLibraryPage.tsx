import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { type MediaItem, NewsroomError, newsroom, type PageData } from '../../api/queries/newsroom.ts';
import { MEDIA_PAGE as PAGE } from './mediaPage.ts';

/**
 * The media library (editors and admins): every uploaded image, newest first, and deleting one that no
 * article uses (the server refuses one in use with a 409 naming the articles, shown as is).
 */
export function MediaLibraryPage({
  loaded,
  onOffset,
}: {
  loaded: PageData<MediaItem[]> & { offset: number };
  onOffset: (offset: number) => void;
}) {
  const { data: items, offset } = loaded;
  const router = useRouter();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    loaded.error ? { text: loaded.error, error: true } : null,
  );
  // After a deletion, the route loads the page again.
  const load = () => router.invalidate();

  const remove = async (item: MediaItem) => {
    try {
      await newsroom.deleteMedia(item.id);
      setMessage({ text: `Image « ${item.alt} » supprimée.`, error: false });
      await load();
    } catch (caught) {
      setMessage({ text: caught instanceof NewsroomError ? caught.message : 'L’image n’a pas été supprimée.', error: true });
    }
  };

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Médiathèque</h1>
      <p className="mt-1 text-sm">Une image utilisée par un article (image principale ou de partage) ne peut pas être supprimée.</p>
      <div aria-live="polite" className="mt-3 min-h-6">
        {message ? <p className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{message.text}</p> : null}
      </div>
      {items?.length === 0 ? <p>La médiathèque est vide.</p> : null}
      <ul aria-label="Images de la médiathèque" className="mt-2 grid grid-cols-2 gap-4 md:grid-cols-4">
        {items?.map((item) => (
          <li key={item.id} className="grid content-start gap-2 rounded border border-encre/30 p-2">
            <img
              src={item.variants.find((v) => v.format === 'webp' && v.width <= 480)?.url ?? item.url}
              alt={item.alt}
              width={item.width}
              height={item.height}
              loading="lazy"
              className="aspect-[3/2] h-auto w-full rounded object-cover"
            />
            <p className="text-sm">
              {item.width} × {item.height} px · {new Date(item.createdAt).toLocaleDateString('fr-FR')}
            </p>
            <button
              type="button"
              onClick={() => void remove(item)}
              aria-label={`Supprimer l’image « ${item.alt} »`}
              className="justify-self-start rounded border-2 border-encre px-2 py-1 text-sm font-bold"
            >
              Supprimer
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex gap-3">
        {offset > 0 ? (
          <button
            type="button"
            onClick={() => onOffset(Math.max(0, offset - PAGE))}
            className="rounded border-2 border-encre px-3 py-1 font-bold"
          >
            Images plus récentes
          </button>
        ) : null}
        {items && items.length === PAGE ? (
          <button type="button" onClick={() => onOffset(offset + PAGE)} className="rounded border-2 border-encre px-3 py-1 font-bold">
            Images plus anciennes
          </button>
        ) : null}
      </div>
    </section>
  );
}
