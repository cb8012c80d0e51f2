/**
 * An image kept as its address alone (a popin's background or choice picture, an article's share image):
 * picked in the media library or, when the editor passes `upload`, sent to it from the computer — never
 * typed. The server takes only the library's images, the site's generated media or the one the item
 * already shows (issue 34, part 3), so a typed address could only fail.
 */
import { useId, useState } from 'react';
import { type LibraryUploadProps, LibraryUploadInput } from './LibraryUploadInput.tsx';
import { MediaPickerButton } from './MediaPickerDialog.tsx';

export function LibraryAddressField({
  label,
  value,
  onChange,
  upload,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** The editor's busy runner and message line: with them, an image can also be uploaded here. */
  upload?: Pick<LibraryUploadProps, 'run' | 'say'>;
}) {
  // The library keeps an alternative text with each image, even one shown here as decoration.
  const [alt, setAlt] = useState('');
  const altId = useId();
  return (
    <fieldset className="grid min-w-0 gap-2 rounded border border-encre/30 p-2">
      <legend className="px-1 text-sm font-bold">{label}</legend>
      {value ? (
        // Decorative in the editor: the legend names it.
        <img src={value} alt="" className="h-24 w-auto justify-self-start rounded object-cover" />
      ) : (
        <p className="text-sm">Aucune image choisie.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <MediaPickerButton title={label} aspect="aspect-[4/5]" onPick={(media) => onChange(media.url)} />
        {value ? (
          <button
            type="button"
            onClick={() => onChange('')}
            className="justify-self-start rounded border-2 border-encre px-2 py-1 text-sm font-bold"
          >
            Retirer l’image
          </button>
        ) : null}
      </div>
      {upload ? (
        <div className="grid gap-2 border-t border-encre/30 pt-2">
          <div className="grid gap-1">
            <label htmlFor={altId} className="text-sm font-bold">
              Texte alternatif de l’image à téléverser
            </label>
            <input
              id={altId}
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
              className="min-w-0 rounded border-2 border-encre px-2 py-1"
            />
          </div>
          <LibraryUploadInput alt={alt} run={upload.run} say={upload.say} onUploaded={(media) => onChange(media.url)} />
        </div>
      ) : null}
    </fieldset>
  );
}
