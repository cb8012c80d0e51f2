/**
 * The page behind a link sent by e-mail (confirm a signup, confirm leaving): it shows a button, and only
 * the button's POST does anything. Mail scanners and link previews open links with GET: they change
 * nothing. The server's answer says what happened (done, already done, expired, invalid).
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { TokenOutcome } from '../../api/types.ts';
import { useHydrated } from '../../lib/useHydrated.ts';

export interface LinkConfirmationProps {
  token: string;
  intro: string;
  buttonLabel: string;
  send: (token: string) => Promise<TokenOutcome>;
  /** Where to go next for an expired or invalid link. */
  retry: { to: '/inscription/{-$origin}' | '/desinscription/{-$origin}' | '/concours'; label: string };
}

type Phase = { kind: 'ready' } | { kind: 'sending' } | { kind: 'done'; outcome: TokenOutcome } | { kind: 'offline' };

const offlineMessage = "Le serveur n'a pas pu être joint : vérifiez votre connexion puis réessayez.";

export function LinkConfirmation({ token, intro, buttonLabel, send, retry }: LinkConfirmationProps) {
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });

  async function onClick() {
    setPhase({ kind: 'sending' });
    try {
      setPhase({ kind: 'done', outcome: await send(token) });
    } catch {
      setPhase({ kind: 'offline' });
    }
  }

  const outcome = phase.kind === 'done' ? phase.outcome : null;
  const failed = outcome && (outcome.status === 'expired' || outcome.status === 'invalid');
  return (
    <div className="mx-auto max-w-xl px-4 pb-12 text-center">
      {outcome ? null : (
        <>
          <p className="text-lg">{intro}</p>
          <button
            type="button"
            className="button-primary mt-8"
            onClick={onClick}
            disabled={!hydrated || phase.kind === 'sending'}
            aria-busy={phase.kind === 'sending'}
          >
            {buttonLabel}
          </button>
        </>
      )}
      <div role="status" aria-live="polite" className="mt-6 empty:hidden">
        {outcome ? (
          <p className="text-xl font-bold" data-outcome={outcome.status}>
            {outcome.message}
          </p>
        ) : null}
        {phase.kind === 'offline' ? <p className="font-bold">{offlineMessage}</p> : null}
      </div>
      {failed ? (
        <Link to={retry.to} params={{}} className="button-outline mt-6">
          {retry.label}
        </Link>
      ) : null}
      {outcome && !failed ? (
        <Link to="/" className="button-outline mt-6">
          Retour au magazine
        </Link>
      ) : null}
    </div>
  );
}
