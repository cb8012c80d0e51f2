import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { newsroom, NewsroomError } from './newsroomClient.ts';

type Passkey = Awaited<ReturnType<typeof newsroom.passkeys>>[number];

/** The signed-in person's passkeys: list, add one (WebAuthn registration in this browser). */
export function AccountPage() {
  const [passkeys, setPasskeys] = useState<Passkey[]>([]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const load = useCallback(async () => setPasskeys(await newsroom.passkeys()), []);
  useEffect(() => {
    void load();
  }, [load]);

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

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Mon compte</h1>
      <h2 className="mt-6 font-display text-2xl font-bold">Clés d’accès</h2>
      <div aria-live="polite" className="mt-2 min-h-6">
        {message ? <p className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{message.text}</p> : null}
      </div>
      {passkeys.length === 0 ? <p>Aucune clé d’accès : vous vous connectez avec votre mot de passe.</p> : null}
      <ul className="mt-2 grid gap-2">
        {passkeys.map((p) => (
          <li key={p.id} className="rounded border border-encre/30 p-2">
            <strong>{p.name}</strong> — ajoutée le {new Date(p.createdAt).toLocaleDateString('fr-FR')}
            {p.lastUsedAt ? `, utilisée le ${new Date(p.lastUsedAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}` : ''}
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
    </section>
  );
}
