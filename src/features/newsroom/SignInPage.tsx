import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { newsroom, NewsroomError } from '../../api/queries/newsroom.ts';
import { ChooseOwnPassword } from './ChooseOwnPassword.tsx';
import { newsroomReturnPath } from './returnPath.ts';
import { useNewsroomSession } from './NewsroomShell.tsx';

export function SignInPage() {
  const { setSession } = useNewsroomSession();
  const navigate = useNavigate();
  // Where the person was going when the session check sent them here. Checked again here: a non-strict
  // useSearch may hand over the address's raw value, and a crafted one must never lead off the newsroom.
  const { retour } = useSearch({ strict: false }) as { retour?: unknown };
  const goOn = () => navigate({ href: newsroomReturnPath(retour) });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Signed in with a provisional password: kept in memory only, to replace it without typing it again. */
  const [provisional, setProvisional] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const password = String(form.get('password') ?? '');
      const session = await newsroom.signIn(String(form.get('email') ?? ''), password);
      setSession(session);
      if (session.staff.mustChangePassword) setProvisional(password);
      else await goOn();
    } catch (caught) {
      setError(caught instanceof NewsroomError ? caught.message : 'La connexion a échoué. Réessayez.');
    } finally {
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      const session = await newsroom.signInWithPasskey();
      setSession(session);
      if (session.staff.mustChangePassword) await navigate({ to: '/admin/mot-de-passe' });
      else await goOn();
    } catch (caught) {
      setError(
        caught instanceof NewsroomError ? caught.message : 'La clé d’accès n’a pas répondu : réessayez ou utilisez votre mot de passe.',
      );
    } finally {
      setBusy(false);
    }
  };

  if (provisional !== null) {
    return (
      <ChooseOwnPassword
        provisional={provisional}
        onDone={async () => {
          setProvisional(null);
          setSession(await newsroom.session());
          await goOn();
        }}
      />
    );
  }

  return (
    <section className="mx-auto max-w-md">
      <h1 className="font-display text-3xl font-bold">Connexion à la rédaction</h1>
      <button
        type="button"
        onClick={() => void withPasskey()}
        disabled={busy}
        className="mt-6 w-full rounded border-2 border-encre px-4 py-2 font-bold disabled:opacity-60"
      >
        Se connecter avec une clé d’accès
      </button>
      <p className="mt-4 text-center text-sm">ou avec votre mot de passe :</p>
      <form onSubmit={submit} className="mt-2 grid gap-4">
        <label className="grid gap-1">
          <span className="font-bold">Adresse e-mail</span>
          <input name="email" type="email" autoComplete="username" required className="rounded border-2 border-encre px-3 py-2" />
        </label>
        <label className="grid gap-1">
          <span className="font-bold">Mot de passe</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="rounded border-2 border-encre px-3 py-2"
          />
        </label>
        {error ? (
          <p role="alert" className="font-bold text-piment-dark">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className="rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-60">
          Se connecter
        </button>
      </form>
      <p className="mt-4">
        <Link to="/admin/mot-de-passe-oublie" className="underline underline-offset-4">
          Mot de passe oublié ?
        </Link>
      </p>
    </section>
  );
}
