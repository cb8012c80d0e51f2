/**
 * "Aperçu" for any item of the editorial workflow: asks the server for a signed link to the reader's page
 * showing the item's saved working copy, opens it in a new tab and keeps the link on screen, with the time it
 * expires, so that it can be copied and sent (the link is the credential: whoever holds it sees the preview).
 */
import { useState } from 'react';
import { NewsroomError, type PreviewLink } from '../../api/queries/newsroom.ts';

const buttonClass = 'rounded border-2 border-encre px-3 py-1 font-bold';

/** The hour and minute a link expires, as the newsroom (in France) reads it. */
export function expiryTime(expiresAt: string): string {
  return new Date(expiresAt).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });
}

export function PreviewLinkButton({ makeLink }: { makeLink: () => Promise<PreviewLink> }) {
  const [link, setLink] = useState<PreviewLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await makeLink();
      setLink(made);
      window.open(made.url, '_blank', 'noopener');
    } catch (caught) {
      setLink(null);
      setError(caught instanceof NewsroomError ? caught.message : 'Le lien d’aperçu n’a pas pu être créé : réessayez.');
    } finally {
      setBusy(false);
    }
  };

  // The link as a reader's browser needs it whole (the server answers a path on this site).
  const address = link && typeof window !== 'undefined' ? new URL(link.url, window.location.origin).href : (link?.url ?? '');
  return (
    <div className="grid gap-2">
      <button type="button" disabled={busy} onClick={() => void open()} className={`${buttonClass} justify-self-start`}>
        Aperçu
      </button>
      <p className="text-sm">L’aperçu montre la dernière version enregistrée.</p>
      {/* The live region stays; the status inside it appears with the link (the editors' messages do the same). */}
      <div aria-live="polite" className="text-sm">
        {link ? (
          <p role="status">
            Aperçu ouvert dans un nouvel onglet. Lien valable jusqu’à {expiryTime(link.expiresAt)} :{' '}
            <a href={link.url} target="_blank" rel="noopener" className="break-all underline">
              {address}
            </a>
          </p>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
    </div>
  );
}
