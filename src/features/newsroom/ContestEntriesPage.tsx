/**
 * A contest's entries (editors and admins): the counts, the entries oldest first, the CSV export, and the
 * one draw after the closing. The draw is shown with what audits it: its seed, the confirmed entries it
 * drew from (ids) and the winners in the order drawn; anyone can replay it (docs/features.md).
 */
import { frenchDateTime } from '../../lib/frenchDates.ts';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { type AdminContest, type ContestEntryList, newsroomContestEntries } from '../../api/queries/newsroomContests.ts';

const when = (iso: string) => frenchDateTime(iso);

export interface ContestEntriesLoaded {
  contest: PageData<AdminContest>;
  entries: PageData<ContestEntryList>;
}

export function ContestEntriesPage({ loaded }: { loaded: ContestEntriesLoaded }) {
  const [list, setList] = useState(loaded.entries.data);
  const [winners, setWinners] = useState('1');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const winnersId = useId();
  const contest = loaded.contest.data;
  const error = loaded.contest.error ?? loaded.entries.error;
  if (error || !contest || !list) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {error ?? 'Ces participations sont indisponibles.'}
      </p>
    );
  }

  async function draw(event: React.FormEvent) {
    event.preventDefault();
    if (!contest) return;
    setBusy(true);
    try {
      const done = await newsroomContestEntries.draw(contest.id, Number(winners));
      setList(await newsroomContestEntries.list(contest.id));
      setMessage({ text: `Tirage fait : ${done.winners.join(', ')}. Les gagnants sont prévenus par e-mail.`, error: false });
    } catch (failure) {
      setMessage({ text: (failure as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  }

  const closed = contest.state === 'closed';
  return (
    <section>
      <p className="text-sm">
        <Link to="/admin/concours/$id" params={{ id: String(contest.id) }} className="underline">
          ← {contest.title}
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold">Participations</h1>
      <p className="mt-1 text-lg" data-testid="entry-counts">
        {list.total} participation{list.total > 1 ? 's' : ''}, dont {list.confirmed} confirmée{list.confirmed > 1 ? 's' : ''}
      </p>
      <p className="mt-2">
        <a href={newsroomContestEntries.exportHref(contest.id)} download className="button-outline">
          Exporter en CSV
        </a>
      </p>

      <h2 className="mt-8 font-display text-2xl font-bold">Tirage au sort</h2>
      {list.draw ? (
        <div className="mt-2 grid gap-2" data-testid="contest-draw">
          <p>
            Tiré le {when(list.draw.drawnAt)}
            {list.draw.drawnByName ? ` par ${list.draw.drawnByName}` : ''} : <strong>{list.draw.winners.join(', ')}</strong>
          </p>
          <p className="text-sm">
            Données des participants effacées {list.draw.erasedAt ? `le ${when(list.draw.erasedAt)}` : `le ${when(list.draw.eraseAfter)}`}.
          </p>
          <details>
            <summary className="cursor-pointer font-bold">Vérifier le tirage</summary>
            <p className="mt-2 text-sm">
              Graine : <code className="break-all">{list.draw.seed}</code>
            </p>
            <p className="text-sm">Participations confirmées tirées au sort (identifiants) : {list.draw.poolIds.join(', ')}</p>
            <p className="text-sm">Gagnants dans l’ordre du tirage (identifiants) : {list.draw.winnerIds.join(', ')}</p>
          </details>
        </div>
      ) : closed ? (
        <form onSubmit={draw} className="mt-2 flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <label htmlFor={winnersId} className="text-sm font-bold">
              Nombre de gagnants
            </label>
            <input
              id={winnersId}
              type="number"
              min={1}
              max={100}
              value={winners}
              onChange={(e) => setWinners(e.target.value)}
              className="w-24 rounded border-2 border-encre px-2 py-1"
            />
          </div>
          <button type="submit" className="button-primary" disabled={busy || list.confirmed === 0}>
            Tirer au sort parmi les {list.confirmed} confirmées
          </button>
        </form>
      ) : (
        <p className="mt-2">Le tirage au sort sera possible après la clôture du concours.</p>
      )}
      <div role="status" aria-live="polite" className="mt-3 empty:hidden">
        {message ? <p className={message.error ? 'font-bold text-piment-dark' : 'font-bold'}>{message.text}</p> : null}
      </div>

      <h2 className="mt-8 font-display text-2xl font-bold">Liste</h2>
      {list.results.length === 0 ? (
        <p className="mt-2">Pas encore de participation.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">N°</th>
                <th scope="col">E-mail</th>
                <th scope="col">Nom</th>
                <th scope="col">Réponse</th>
                <th scope="col">Newsletter</th>
                <th scope="col">État</th>
                <th scope="col">Reçue le</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((entry) => (
                <tr key={entry.id} className="border-t border-encre/20">
                  <td>{entry.id}</td>
                  <td className="break-all">{entry.email}</td>
                  <td>
                    {entry.firstName} {entry.lastName}
                  </td>
                  <td>{entry.answer}</td>
                  <td>{entry.newsletter ? 'oui' : 'non'}</td>
                  <td>{entry.status === 'confirmed' ? 'Confirmée' : 'En attente'}</td>
                  <td>{when(entry.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
