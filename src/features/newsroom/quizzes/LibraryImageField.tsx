/**
 * One image of a quiz (cover, result, picture answer): from the media library, uploaded here or picked
 * among what is there, with its alt text. The server takes only library images (or those the quiz already
 * shows); this field never offers an address to type.
 */
import { FileField, imageTypes } from '../FileField.tsx';
import { useId, useState } from 'react';
import { type MediaItem, newsroom } from '../../../api/queries/newsroom.ts';
import { MediaPickerButton } from '../MediaPickerDialog.tsx';

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
      <FileField label="Téléverser une image (JPEG, PNG, WebP, AVIF)" accept={imageTypes} onFile={(field) => void upload(field)} />
      <MediaPickerButton title={legend} onPick={(item) => onChange(fromItem(item))} />
    </fieldset>
  );
}
