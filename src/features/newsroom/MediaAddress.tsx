/**
 * A library item's address, as the site's fields take it (/media/…), with « Copier l’adresse »: pasted
 * in a popin's button link, a newsletter or a message to a colleague. The feedback is said in a live
 * region of the card, so a screen reader hears « Adresse copiée » where the button is.
 */
import { useEffect, useId, useRef, useState } from 'react';

/** The clipboard API, or the older copy command where the page is not allowed it (an http address). */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand('copy');
  }
}

export function MediaAddress({ url }: { url: string }) {
  const id = useId();
  const describedId = `${id}-adresse`;
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    if (!said) return;
    const timer = window.setTimeout(() => setSaid(null), 4000);
    return () => window.clearTimeout(timer);
  }, [said]);

  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-bold">
        Adresse
      </label>
      <input
        ref={field}
        id={id}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="w-full min-w-0 rounded border border-encre/40 bg-creme px-1 py-0.5 font-mono text-xs"
      />
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-describedby={describedId}
          onClick={() =>
            void copyText(url, field.current).then((ok) => setSaid(ok ? 'Adresse copiée' : 'Copie impossible : sélectionnez l’adresse.'))
          }
          className="rounded border-2 border-encre px-2 py-1 text-sm font-bold"
        >
          Copier l’adresse
        </button>
        {/* The button says which address it copies (a field referenced by aria-describedby would give its label). */}
        <span id={describedId} hidden>
          {url}
        </span>
        <span role="status" className="text-sm text-green-800">
          {said}
        </span>
      </div>
    </div>
  );
}
