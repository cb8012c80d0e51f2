/**
 * One image of a quiz (cover, result, picture answer): from the media library, uploaded here or picked
 * among what is there, with its alt text. The server takes only library images (or those the quiz already
 * shows); this field never offers an address to type.
 */
import { useId, useState } from 'react';
import { type MediaItem, newsroom } from '../../../api/queries/newsroom.ts';

export interface QuizImage {
  url: string;
  alt: string;
  width: number;
  height: number;
  focalX?: number;
  focalY?: number;
}

export const noImage: QuizImage = { url: '', alt: '', width: 1, height: 1 };

const input = 'rounded border-2 border-encre px-2 py-1';
const smallest = (item: MediaItem) =>
  item.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width)[0]?.url ?? item.url;

export function LibraryImageField({
  legend,
  image,
  onChange,
  onError,
}: {
  legend: string;
  image: QuizImage;
  onChange: (image: QuizImage) => void;
  onError: (message: string) => void;
}) {
  const altId = useId();
  const [library, setLibrary] = useState<MediaItem[] | null>(null);
  const [busy, setBusy] = useState(false);

  const fromItem = (item: MediaItem): QuizImage => ({
    url: item.url,
    // The alt text already written here wins; else the library's is a good start.
    alt: image.alt.trim() === '' ? item.alt : image.alt,
    width: item.width,
    height: item.height,
  });

  const upload = async (field: HTMLInputElement) => {
    const file = field.files?.[0];
    if (!file) return;
    if (image.alt.trim() === '') {
      onError(`${legend} : écrivez d'abord le texte alternatif de l'image.`);
      field.value = '';
      return;
    }
    setBusy(true);
    try {
      onChange(fromItem(await newsroom.upload(file, image.alt)));
    } catch (caught) {
      onError((caught as Error).message);
    } finally {
      setBusy(false);
      field.value = '';
    }
  };

  const openLibrary = async () => {
    try {
      setLibrary(await newsroom.media(24));
    } catch (caught) {
      onError((caught as Error).message);
    }
  };

  return (
    <fieldset className="grid gap-2 rounded border-2 border-encre/30 p-3" aria-busy={busy}>
      <legend className="px-1 font-bold">{legend}</legend>
      {image.url ? (
        <img
          src={image.url}
          alt=""
          width={image.width}
          height={image.height}
          className="h-24 w-auto justify-self-start rounded object-cover"
        />
      ) : (
        <p className="text-sm">Aucune image choisie.</p>
      )}
      <label className="grid gap-1" htmlFor={altId}>
        <span className="text-sm font-bold">Texte alternatif (obligatoire)</span>
        <input
          id={altId}
          value={image.alt}
          onChange={(e) => onChange({ ...image, alt: e.target.value })}
          className={input}
          maxLength={300}
        />
      </label>
      <label className="grid gap-1">
        <span className="text-sm font-bold">Téléverser une image (JPEG, PNG, WebP, AVIF)</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          onChange={(e) => void upload(e.currentTarget)}
          className="text-sm"
        />
      </label>
      <button
        type="button"
        onClick={() => void openLibrary()}
        className="justify-self-start rounded border-2 border-encre px-2 py-1 text-sm font-bold"
      >
        Choisir dans la médiathèque
      </button>
      {library ? (
        <ul aria-label={`Médiathèque — ${legend}`} className="grid grid-cols-3 gap-2 md:grid-cols-6">
          {library.length === 0 ? <li className="col-span-3 text-sm">La médiathèque est vide.</li> : null}
          {library.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                aria-label={`Choisir l’image « ${item.alt} »`}
                onClick={() => {
                  onChange(fromItem(item));
                  setLibrary(null);
                }}
                className="block w-full rounded border-2 border-transparent focus-visible:border-encre"
              >
                <img src={smallest(item)} alt="" className="aspect-[3/2] w-full rounded object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
