/** Offers the new version when one is waiting: the reader decides when the page reloads. */
import { useId } from 'react';

export const UPDATE_MESSAGE = 'Nouvelle version disponible';

export function UpdateToast({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="update-toast fixed bottom-16 right-3 z-[65] flex max-w-sm flex-wrap items-center gap-3 rounded-2xl border-2 border-encre bg-white px-4 py-3 shadow-[4px_4px_0_0_var(--color-encre)]"
    >
      <p id={titleId} role="status" className="flex-1 font-bold">
        {UPDATE_MESSAGE}
      </p>
      <button
        type="button"
        onClick={onReload}
        className="rounded-full bg-piment px-4 py-2 text-sm font-bold text-white hover:bg-piment-dark"
      >
        Recharger
      </button>
      <button type="button" onClick={onDismiss} className="rounded-full px-3 py-2 text-sm font-semibold underline">
        Plus tard
      </button>
    </section>
  );
}
