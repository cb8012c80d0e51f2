/**
 * A file to send to the media library, chosen in a labelled field: the field is handed over as soon as a
 * file is picked (the page uploads it and may clear the field). One look and one accessible name for every
 * upload of the newsroom (an image, a sound).
 */
export const imageTypes = 'image/jpeg,image/png,image/webp,image/avif';

export function FileField(props: { label: string; accept: string; onFile: (field: HTMLInputElement) => void }) {
  return (
    <label className="grid gap-1">
      <span className="text-sm font-bold">{props.label}</span>
      <input type="file" accept={props.accept} onChange={(e) => props.onFile(e.currentTarget)} className="min-w-0 text-sm" />
    </label>
  );
}
