/**
 * '/admin/quizz': every quiz of the newsroom (the seed's included), the format's list (FormatListPage) with
 * a filter by state and title and pages; the filters live in the address and the route's loader reads them.
 */
import type { FormEvent } from 'react';
import type { PageData } from '../../../api/queries/newsroom.ts';
import type { AdminQuizSummary } from '../../../api/queries/newsroomQuizzes.ts';
import { quizDeclaration } from '../../../formats/quizFormat.ts';
import { FormatListPage } from '../FormatListPage.tsx';
import { statusLabels } from '../newsroomLabels.ts';
import { choicesOf, SelectField } from '../SelectField.tsx';
import { type QuizListSearch, quizListSearch } from '../../../lib/quizListSearch.ts';

export interface QuizListProps {
  loaded: PageData<{ results: AdminQuizSummary[]; total: number }>;
  search: QuizListSearch;
  size: number;
  onSearch: (next: QuizListSearch) => void;
}

export function QuizListPage({ loaded, search, size, onSearch }: QuizListProps) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSearch(quizListSearch({ q: form.get('q'), etat: form.get('status') }));
  };
  const offset = search.debut ?? 0;
  const total = loaded.data?.total ?? 0;
  const to = Math.min(offset + size, total);
  const goTo = (debut: number) => onSearch({ ...search, ...(debut > 0 ? { debut } : { debut: undefined }) });
  return (
    <FormatListPage
      format={quizDeclaration}
      loaded={loaded}
      newLabel="Créer un quiz"
      footer={
        <nav aria-label="Pages de la liste" className="mt-4 flex gap-3">
          <button
            type="button"
            disabled={offset === 0}
            onClick={() => goTo(Math.max(0, offset - size))}
            className="rounded border-2 border-encre px-3 py-1 disabled:opacity-50"
          >
            Page précédente
          </button>
          <button
            type="button"
            disabled={to >= total}
            onClick={() => goTo(offset + size)}
            className="rounded border-2 border-encre px-3 py-1 disabled:opacity-50"
          >
            Page suivante
          </button>
        </nav>
      }
    >
      {/* Keyed by the search: a back button shows the fields of the page it returns to. */}
      <form key={JSON.stringify(search)} onSubmit={apply} className="mt-6 grid gap-3 md:grid-cols-4" aria-label="Filtrer les quiz">
        <label className="grid gap-1 md:col-span-2">
          <span className="text-sm font-bold">Rechercher dans les titres</span>
          <input name="q" type="search" defaultValue={search.q ?? ''} className="rounded border-2 border-encre px-2 py-1" />
        </label>
        <SelectField label="État" name="status" defaultValue={search.etat ?? ''} none="Tous" choices={choicesOf(statusLabels)} />
        <button type="submit" className="self-end rounded border-2 border-encre px-3 py-1 font-bold">
          Filtrer
        </button>
      </form>
      <p className="mt-4 text-sm" aria-live="polite">
        {loaded.data ? `${total} quiz — ${total === 0 ? 0 : offset + 1} à ${to}` : null}
      </p>
    </FormatListPage>
  );
}
