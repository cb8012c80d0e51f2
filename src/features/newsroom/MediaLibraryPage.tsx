import { frenchDate } from '../../lib/frenchDates.ts';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { type MediaEntry, type MediaUsage, NewsroomError, newsroom, type PageData, usagesOfRefusal } from '../../api/queries/newsroom.ts';
import { inUseMessage } from '../../lib/mediaInUseMessage.ts';
import { useConfirm } from './ConfirmDialog.tsx';
import { MediaUsageList } from './MediaUsageList.tsx';
import { MediaAddress } from './MediaAddress.tsx';
import { MEDIA_PAGE as PAGE } from './mediaPage.ts';
import { editorActions } from './editorVocabulary.ts';

/**
 * The media library (editors and admins): every uploaded image and sound, newest first, and deleting one
 * that nothing uses, after a confirmation. One in use is not offered: the page lists every content using it,
 * with links to their editors (the server's usages, and its 409 if someone used it meanwhile).
 */
export function MediaLibraryPage({
  loaded,
  onOffset,
}: {
  loaded: PageData<MediaEntry[]> & { offset: number };
  onOffset: (offset: number) => void;
}) {
  const { data: items, offset } = loaded;
  const router = useRouter();
  const [message, setMessage] = useState<{ text: string; error: boolean; usages?: MediaUsage[]; alt?: string } | null>(
    loaded.error ? { text: loaded.error, error: true } : null,
  );
  const { confirm, dialog } = useConfirm();
  // After a deletion, the route loads the page again.
  const load = () => router.invalidate();

  const refuse = (item: MediaEntry, caught: unknown) =>
    setMessage({
      text: caught instanceof NewsroomError ? caught.message : 'L’image n’a pas été supprimée.',
      error: true,
      usages: usagesOfRefusal(caught),
      alt: item.alt,
    });

  const remove = async (item: MediaEntry) => {
    const sound = item.kind === 'audio';
    try {
      const usages = await newsroom.mediaUsages(item.id);
      if (usages.length > 0) {
        setMessage({ text: inUseMessage(item.kind, usages), error: true, usages, alt: item.alt });
        return;
      }
    } catch (caught) {
      refuse(item, caught);
      return;
    }
    const yes = await confirm({
      title: sound ? `Supprimer le son « ${item.alt} » ?` : `Supprimer l’image « ${item.alt} » ?`,
      consequence: `Aucun contenu ne l’utilise. ${sound ? 'Le son et son fichier seront effacés' : 'L’image et toutes ses tailles seront effacées'} de la médiathèque : on ne pourra pas ${sound ? 'le' : 'la'} retrouver.`,
      confirmLabel: sound ? 'Supprimer le son' : 'Supprimer l’image',
    });
    if (!yes) return;
    try {
      await newsroom.deleteMedia(item.id);
      setMessage({ text: sound ? `Son « ${item.alt} » supprimé.` : `Image « ${item.alt} » supprimée.`, error: false });
      await load();
    } catch (caught) {
      refuse(item, caught);
    }
  };

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Médiathèque</h1>
      <p className="mt-1 text-sm">
        Une image ou un son qu’un contenu utilise (article, quiz, mosaïque, concours, popin, lettre…) ne peut pas être supprimé : la
        médiathèque dit lesquels.
      </p>
      <div aria-live="polite" className="mt-3 min-h-6">
        {message ? <p className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{message.text}</p> : null}
        {message?.usages && message.usages.length > 0 ? (
          <MediaUsageList usages={message.usages} label={`Contenus qui utilisent « ${message.alt ?? ''} »`} />
        ) : null}
      </div>
      {dialog}
      {items?.length === 0 ? <p>La médiathèque est vide.</p> : null}
      <ul aria-label="Images et sons de la médiathèque" className="mt-2 grid grid-cols-2 gap-4 md:grid-cols-4">
        {items?.map((item) =>
          item.kind === 'audio' ? (
            <li key={item.id} className="grid content-start gap-2 rounded border border-encre/30 p-2">
              <p className="font-bold">Son : {item.alt}</p>
              {/* biome-ignore lint/a11y/useMediaCaption: short quiz sounds; their description is the text above */}
              <audio controls preload="none" src={item.url} aria-label={`Écouter « ${item.alt} »`} className="w-full" />
              <p className="text-sm">
                {Math.round(item.durationSeconds)} s · {frenchDate(item.createdAt)}
              </p>
              <MediaAddress url={item.url} />
              <button
                type="button"
                onClick={() => void remove(item)}
                aria-label={`Supprimer le son « ${item.alt} »`}
                className="justify-self-start rounded border-2 border-encre px-2 py-1 text-sm font-bold"
              >
                {editorActions.delete}
              </button>
            </li>
          ) : (
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
                {item.width} × {item.height} px · {frenchDate(item.createdAt)}
              </p>
              <MediaAddress url={item.url} />
              <button
                type="button"
                onClick={() => void remove(item)}
                aria-label={`Supprimer l’image « ${item.alt} »`}
                className="justify-self-start rounded border-2 border-encre px-2 py-1 text-sm font-bold"
              >
                {editorActions.delete}
              </button>
            </li>
          ),
        )}
      </ul>
      <div className="mt-4 flex gap-3">
        {offset > 0 ? (
          <button
            type="button"
            onClick={() => onOffset(Math.max(0, offset - PAGE))}
            className="rounded border-2 border-encre px-3 py-1 font-bold"
          >
            Plus récents
          </button>
        ) : null}
        {items && items.length === PAGE ? (
          <button type="button" onClick={() => onOffset(offset + PAGE)} className="rounded border-2 border-encre px-3 py-1 font-bold">
            Plus anciens
          </button>
        ) : null}
      </div>
    </section>
  );
}
