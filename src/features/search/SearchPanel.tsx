/**
 * The full-screen search overlay (SPEC §2): a search bar, the category list, and result cards.
 * Focus stays inside while it is open; Escape closes it.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { fetchCategories } from '../../api/queries/site.ts';
import type { MenuCategory } from '../../api/types.ts';
import { ArticleCardView } from '../../components/ArticleCardView.tsx';
import { useOnlineStatus } from '../../lib/onlineStatus.ts';
import { SEARCH_OFFLINE } from './offlineNotice.ts';
import { initialSearchQuery } from './searchParam.ts';
import { useSearch } from './useSearch.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function SearchPanel({ onClose, categories }: { onClose: () => void; categories?: MenuCategory[] }) {
  const [state, send] = useSearch();
  const [query, setQuery] = useState('');
  const [categoryList, setCategoryList] = useState<MenuCategory[]>(categories ?? []);
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const statusId = useId();
  const online = useOnlineStatus();
  const failed = state.matches('failure');

  // Back online after a search failed for want of network: run it again. Only on the way back online:
  // a failure while online (the server erring) waits for Réessayer, rather than retrying in a loop.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current && failed) send({ type: 'search.retried' });
    wasOnline.current = online;
  }, [online, failed, send]);

  // A q of 3+ characters in the URL when the overlay opens runs at once.
  useEffect(() => {
    const initial = initialSearchQuery(window.location.search);
    if (initial) {
      setQuery(initial);
      send({ type: 'search.submitted', query: initial });
    }
    inputRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, [send]);

  useEffect(() => {
    if (categories) return;
    let cancelled = false;
    fetchCategories().then((results) => {
      if (!cancelled && results.length > 0) setCategoryList(results);
    });
    return () => {
      cancelled = true;
    };
  }, [categories]);

  function close() {
    send({ type: 'search.cleared' });
    onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const results = state.context.results;
  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-50 overflow-y-auto bg-creme text-encre"
    >
      <div className="mx-auto max-w-5xl px-4 py-6">
        <div className="flex items-center justify-between gap-4">
          <h2 id={titleId} className="font-display text-2xl font-bold">
            Rechercher
          </h2>
          <button
            type="button"
            onClick={close}
            className="rounded-full border border-encre/20 px-4 py-2 text-sm font-semibold hover:bg-encre hover:text-white focus-visible:outline-2 focus-visible:outline-piment"
          >
            Fermer
          </button>
        </div>
        <search className="mt-4">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'search.submitted', query });
            }}
          >
            <label htmlFor={`${titleId}-q`} className="sr-only">
              Rechercher un article
            </label>
            <input
              ref={inputRef}
              id={`${titleId}-q`}
              type="search"
              name="q"
              value={query}
              autoComplete="off"
              placeholder="Robe, maquillage, astro…"
              aria-describedby={statusId}
              onChange={(event) => {
                setQuery(event.target.value);
                send({ type: 'search.typed', query: event.target.value });
              }}
              className="w-full border-b-2 border-encre bg-transparent py-3 font-display text-3xl outline-none placeholder:text-encre/40 focus-visible:border-piment"
            />
          </form>
        </search>
        {categoryList.length > 0 ? (
          <nav aria-label="Catégories" className="mt-4">
            <ul className="flex flex-wrap gap-2">
              {categoryList.map((category) => (
                <li key={category.slug}>
                  <a
                    href={`/${category.slug}`}
                    className="inline-block rounded-full bg-white px-3 py-1 text-sm font-semibold shadow-sm hover:underline focus-visible:outline-2 focus-visible:outline-piment"
                  >
                    {category.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div id={statusId} role="status" aria-live="polite" className="mt-6">
          {!online ? <p className="search-offline font-semibold">{SEARCH_OFFLINE}</p> : null}
          {online && state.hasTag('busy') ? (
            <p className="flex items-center gap-3" data-testid="search-spinner">
              <span
                aria-hidden="true"
                className="inline-block h-5 w-5 animate-spin rounded-full border-2 border-piment border-t-transparent"
              />
              Recherche en cours…
            </p>
          ) : null}
          {state.matches('empty') ? <p className="text-lg font-semibold">Essayez autre chose !</p> : null}
          {online && failed ? (
            <p>
              La recherche n'a pas abouti.{' '}
              <button type="button" className="underline" onClick={() => send({ type: 'search.retried' })}>
                Réessayer
              </button>
            </p>
          ) : null}
          {state.matches('results') ? <p className="sr-only">{results.length} résultats</p> : null}
        </div>
        {state.matches('results') ? (
          <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Résultats de la recherche">
            {results.map((article) => (
              <li key={article.id} data-testid="search-result">
                <ArticleCardView article={article} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
