/**
 * An item's image from the media library, with its alternative text: its address, the alt text, an upload
 * (the alt text goes with the image into the library) or a choice among the library's images. Shared by
 * the formats' images (shopping, Instagram, contests, each image of a mosaic).
 */
import { useId, useState } from 'react';
import type { MediaItem } from '../../api/queries/newsroom.ts';
import { newsroom } from '../../api/queries/newsroom.ts';
import type { Image } from '../../api/types.ts';

const fieldClass = 'rounded border-2 border-encre px-2 py-1';

export function LibraryImageFields(props: {
  image: Image;
  onChange: (image: Image) => void;
  run: (work: () => Promise<void>) => Promise<void>;
  say: (text: string, error: boolean) => void;
  /** How tall the library's thumbnails are drawn ("aspect-[4/5]", "aspect-square"). */
  aspect: string;
  /** The group's name when an item has several images ("Couverture", "Image 2"); "Image" by default. */
  legend?: string;
}) {
  const { image, onChange } = props;
  const [library, setLibrary] = useState<MediaItem[] | null>(null);
  const ids = { url: useId(), alt: useId(), upload: useId() };

  const upload = (field: HTMLInputElement) => {
    const file = field.files?.[0];
    if (!file) return;
    if (image.alt.trim() === '') {
      props.say("Écrivez d'abord le texte alternatif de l'image.", true);
      field.value = '';
      return;
    }
    void props.run(async () => {
      const media = await newsroom.upload(file, image.alt);
      onChange({ url: media.url, alt: image.alt, width: media.width, height: media.height });
      props.say('Image ajoutée à la médiathèque.', false);
    });
  };

  return (
    <fieldset className="grid gap-2 rounded border-2 border-encre/30 p-3">
      <legend className="px-1 font-bold">{props.legend ?? 'Image'}</legend>
      <div className="grid gap-1">
        <label htmlFor={ids.url} className="text-sm font-bold">
          Adresse de l'image
        </label>
        <input id={ids.url} value={image.url} onChange={(e) => onChange({ ...image, url: e.target.value })} className={fieldClass} />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.alt} className="text-sm font-bold">
          Texte alternatif de l'image (obligatoire)
        </label>
        <input
          id={ids.alt}
          required
          value={image.alt}
          onChange={(e) => onChange({ ...image, alt: e.target.value })}
          className={fieldClass}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.upload} className="text-sm font-bold">
          Téléverser une image (JPEG, PNG, WebP, AVIF)
        </label>
        <input
          id={ids.upload}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          onChange={(e) => upload(e.currentTarget)}
          className="text-sm"
        />
      </div>
      <button
        type="button"
        onClick={() =>
          props.run(async () => {
            setLibrary(await newsroom.media());
          })
        }
        className="justify-self-start rounded border-2 border-encre px-2 py-1 text-sm font-bold"
      >
        Choisir dans la médiathèque
      </button>
      {library ? (
        <ul aria-label="Médiathèque" className="grid grid-cols-3 gap-2">
          {library.length === 0 ? <li className="col-span-3 text-sm">La médiathèque est vide.</li> : null}
          {library.map((media) => (
            <li key={media.id}>
              <button
                type="button"
                onClick={() => {
                  onChange({ url: media.url, alt: media.alt, width: media.width, height: media.height });
                  setLibrary(null);
                }}
                className="block w-full rounded border-2 border-transparent focus-visible:border-encre"
              >
                <img
                  src={media.variants.find((v) => v.format === 'webp')?.url ?? media.url}
                  alt={media.alt}
                  className={`${props.aspect} w-full rounded object-cover`}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
