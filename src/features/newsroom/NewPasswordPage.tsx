/**
 * The « Mot de passe oublié ? » link's page: the new password, typed twice. Once it is set, every session of
 * the account has ended and the person signs in with it; a spent or expired link says so and offers another.
 */
import { Link, useParams } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { NewsroomError, newsroom } from '../../api/queries/newsroom.ts';

const field = 'rounded border-2 border-encre px-3 py-2';

export function NewPasswordPage() {
  const { token } = useParams({ strict: false }) as { token?: string };
  const [error, setError] = useState<string | null>(null);
  const [linkSpent, setLinkSpent] = useState(false);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const errorId = useId();
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = String(data.get('newPassword') ?? '');
    if (next !== String(data.get('confirmPassword') ?? '')) {
      setError('Les deux saisies du nouveau mot de passe diffèrent.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await newsroom.confirmPasswordReset(token ?? '', next);
      setDone(true);
    } catch (caught) {
      const message = caught instanceof NewsroomError ? caught.message : 'Le mot de passe n’a pas été changé. Réessayez.';
      setError(message);
      setLinkSpent(message.startsWith('Ce lien'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-md">
      <h1 id={titleId} className="font-display text-3xl font-bold">
        Choisir un nouveau mot de passe
      </h1>
      {done ? (
        <>
          <p ref={doneRef} tabIndex={-1} role="status" className="mt-4 rounded border-2 border-encre bg-creme p-4 font-bold">
            Votre mot de passe est changé. Toutes les sessions ouvertes de votre compte ont été fermées : connectez-vous avec le nouveau.
          </p>
          <p className="mt-6">
            <Link to="/admin/connexion" className="rounded bg-encre px-4 py-2 font-bold text-white">
              Se connecter
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-3">12 caractères au moins. Une fois enregistré, toutes les sessions ouvertes de votre compte seront fermées.</p>
          <form onSubmit={submit} className="mt-4 grid gap-4" aria-describedby={error ? errorId : undefined}>
            <label className="grid gap-1">
              <span className="font-bold">Nouveau mot de passe</span>
              <input name="newPassword" type="password" autoComplete="new-password" required minLength={12} className={field} />
            </label>
            <label className="grid gap-1">
              <span className="font-bold">Confirmez le nouveau mot de passe</span>
              <input name="confirmPassword" type="password" autoComplete="new-password" required minLength={12} className={field} />
            </label>
            <p id={errorId} role="alert" className="font-bold text-piment-dark">
              {error ?? ''}
            </p>
            <button
              type="submit"
              disabled={busy || linkSpent}
              className="rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-60"
            >
              Enregistrer le nouveau mot de passe
            </button>
          </form>
          {linkSpent ? (
            <p className="mt-4">
              <Link to="/admin/mot-de-passe-oublie" className="underline underline-offset-4">
                Demander un nouveau lien
              </Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
