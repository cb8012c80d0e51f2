/**
 * An item's image from the media library, with its alternative text: its address, the alt text, an upload
 * (the alt text goes with the image into the library) or a choice in the whole library (MediaPickerDialog). Shared by
 * the formats' images (shopping, Instagram, contests, each image of a mosaic).
 */
import { useId } from 'react';
import { newsroom } from '../../api/queries/newsroom.ts';
import type { Image } from '../../api/types.ts';
import { FileField, imageTypes } from './FileField.tsx';
import { MediaPickerButton } from './MediaPickerDialog.tsx';

const fieldClass = 'rounded border-2 border-encre px-2 py-1';

export function LibraryImageFields(props: {
  image: Image;
  onChange: (image: Image) => void;
  run: (work: () => Promise<void>) => Promise<void>;
  say: (text: string, error: boolean) => void;
  /** How the picker's thumbnails are cut ("aspect-[4/5]", "aspect-square"). */
  aspect: string;
  /** The group's name when an item has several images ("Couverture", "Image 2"); "Image" by default. */
  legend?: string;
}) {
  const { image, onChange } = props;
  const ids = { url: useId(), alt: useId() };

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
      <FileField label="Téléverser une image (JPEG, PNG, WebP, AVIF)" accept={imageTypes} onFile={upload} />
      <MediaPickerButton
        title={props.legend ?? 'Image'}
        aspect={props.aspect}
        onPick={(media) => onChange({ url: media.url, alt: media.alt, width: media.width, height: media.height })}
      />
    </fieldset>
  );
}
