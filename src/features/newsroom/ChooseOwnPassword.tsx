/**
 * After an admin gave this account a provisional password: the person chooses their own before anything
 * else (the server refuses every other call until then). Right after a password sign-in the provisional
 * password is known and not asked again; after a reload or a passkey sign-in it is asked.
 */
import { type FormEvent, useId, useState } from 'react';
import { NewsroomError, newsroom } from '../../api/queries/newsroom.ts';

const field = 'rounded border-2 border-encre px-3 py-2';

export function ChooseOwnPassword({ provisional, onDone }: { provisional?: string; onDone: () => Promise<void> | void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const errorId = useId();

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
      await newsroom.changePassword(provisional ?? String(data.get('currentPassword') ?? ''), next);
      await onDone();
    } catch (caught) {
      setError(caught instanceof NewsroomError ? caught.message : 'Le mot de passe n’a pas été changé. Réessayez.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-md">
      <h1 id={titleId} className="font-display text-3xl font-bold">
        Choisissez votre mot de passe
      </h1>
      <p className="mt-3">
        Un administrateur vous a donné un mot de passe provisoire. Choisissez le vôtre (12 caractères au moins) pour accéder à la rédaction.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4" aria-describedby={error ? errorId : undefined}>
        {provisional === undefined ? (
          <label className="grid gap-1">
            <span className="font-bold">Mot de passe provisoire</span>
            <input name="currentPassword" type="password" autoComplete="current-password" required className={field} />
          </label>
        ) : null}
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
        <button type="submit" disabled={busy} className="rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-60">
          Enregistrer mon mot de passe
        </button>
      </form>
    </section>
  );
}
