import { frenchStamp } from '../../lib/frenchDates.ts';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { appConfig } from '../../../app.config.ts';
import type {
  AdminArticleSummary,
  AdminAuthor,
  AdminCategory,
  ArticleStatus,
  PageData,
  SourceDrafts,
  SourceSyncDetail,
} from '../../api/queries/newsroom.ts';
import { statusLabels } from './newsroomLabels.ts';
import { choicesOf, SelectField, slugChoices } from './SelectField.tsx';
import { TableHead } from './TableHead.tsx';

export interface Filters {
  q: string;
  status: ArticleStatus | '';
  category: string;
  author: string;
  offset: number;
}

const formatDate = (iso: string | null) => (iso ? frenchStamp(iso) : '—');

export interface ArticleListData {
  filters: Filters;
  page: PageData<{ results: AdminArticleSummary[]; total: number }>;
  categories: AdminCategory[];
  authors: AdminAuthor[];
  /** CONTENT_SOURCE=ghost|wordpress: where the copy stands; null or absent when the newsroom writes the articles. */
  sourceSync?: SourceSyncDetail | null;
}

/** The list as the route loaded it for the filters of the address; changing them is a navigation. */
export function ArticleListPage({ loaded, onFilters }: { loaded: ArticleListData; onFilters: (filters: Filters) => void }) {
  const { filters, categories, authors } = loaded;
  const { data: page, error } = loaded.page;
  const setFilters = onFilters;
  const size = appConfig.newsroom.pageSize;

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilters({
      q: String(form.get('q') ?? ''),
      status: String(form.get('status') ?? '') as Filters['status'],
      category: String(form.get('category') ?? ''),
      author: String(form.get('author') ?? ''),
      offset: 0,
    });
  };

  const total = page?.total ?? 0;
  const from = total === 0 ? 0 : filters.offset + 1;
  const to = Math.min(filters.offset + size, total);

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Articles</h1>
        <Link to="/admin/articles/$id" params={{ id: 'nouveau' }} className="rounded bg-encre px-4 py-2 font-bold text-white">
          Écrire un article
        </Link>
      </div>
      {loaded.sourceSync ? (
        <p
          role={loaded.sourceSync.failingSince ? 'alert' : 'status'}
          className={`mt-4 rounded border-2 px-3 py-2 ${loaded.sourceSync.failingSince ? 'border-piment-dark font-bold text-piment-dark' : 'border-encre/30'}`}
        >
          {loaded.sourceSync.message}
        </p>
      ) : null}
      {loaded.sourceSync ? <SourceDraftList label={loaded.sourceSync.label} /> : null}
      <form onSubmit={apply} className="mt-6 grid gap-3 md:grid-cols-5" aria-label="Filtrer les articles">
        <label className="grid gap-1 md:col-span-2">
          <span className="text-sm font-bold">Rechercher dans les titres</span>
          <input name="q" type="search" defaultValue={filters.q} className="rounded border-2 border-encre px-2 py-1" />
        </label>
        <SelectField label="État" name="status" defaultValue={filters.status} none="Tous" choices={choicesOf(statusLabels)} />
        <SelectField label="Rubrique" name="category" defaultValue={filters.category} none="Toutes" choices={slugChoices(categories)} />
        <SelectField label="Signature" name="author" defaultValue={filters.author} none="Toutes" choices={slugChoices(authors)} />
        <button type="submit" className="rounded border-2 border-encre px-3 py-1 font-bold md:col-start-5">
          Filtrer
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      <p className="mt-4 text-sm" aria-live="polite">
        {page ? `${total} article${total > 1 ? 's' : ''} — ${from} à ${to}` : 'Chargement…'}
      </p>
      <table className="mt-2 w-full border-collapse text-left">
        <TableHead columns={['Titre', 'État', 'Rubrique', 'Signature', 'Modifié le']} />
        <tbody>
          {(page?.results ?? []).map((article) => (
            <tr key={article.id} className="border-b border-encre/20">
              <td className="py-2 pr-2">
                <Link to="/admin/articles/$id" params={{ id: String(article.id) }} className="font-bold underline-offset-4 hover:underline">
                  {article.title}
                </Link>
                {article.source ? (
                  <span className="ml-2 text-sm">
                    <span className="rounded border border-encre px-1 font-bold">{article.source.label}</span>{' '}
                    <a href={article.source.editUrl} target="_blank" rel="noopener noreferrer" className="underline">
                      Modifier dans {article.source.label}
                    </a>
                  </span>
                ) : null}
              </td>
              <td>
                {statusLabels[article.status]}
                {article.status === 'scheduled' ? ` (${formatDate(article.scheduledAt)})` : ''}
              </td>
              <td>{article.categoryName}</td>
              <td>{article.authorName}</td>
              <td>{formatDate(article.updatedAt)}</td>
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

/**
 * The source's drafts with « Aperçu » links (issue 35). Read in the source only when asked: the list of articles
 * never waits for a source that is slow or down.
 */
function SourceDraftList({ label }: { label: string }) {
  const [state, setState] = useState<{ loading: boolean; data: SourceDrafts | null; error: string | null }>({
    loading: false,
    data: null,
    error: null,
  });
  const load = async () => {
    setState({ loading: true, data: null, error: null });
    try {
      const { newsroom } = await import('../../api/queries/newsroom.ts');
      setState({ loading: false, data: await newsroom.sourceDrafts(), error: null });
    } catch (error) {
      setState({ loading: false, data: null, error: (error as Error).message });
    }
  };
  const { data } = state;
  return (
    <section aria-labelledby="source-drafts-title" className="mt-4 rounded border-2 border-encre/30 px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="source-drafts-title" className="font-bold">
          Brouillons de {label}
        </h2>
        <button
          type="button"
          onClick={load}
          disabled={state.loading}
          className="rounded border-2 border-encre px-3 py-1 disabled:opacity-50"
        >
          {data ? 'Relire les brouillons' : 'Voir les brouillons et leurs aperçus'}
        </button>
      </div>
      {state.loading ? <p aria-live="polite">Lecture des brouillons…</p> : null}
      {state.error ? (
        <p role="alert" className="font-bold text-piment-dark">
          {state.error}
        </p>
      ) : null}
      {data && !data.enabled ? (
        <p role="status">
          Les aperçus demandent{' '}
          {label === 'Ghost'
            ? 'la clé Admin de Ghost (GHOST_ADMIN_API_KEY)'
            : 'le mot de passe d’application de WordPress (WORDPRESS_USER et WORDPRESS_APP_PASSWORD)'}
          .
        </p>
      ) : null}
      {data?.enabled && data.drafts.length === 0 ? <p role="status">Aucun brouillon dans {label}.</p> : null}
      {data?.enabled && data.drafts.length > 0 ? (
        <ul className="mt-2 grid gap-1" aria-label={`Brouillons de ${label}`}>
          {data.drafts.map((draft) => (
            <li key={draft.sourceId} className="flex flex-wrap gap-2">
              <span className="font-bold">{draft.title || '(sans titre)'}</span>
              <span className="text-sm">modifié le {formatDate(draft.updatedAt)}</span>
              <a href={draft.preview.url} target="_blank" rel="noopener" className="underline">
                Aperçu
              </a>
              <a href={draft.editUrl} target="_blank" rel="noopener noreferrer" className="underline">
                Modifier dans {label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
