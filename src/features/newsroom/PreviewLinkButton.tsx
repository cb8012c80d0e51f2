/**
 * « Créer un lien d’aperçu » for any item of the editorial workflow: the editor's machine saves what is on screen first, then
 * asks the server for a signed link to the reader's page showing the saved working copy; the link opens in a
 * new tab and stays on screen, with the time it expires, so that it can be copied and sent (the link is the
 * credential: whoever holds it sees the preview). A failure is said in the editor's message.
 */
import { useEffect } from 'react';
import type { PreviewLink } from '../../api/queries/newsroom.ts';
import { frenchUntil } from '../../lib/frenchDates.ts';
import { editorActions } from './editorVocabulary.ts';

const buttonClass = 'rounded border-2 border-encre px-3 py-1 font-bold';

export function PreviewLinkButton({ link, busy, onPreview }: { link: PreviewLink | null; busy: boolean; onPreview: () => void }) {
  // Each new link opens once, as it arrives.
  useEffect(() => {
    if (link) window.open(link.url, '_blank', 'noopener');
  }, [link]);

  // The link as a reader's browser needs it whole (the server answers a path on this site).
  const address = link && typeof window !== 'undefined' ? new URL(link.url, window.location.origin).href : (link?.url ?? '');
  return (
    <div className="grid gap-2">
      <button type="button" disabled={busy} onClick={onPreview} className={`${buttonClass} justify-self-start`}>
        {editorActions.preview}
      </button>
      <p className="text-sm">L’aperçu montre la dernière version enregistrée.</p>
      {/* The live region stays; the status inside it appears with the link (the editors' messages do the same). */}
      <div aria-live="polite" className="text-sm">
        {link ? (
          <p role="status">
            Aperçu ouvert dans un nouvel onglet. Lien valable {frenchUntil(link.expiresAt, new Date())} :{' '}
            <a href={link.url} target="_blank" rel="noopener" className="break-all underline">
              {address}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
