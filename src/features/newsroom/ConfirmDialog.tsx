/**
 * Asking before what cannot be undone (deleting, sending a newsletter, ending a live item): one modal
 * dialog for the whole newsroom. A native <dialog> opened with showModal (focus kept inside, the page behind
 * inert), named by its heading and described by the consequence; the focus starts on the safe button, so
 * that a stray Enter cancels, and Escape cancels too. Rendered into <body>: the buttons that open it often
 * sit inside an editor's form, and forms do not nest.
 *
 * Two ways to use it: <ConfirmDialog> rendered while a question is open, or `useConfirm()`, whose
 * `confirm({…})` resolves to true only when the person chose the action.
 */
import type { ReactNode } from 'react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { editorActions } from './editorVocabulary.ts';

export interface ConfirmQuestion {
  /** The heading, a question naming the act: « Supprimer l’image « Plage » ? ». */
  title: string;
  /** The consequence, in words: what happens and that it cannot be undone. */
  consequence: ReactNode;
  /** The action's button: « Supprimer », « Envoyer à 12 408 abonnés ». */
  confirmLabel: string;
  /** The safe button; « Annuler » unless said otherwise. */
  cancelLabel?: string;
}

export function ConfirmDialog({
  title,
  consequence,
  confirmLabel,
  cancelLabel = editorActions.cancel,
  onConfirm,
  onCancel,
}: ConfirmQuestion & { onConfirm: () => void; onCancel: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const safe = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  // Whatever closes the dialog (Escape, the safe button, the page unmounting it) is a cancel, unless the action was chosen.
  const chosen = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    safe.current?.focus();
  }, []);

  const close = (confirmed: boolean) => {
    chosen.current = confirmed;
    dialog.current?.close();
  };

  return createPortal(
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={() => (chosen.current ? onConfirm() : onCancel())}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded border-2 border-encre bg-white p-4 text-encre backdrop:bg-encre/60"
    >
      <h2 id={titleId} className="font-display text-2xl font-bold">
        {title}
      </h2>
      <div id={textId} className="mt-2 grid gap-2">
        {typeof consequence === 'string' ? <p>{consequence}</p> : consequence}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button ref={safe} type="button" onClick={() => close(false)} className="rounded bg-encre px-3 py-1 font-bold text-white">
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={() => close(true)}
          className="rounded border-2 border-piment-dark px-3 py-1 font-bold text-piment-dark"
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>,
    document.body,
  );
}

/**
 * `const { confirm, dialog } = useConfirm()`: render `dialog` once, then `if (await confirm({…})) act()`.
 * One question at a time; asking again while one is open answers the first with false.
 */
export function useConfirm(): { confirm: (question: ConfirmQuestion) => Promise<boolean>; dialog: ReactNode } {
  const [open, setOpen] = useState<{ question: ConfirmQuestion; answer: (yes: boolean) => void } | null>(null);
  const pending = useRef<((yes: boolean) => void) | null>(null);

  const confirm = useCallback(
    (question: ConfirmQuestion) =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        const answer = (yes: boolean) => {
          if (pending.current !== answer) return;
          pending.current = null;
          setOpen(null);
          resolve(yes);
        };
        pending.current = answer;
        setOpen({ question, answer });
      }),
    [],
  );

  useEffect(() => () => pending.current?.(false), []);

  const dialog = open ? <ConfirmDialog {...open.question} onConfirm={() => open.answer(true)} onCancel={() => open.answer(false)} /> : null;
  return { confirm, dialog };
}
