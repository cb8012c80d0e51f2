/** '/admin/quizz': every quiz of the newsroom (the seed's included), filtered by state and title. */
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { appConfig } from '../../../../app.config.ts';
import { type AdminQuizSummary, newsroomQuizzes, type QuizStatus } from '../../../api/queries/newsroomQuizzes.ts';
import { statusLabels } from '../newsroomLabels.ts';

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' }) : '—';

export function QuizListPage() {
  const size = appConfig.newsroom.pageSize;
  const [filters, setFilters] = useState<{ q: string; status: QuizStatus | ''; offset: number }>({ q: '', status: '', offset: 0 });
  const [page, setPage] = useState<{ results: AdminQuizSummary[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    newsroomQuizzes
      .list({
        ...(filters.q ? { q: filters.q } : {}),
        ...(filters.status ? { status: filters.status } : {}),
        offset: filters.offset,
        limit: size,
      })
      .then((answer) => {
        if (!live) return;
        setPage(answer);
        setError(null);
      })
      .catch((caught: Error) => live && setError(caught.message));
    return () => {
      live = false;
    };
  }, [filters, size]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilters({ q: String(form.get('q') ?? ''), status: String(form.get('status') ?? '') as QuizStatus | '', offset: 0 });
  };

  const total = page?.total ?? 0;
  const to = Math.min(filters.offset + size, total);
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Quiz</h1>
        <Link to="/admin/quizz/$id" params={{ id: 'nouveau' }} className="rounded bg-encre px-4 py-2 font-bold text-white">
          Créer un quiz
        </Link>
      </div>
      <form onSubmit={apply} className="mt-6 grid gap-3 md:grid-cols-4" aria-label="Filtrer les quiz">
        <label className="grid gap-1 md:col-span-2">
          <span className="text-sm font-bold">Rechercher dans les titres</span>
          <input name="q" type="search" defaultValue={filters.q} className="rounded border-2 border-encre px-2 py-1" />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-bold">État</span>
          <select name="status" defaultValue={filters.status} className="rounded border-2 border-encre px-2 py-1">
            <option value="">Tous</option>
            {Object.entries(statusLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="self-end rounded border-2 border-encre px-3 py-1 font-bold">
          Filtrer
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      <p className="mt-4 text-sm" aria-live="polite">
        {page ? `${total} quiz — ${total === 0 ? 0 : filters.offset + 1} à ${to}` : 'Chargement…'}
      </p>
      <table className="mt-2 w-full border-collapse text-left">
        <thead>
          <tr className="border-b-2 border-encre">
            <th scope="col" className="py-2">
              Titre
            </th>
            <th scope="col">État</th>
            <th scope="col">Questions</th>
            <th scope="col">Résultats</th>
            <th scope="col">Modifié le</th>
          </tr>
        </thead>
        <tbody>
          {(page?.results ?? []).map((quiz) => (
            <tr key={quiz.id} className="border-b border-encre/20">
              <td className="py-2 pr-2">
                <Link to="/admin/quizz/$id" params={{ id: String(quiz.id) }} className="font-bold underline-offset-4 hover:underline">
                  {quiz.title}
                </Link>
              </td>
              <td>
                {statusLabels[quiz.status]}
                {quiz.status === 'scheduled' ? ` (${formatDate(quiz.scheduledAt)})` : ''}
              </td>
              <td>{quiz.questionCount}</td>
              <td>{quiz.resultCount}</td>
              <td>{formatDate(quiz.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav aria-label="Pages de la liste" className="mt-4 flex gap-3">
        <button
          type="button"
          disabled={filters.offset === 0}
          onClick={() => setFilters({ ...filters, offset: Math.max(0, filters.offset - size) })}
          className="rounded border-2 border-encre px-3 py-1 disabled:opacity-50"
        >
          Page précédente
        </button>
        <button
          type="button"
          disabled={to >= total}
          onClick={() => setFilters({ ...filters, offset: filters.offset + size })}
          className="rounded border-2 border-encre px-3 py-1 disabled:opacity-50"
        >
          Page suivante
        </button>
      </nav>
    </section>
  );
}
