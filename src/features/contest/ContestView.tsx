/**
 * A contest's page body (its '/concours/{url}' page and its preview): status, prize, dates and rules; while
 * it runs, the entry form (its code loaded only then, apart from the reader bundle); once drawn, the winners.
 */
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import type { FormatContest } from '../../api/types.ts';
import { ContentImage } from '../../components/ContentImage.tsx';
import { contestStatusLabel } from '../../components/contestStatus.ts';
import { formatDate } from '../../components/formatDate.ts';
import { contestEntryForm } from './contestEntryFormChunk.ts';

// Rendered by the server in the same pass once its loader has loaded it (contestEntryFormChunk.ts).
const ContestEntryForm = contestEntryForm.Component;

export function ContestView({ contest }: { contest: FormatContest }) {
  return (
    <article className="contest-page mx-auto max-w-3xl px-4 pt-10">
      <p className="kicker text-piment-dark">
        <Link to="/concours" className="hover:underline">
          Concours
        </Link>
        <span aria-hidden="true"> · </span>
        <span className="status-badge" data-status={contest.status}>
          {contestStatusLabel[contest.status]}
        </span>
      </p>
      <h1 className="mt-4 font-display text-4xl font-black leading-tight text-balance md:text-5xl">{contest.title}</h1>
      {contest.status === 'closed' && (
        // Said in words, not only by the badge: a reader arriving from a shared link must not try to take part.
        <p className="contest-closed mt-4 rounded-xl bg-encre/5 px-4 py-3 font-bold text-encre">Ce concours est terminé.</p>
      )}
      <p className="mt-4 text-xl text-encre/85">{contest.description}</p>
      <ContentImage
        image={contest.image}
        sizes="(min-width: 768px) 768px, 100vw"
        eager
        priority
        className="mt-8 aspect-[3/2] h-auto w-full rounded-2xl bg-piment-light object-cover"
      />
      <dl className="mt-8 grid gap-4 rounded-2xl bg-white p-6 shadow-sm md:grid-cols-3">
        <div>
          <dt className="text-sm font-bold uppercase tracking-wider text-encre/75">À gagner</dt>
          <dd className="mt-1 font-display text-lg font-bold">{contest.prize}</dd>
        </div>
        <div>
          <dt className="text-sm font-bold uppercase tracking-wider text-encre/75">Début</dt>
          <dd className="mt-1">{formatDate(contest.startsAt)}</dd>
        </div>
        <div>
          <dt className="text-sm font-bold uppercase tracking-wider text-encre/75">Fin</dt>
          <dd className="mt-1">{formatDate(contest.endsAt)}</dd>
        </div>
      </dl>
      {contest.rules.length > 0 ? (
        <section aria-labelledby="contest-rules" className="prose-piquante mt-10">
          <h2 id="contest-rules">Le règlement</h2>
          <ol>
            {contest.rules.map((rule, index) => (
              // Two articles of an editor's rules may read the same: the place keeps the key unique (a static list).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={`${index}:${rule}`}>{rule}</li>
            ))}
          </ol>
        </section>
      ) : null}
      {contest.status === 'open' ? (
        <Suspense fallback={null}>
          <ContestEntryForm contest={contest} />
        </Suspense>
      ) : null}
      {contest.status === 'closed' && contest.winners.length > 0 ? (
        <section aria-labelledby="contest-winners" className="mt-10 rounded-2xl bg-white p-6 shadow-sm">
          <h2 id="contest-winners" className="font-display text-2xl font-bold">
            {contest.winners.length > 1 ? 'Les gagnants' : 'Le gagnant'}
          </h2>
          <ul className="mt-2 list-disc pl-6">
            {contest.winners.map((winner, index) => (
              // Two winners may share a first name and an initial: the place keeps the key unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={`${index}:${winner}`}>{winner}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
