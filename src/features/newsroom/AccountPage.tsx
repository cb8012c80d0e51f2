import { frenchDate, frenchWhen } from '../../lib/frenchDates.ts';
import { type FormEvent, useCallback, useState } from 'react';
import { NewsroomError, newsroom, type PageData } from '../../api/queries/newsroom.ts';
import { useConfirm } from './ConfirmDialog.tsx';
import { editorActions } from './editorVocabulary.ts';

type Passkey = Awaited<ReturnType<typeof newsroom.passkeys>>[number];

/** The signed-in person's account: passkeys (list, add one in this browser, remove one) and password. */
export function AccountPage({ loaded }: { loaded: PageData<Passkey[]> }) {
  const [passkeys, setPasskeys] = useState<Passkey[]>(loaded.data ?? []);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    loaded.error ? { text: loaded.error, error: true } : null,
  );
  const load = useCallback(async () => setPasskeys(await newsroom.passkeys()), []);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    try {
      await newsroom.addPasskey(name);
      setMessage({ text: 'Clé d’accès enregistrée.', error: false });
      await load();
    } catch (caught) {
      setMessage({ text: caught instanceof NewsroomError ? caught.message : 'La clé d’accès n’a pas été créée.', error: true });
    }
  };

  const { confirm, dialog } = useConfirm();
  const remove = async (passkey: Passkey) => {
    const yes = await confirm({
      title: `Supprimer la clé d’accès « ${passkey.name} » ?`,
      consequence: 'Elle ne permettra plus de vous connecter ; pour la retrouver, il faudra en créer une nouvelle sur cet appareil.',
      confirmLabel: 'Supprimer la clé',
    });
    if (!yes) return;
    try {
      await newsroom.removePasskey(passkey.id);
      setMessage({ text: `Clé d’accès « ${passkey.name} » supprimée.`, error: false });
      await load();
    } catch (caught) {
      setMessage({ text: caught instanceof NewsroomError ? caught.message : 'La clé d’accès n’a pas été supprimée.', error: true });
    }
  };

  const [passwordMessage, setPasswordMessage] = useState<{ text: string; error: boolean } | null>(null);
  const changePassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const next = String(data.get('newPassword') ?? '');
    if (next !== String(data.get('confirmPassword') ?? '')) {
      setPasswordMessage({ text: 'Les deux saisies du nouveau mot de passe diffèrent.', error: true });
      return;
    }
    try {
      const { otherSessionsClosed } = await newsroom.changePassword(String(data.get('currentPassword') ?? ''), next);
      form.reset();
      const others =
        otherSessionsClosed === 0
          ? 'aucune autre session n’était ouverte'
          : otherSessionsClosed === 1
            ? '1 autre session a été fermée'
            : `${otherSessionsClosed} autres sessions ont été fermées`;
      setPasswordMessage({ text: `Mot de passe changé ; ${others}.`, error: false });
    } catch (caught) {
      setPasswordMessage({ text: caught instanceof NewsroomError ? caught.message : 'Le mot de passe n’a pas été changé.', error: true });
    }
  };

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Mon compte</h1>
      {dialog}
      <h2 className="mt-6 font-display text-2xl font-bold">Clés d’accès</h2>
      <div aria-live="polite" className="mt-2 min-h-6">
        {message ? <p className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{message.text}</p> : null}
      </div>
      {passkeys.length === 0 ? <p>Aucune clé d’accès : vous vous connectez avec votre mot de passe.</p> : null}
      <ul className="mt-2 grid gap-2">
        {passkeys.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-3 rounded border border-encre/30 p-2">
            <span>
              <strong>{p.name}</strong> — ajoutée le {frenchDate(p.createdAt)}
              {p.lastUsedAt ? `, utilisée ${frenchWhen(p.lastUsedAt, new Date())}` : ', jamais utilisée'}
            </span>
            <button
              type="button"
              onClick={() => void remove(p)}
              aria-label={`Supprimer la clé d’accès « ${p.name} »`}
              className="ml-auto rounded border-2 border-encre px-2 py-1 text-sm font-bold"
            >
              {editorActions.delete}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} className="mt-4 flex flex-wrap items-end gap-3">
        <label className="grid gap-1">
          <span className="text-sm font-bold">Nom de la clé</span>
          <input name="name" defaultValue="Mon ordinateur" maxLength={80} className="rounded border-2 border-encre px-2 py-1" />
        </label>
        <button type="submit" className="rounded bg-encre px-4 py-2 font-bold text-white">
          Ajouter une clé d’accès
        </button>
      </form>
      <h2 className="mt-10 font-display text-2xl font-bold">Mot de passe</h2>
      <div aria-live="polite" className="mt-2 min-h-6">
        {passwordMessage ? (
          <p className={passwordMessage.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{passwordMessage.text}</p>
        ) : null}
      </div>
      <form onSubmit={changePassword} className="mt-2 grid max-w-md gap-3">
        <label className="grid gap-1">
          <span className="text-sm font-bold">Mot de passe actuel</span>
          <input
            name="currentPassword"
            type="password"
            required
            autoComplete="current-password"
            className="rounded border-2 border-encre px-2 py-1"
          />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Nouveau mot de passe (12 caractères au moins)</span>
          <input
            name="newPassword"
            type="password"
            required
            minLength={12}
            maxLength={1024}
            autoComplete="new-password"
            className="rounded border-2 border-encre px-2 py-1"
          />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Nouveau mot de passe, une seconde fois</span>
          <input
            name="confirmPassword"
            type="password"
            required
            minLength={12}
            maxLength={1024}
            autoComplete="new-password"
            className="rounded border-2 border-encre px-2 py-1"
          />
        </label>
        <p className="text-sm">Vos autres sessions (autres navigateurs, autres appareils) seront fermées.</p>
        <button type="submit" className="justify-self-start rounded bg-encre px-4 py-2 font-bold text-white">
          Changer le mot de passe
        </button>
      </form>
    </section>
  );
}
