import { frenchWhen } from '../../lib/frenchDates.ts';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { type NewsletterIssue, type NewsletterIssueList, NewsroomError, newsroom, type PageData } from '../../api/queries/newsroom.ts';
import {
  ArticlePicker,
  fieldClass,
  IssueWordsFields,
  issueWordsOf,
  type PickedArticle,
  primaryButtonClass,
} from './NewsletterIssueFields.tsx';
import { issueStatusLabels } from './newsroomLabels.ts';
import { TableHead } from './TableHead.tsx';
import { editorActions } from './editorVocabulary.ts';

/** « à 13 h 53 », « demain à 9 h », « le 1er déc. à 9 h »: the sentence says the day unless it is today. */
const when = (iso: string | null) => (iso ? frenchWhen(iso, new Date(), { short: true }) : '—');

const count = new Intl.NumberFormat('fr-FR');

/** The time that matters for an issue in its state: sent, started, or planned. */
function timeOf(issue: NewsletterIssue): string {
  if (issue.status === 'sent') return `Envoyé ${when(issue.sentAt)}`;
  if (issue.status === 'sending') return `Commencé ${when(issue.startedAt)}`;
  if (issue.status === 'scheduled') return `Prévu ${when(issue.scheduledAt)}`;
  return '—';
}

/**
 * The newsletter's issues (editors and admins): every state with its delivery counts, and composing a
 * new issue — its words, then either the N latest articles or articles picked by hand. A new issue is a
 * draft; `onCreated` opens it (preview, test, sending).
 */
export function NewsletterIssuesPage({ loaded, onCreated }: { loaded: PageData<NewsletterIssueList>; onCreated: (id: number) => void }) {
  const { data: list, error } = loaded;
  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Newsletter</h1>
      <p className="mt-1 max-w-3xl text-sm">
        Les numéros de la newsletter, du plus récent au plus ancien, avec où en est leur envoi. Un numéro envoyé paraît aussi sur le site,
        dans <a href="/lettres">les anciennes lettres</a>.
      </p>
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      {list ? (
        <>
          <IssueTable issues={list.results} total={list.total} />
          <ComposeForm onCreated={onCreated} />
        </>
      ) : null}
    </section>
  );
}

function IssueTable({ issues, total }: { issues: NewsletterIssue[]; total: number }) {
  if (issues.length === 0) return <p className="mt-4">Aucun numéro pour l’instant : composez le premier ci-dessous.</p>;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="mb-2 text-left">
          {total} numéro{total > 1 ? 's' : ''}
        </caption>
        <TableHead
          columns={[
            'Objet',
            'Newsletter',
            'État',
            'Date',
            { heading: 'Envoyés', figure: true },
            { heading: 'En attente', figure: true },
            { heading: 'Échecs', figure: true },
            { heading: 'Adresses refusées', figure: true },
            { heading: 'Désinscrits', figure: true },
          ]}
        />
        <tbody>
          {issues.map((issue) => (
            <tr key={issue.id} className="border-b border-encre/20">
              <th scope="row" className="py-2 pr-3 font-normal">
                <Link to="/admin/lettres/$id" params={{ id: String(issue.id) }} className="font-bold underline-offset-4 hover:underline">
                  {issue.subject}
                </Link>
              </th>
              <td className="pr-3">{issue.newsletterName}</td>
              <td className="pr-3">{issueStatusLabels[issue.status]}</td>
              <td className="pr-3">{timeOf(issue)}</td>
              <td className="pr-3 text-right tabular-nums">{count.format(issue.counts.sent)}</td>
              <td className="pr-3 text-right tabular-nums">{count.format(issue.counts.pending)}</td>
              <td className="pr-3 text-right tabular-nums">{count.format(issue.counts.failed)}</td>
              <td className="pr-3 text-right tabular-nums">{count.format(issue.counts.bounced)}</td>
              <td className="text-right tabular-nums">{count.format(issue.counts.unsubscribed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ComposeForm({ onCreated }: { onCreated: (id: number) => void }) {
  const headingId = useId();
  const [mode, setMode] = useState<'latest' | 'picked'>('latest');
  const [latest, setLatest] = useState('5');
  const [picked, setPicked] = useState<PickedArticle[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const words = issueWordsOf(event.currentTarget);
    const n = Number(latest);
    if (mode === 'picked' && picked.length === 0) return setProblem('Choisissez au moins un article.');
    if (mode === 'latest' && !(Number.isInteger(n) && n >= 1 && n <= 30)) return setProblem('Le nombre d’articles récents va de 1 à 30.');
    setBusy(true);
    setProblem(null);
    try {
      const issue = await newsroom.createNewsletterIssue({
        ...words,
        ...(mode === 'latest' ? { latest: n } : { articleIds: picked.map((article) => article.id) }),
      });
      onCreated(issue.id);
    } catch (caught) {
      setProblem(caught instanceof NewsroomError ? caught.message : 'Le numéro n’a pas pu être créé.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={create} aria-labelledby={headingId} className="mt-8 grid max-w-3xl gap-4 rounded border-2 border-encre p-4">
      <h2 id={headingId} className="font-display text-xl font-bold">
        Composer un numéro
      </h2>
      <IssueWordsFields />
      <fieldset className="grid gap-3 rounded border-2 border-encre/30 p-3">
        <legend className="px-1 font-bold">Articles</legend>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="articles"
              value="latest"
              checked={mode === 'latest'}
              onChange={() => setMode('latest')}
              className="h-4 w-4"
            />
            Les N articles les plus récents de la semaine
          </label>
          <label className="flex items-center gap-2">
            <span className="text-sm font-bold">N (nombre d’articles)</span>
            <input
              type="number"
              name="latest"
              min={1}
              max={30}
              value={latest}
              disabled={mode !== 'latest'}
              onChange={(event) => setLatest(event.target.value)}
              className={`${fieldClass} w-20`}
            />
          </label>
        </div>
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            name="articles"
            value="picked"
            checked={mode === 'picked'}
            onChange={() => setMode('picked')}
            className="h-4 w-4"
          />
          Choisir les articles un par un
        </label>
        {mode === 'picked' ? <ArticlePicker picked={picked} onChange={setPicked} /> : null}
      </fieldset>
      <div aria-live="polite" className="min-h-6">
        {problem ? (
          <p role="alert" className="font-bold text-piment-dark">
            {problem}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={busy} className={`${primaryButtonClass} justify-self-start`}>
        {editorActions.createDraft}
      </button>
    </form>
  );
}
