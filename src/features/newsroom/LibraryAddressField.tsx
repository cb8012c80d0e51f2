/**
 * An image kept as its address alone (a popin's background or choice picture, an article's share image):
 * picked in the media library, never typed. The server takes only the library's images, the site's
 * generated media or the one the item already shows (issue 34, part 3), so a typed address could only fail.
 */
import { MediaPickerButton } from './MediaPickerDialog.tsx';

export function LibraryAddressField({ label, value, onChange }: { label: string; value: string; onChange: (url: string) => void }) {
  return (
    <fieldset className="grid gap-2 rounded border border-encre/30 p-2">
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
    </fieldset>
  );
}
