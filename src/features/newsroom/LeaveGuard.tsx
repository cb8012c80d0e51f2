/**
 * Leaving the editor with changes not saved yet: asked first, in the page (a link, the browser's back
 * button) or by the browser itself (closing the tab, reloading). A modal dialog: focus on "Rester", Escape
 * stays too.
 */
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';

export function LeaveGuard({ unsaved }: { unsaved: boolean }) {
  const latest = useRef(unsaved);
  latest.current = unsaved;
  const blocker = useBlocker({ shouldBlockFn: () => latest.current, enableBeforeUnload: () => latest.current, withResolver: true });
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const blocked = blocker.status === 'blocked';

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (blocked && !element.open) {
      element.showModal();
      stay.current?.focus();
    } else if (!blocked && element.open) element.close();
  }, [blocked]);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Escape (the dialog's cancel) means staying.
      onCancel={(e) => {
        e.preventDefault();
        blocker.reset?.();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded border-2 border-encre bg-white p-4 text-encre backdrop:bg-encre/60"
    >
      <h2 id={titleId} className="font-display text-2xl font-bold">
        Quitter sans enregistrer ?
      </h2>
      <p id={textId} className="mt-2">
        Vos dernières modifications ne sont pas encore enregistrées : elles seront perdues si vous quittez l’article maintenant.
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button ref={stay} type="button" onClick={() => blocker.reset?.()} className="rounded bg-encre px-3 py-1 font-bold text-white">
          Rester sur l’article
        </button>
        <button type="button" onClick={() => blocker.proceed?.()} className="rounded border-2 border-encre px-3 py-1 font-bold">
          Quitter sans enregistrer
        </button>
      </div>
    </dialog>
  );
}
