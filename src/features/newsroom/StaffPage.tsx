import { frenchDate } from '../../lib/frenchDates.ts';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { NewsroomError, newsroom, type PageData, type StaffRole } from '../../api/queries/newsroom.ts';
import { roleLabels } from './newsroomLabels.ts';
import { choicesOf, SelectField } from './SelectField.tsx';
import { TableHead } from './TableHead.tsx';
import { useNewsroomSession } from './NewsroomShell.tsx';
import { editorActions } from './editorVocabulary.ts';

type Member = Awaited<ReturnType<typeof newsroom.staff>>[number];

/**
 * Accounts (admins): the list, disabling and re-enabling one, a provisional password for someone who lost
 * theirs (confirmed first, shown once), and a new account with its first password.
 */
export function StaffPage({ loaded }: { loaded: PageData<Member[]> }) {
  const { session } = useNewsroomSession();
  const [members, setMembers] = useState<Member[]>(loaded.data ?? []);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    loaded.error ? { text: loaded.error, error: true } : null,
  );
  const load = useCallback(async () => setMembers(await newsroom.staff()), []);
  /** The account whose password is about to be reset (asked to confirm), then the password to hand over. */
  const [confirming, setConfirming] = useState<Member | null>(null);
  const [handOver, setHandOver] = useState<{ name: string; password: string; sessionsClosed: number } | null>(null);
  const handOverHeading = useRef<HTMLHeadingElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (handOver) handOverHeading.current?.focus();
  }, [handOver]);

  const resetPassword = async (member: Member) => {
    try {
      const result = await newsroom.resetStaffPassword(member.id);
      setConfirming(null);
      setMessage(null);
      setHandOver({ name: member.name, password: result.provisionalPassword, sessionsClosed: result.sessionsClosed });
      await load();
    } catch (caught) {
      setConfirming(null);
      setMessage({ text: caught instanceof NewsroomError ? caught.message : 'Le mot de passe n’a pas été réinitialisé.', error: true });
    }
  };

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    try {
      await newsroom.createStaff({
        email: String(data.get('email') ?? ''),
        name: String(data.get('name') ?? ''),
        role: String(data.get('role') ?? 'contributor') as StaffRole,
        password: String(data.get('password') ?? ''),
      });
      form.reset();
      setMessage({ text: 'Compte créé.', error: false });
      await load();
    } catch (caught) {
      setMessage({ text: caught instanceof NewsroomError ? caught.message : 'Le compte n’a pas été créé.', error: true });
    }
  };

  const setActive = async (member: Member, active: boolean) => {
    try {
      await newsroom.setStaffActive(member.id, active);
      setMessage({
        text: active
          ? `Le compte de ${member.name} est réactivé.`
          : `Le compte de ${member.name} est désactivé ; ses sessions sont fermées.`,
        error: false,
      });
      await load();
    } catch (caught) {
      setMessage({ text: caught instanceof NewsroomError ? caught.message : 'Le compte n’a pas été modifié.', error: true });
    }
  };

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Comptes</h1>
      <div aria-live="polite" className="mt-3 min-h-6">
        {message ? <p className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{message.text}</p> : null}
      </div>
      {confirming ? (
        <section aria-labelledby="confirmer-reinitialisation" className="mt-2 rounded border-2 border-piment-dark p-4">
          <h2 id="confirmer-reinitialisation" className="font-display text-xl font-bold">
            Réinitialiser le mot de passe de {confirming.name} ?
          </h2>
          <p className="mt-2">
            Un mot de passe provisoire remplace le sien ; ses sessions ouvertes se ferment, et il devra choisir son propre mot de passe à sa
            prochaine connexion.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              ref={confirmButton}
              type="button"
              onClick={() => void resetPassword(confirming)}
              className="rounded bg-encre px-3 py-1 font-bold text-white"
            >
              Donner un mot de passe provisoire
            </button>
            <button type="button" onClick={() => setConfirming(null)} className="rounded border-2 border-encre px-3 py-1 font-bold">
              {editorActions.cancel}
            </button>
          </div>
        </section>
      ) : null}
      {handOver ? (
        <div className="mt-2 rounded border-2 border-encre bg-creme p-4">
          <h2 ref={handOverHeading} tabIndex={-1} className="font-display text-xl font-bold">
            Mot de passe provisoire de {handOver.name}
          </h2>
          <p className="mt-2">
            Transmettez-le-lui de vive voix ou par un canal sûr : il ne sera plus affiché.{' '}
            {handOver.sessionsClosed === 0
              ? 'Aucune session n’était ouverte.'
              : handOver.sessionsClosed === 1
                ? '1 session a été fermée.'
                : `${handOver.sessionsClosed} sessions ont été fermées.`}
          </p>
          <p className="mt-2">
            Mot de passe provisoire :{' '}
            <code data-testid="mot-de-passe-provisoire" className="select-all rounded bg-white px-2 py-1 font-mono text-lg">
              {handOver.password}
            </code>
          </p>
          <button
            type="button"
            onClick={() => setHandOver(null)}
            className="mt-3 rounded border-2 border-encre px-3 py-1 text-sm font-bold"
          >
            C’est transmis, masquer
          </button>
        </div>
      ) : null}
      <table className="mt-2 w-full border-collapse text-left">
        <TableHead columns={['Nom', 'Adresse e-mail', 'Rôle', 'État', { heading: 'Actions', hidden: true }]} />
        <tbody>
          {members.map((m) => (
            <tr key={m.id} className="border-b border-encre/20">
              <td className="py-1">{m.name}</td>
              <td>{m.email}</td>
              <td>{roleLabels[m.role]}</td>
              <td>
                {m.disabledAt ? `Désactivé le ${frenchDate(m.disabledAt)}` : 'Actif'}
                {m.mustChangePassword ? ' · mot de passe provisoire' : ''}
              </td>
              <td className="py-1 text-right">
                {m.id === session?.staff.id ? (
                  <span className="text-sm">Votre compte</span>
                ) : (
                  <span className="inline-flex flex-wrap justify-end gap-2">
                    <button
                      type="button"
                      onClick={() => {
                        setHandOver(null);
                        setConfirming(m);
                      }}
                      aria-label={`Réinitialiser le mot de passe de ${m.name}`}
                      className="rounded border-2 border-encre px-2 py-1 text-sm font-bold"
                    >
                      Réinitialiser le mot de passe
                    </button>
                    <button
                      type="button"
                      onClick={() => void setActive(m, m.disabledAt !== null)}
                      aria-label={`${m.disabledAt ? 'Réactiver' : 'Désactiver'} le compte de ${m.name}`}
                      className="rounded border-2 border-encre px-2 py-1 text-sm font-bold"
                    >
                      {m.disabledAt ? 'Réactiver' : 'Désactiver'}
                    </button>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form onSubmit={create} className="mt-8 grid gap-3 rounded border-2 border-encre p-4 md:grid-cols-2" aria-labelledby="nouveau-compte">
        <h2 id="nouveau-compte" className="font-display text-xl font-bold md:col-span-2">
          Nouveau compte
        </h2>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Nom</span>
          <input name="name" required maxLength={120} className="rounded border-2 border-encre px-2 py-1" />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Adresse e-mail</span>
          <input name="email" type="email" required autoComplete="off" className="rounded border-2 border-encre px-2 py-1" />
        </label>
        <SelectField label="Rôle" name="role" defaultValue="contributor" choices={choicesOf(roleLabels)} />
        <label className="grid gap-1">
          <span className="text-sm font-bold">Mot de passe provisoire (12 caractères au moins)</span>
          <input
            name="password"
            type="password"
            required
            minLength={12}
            autoComplete="new-password"
            className="rounded border-2 border-encre px-2 py-1"
          />
        </label>
        <button type="submit" className="rounded bg-encre px-4 py-2 font-bold text-white md:col-start-2">
          Créer le compte
        </button>
      </form>
    </section>
  );
}
