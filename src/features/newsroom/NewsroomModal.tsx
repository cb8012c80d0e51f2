/**
 * The newsroom's modal windows (the body-image dialog, the image pickers): a native <dialog> opened with
 * showModal, so that the browser keeps the focus inside, closes it with Escape and makes the page behind
 * inert. Rendered into <body> (a portal): these windows are opened from fields inside an editor's form, and
 * forms do not nest. The caller closes it through `dialogRef`; `onClose` hears every way of closing.
 */
import type { ReactNode, RefObject } from 'react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';

export function NewsroomModal({
  dialogRef,
  titleId,
  onClose,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The id of the heading that names the window. */
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    const element = dialogRef.current;
    if (element && !element.open) element.showModal();
  }, [dialogRef]);

  return createPortal(
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[min(44rem,calc(100vw-2rem))] overflow-y-auto rounded border-2 border-encre bg-white p-0 text-encre backdrop:bg-encre/60"
    >
      {children}
    </dialog>,
    document.body,
  );
}
