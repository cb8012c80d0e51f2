/**
 * « Mot de passe oublié ? »: one address, and the server's one answer whatever it is (it never says whether
 * the address is an account's). The answer takes the focus, so that a screen reader reads it.
 */
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { NewsroomError, newsroom } from '../../api/queries/newsroom.ts';

export function ForgottenPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const errorId = useId();
  const answer = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) answer.current?.focus();
  }, [sent]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setBusy(true);
    setError(null);
    try {
      setSent(await newsroom.requestPasswordReset(email));
    } catch (caught) {
      setError(caught instanceof NewsroomError ? caught.message : 'La demande n’a pas abouti. Réessayez dans un instant.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-md">
      <h1 id={titleId} className="font-display text-3xl font-bold">
        Mot de passe oublié
      </h1>
      {sent ? (
        <p ref={answer} tabIndex={-1} role="status" className="mt-4 rounded border-2 border-encre bg-creme p-4 font-bold">
          {sent}
        </p>
      ) : (
        <>
          <p className="mt-3">
            Indiquez l’adresse e-mail de votre compte de la rédaction : vous recevrez un lien pour choisir un nouveau mot de passe, valable
            30 minutes et utilisable une seule fois.
          </p>
          <form onSubmit={submit} className="mt-4 grid gap-4" aria-describedby={error ? errorId : undefined}>
            <label className="grid gap-1">
              <span className="font-bold">Adresse e-mail</span>
              <input name="email" type="email" autoComplete="username" required className="rounded border-2 border-encre px-3 py-2" />
            </label>
            <p id={errorId} role="alert" className="font-bold text-piment-dark">
              {error ?? ''}
            </p>
            <button type="submit" disabled={busy} className="rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-60">
              Recevoir un lien
            </button>
          </form>
        </>
      )}
      <p className="mt-6">
        <Link to="/admin/connexion" className="underline underline-offset-4">
          Retour à la connexion
        </Link>
      </p>
    </section>
  );
}
