/** Wires searchMachine to the typed API client and to the page URL (q). */
import { useMachine } from '@xstate/react';
import { inspectRelay } from '../../lib/machineInspection.ts';
import { fromPromise } from 'xstate';
import { searchArticles } from '../../api/queries/articles.ts';
import type { ArticleCard } from '../../api/types.ts';
import { searchMachine } from './searchMachine.ts';
import { SEARCH_PARAM } from './searchParam.ts';

function replaceQueryParam(value: string | null) {
  const url = new URL(window.location.href);
  if (value === null) url.searchParams.delete(SEARCH_PARAM);
  else url.searchParams.set(SEARCH_PARAM, value);
  // replaceState keeps the router's own history state: typing must not pile up history entries.
  window.history.replaceState(window.history.state, '', url);
}

const fetchResults = fromPromise<ArticleCard[], { query: string }>(({ input, signal }) => searchArticles(input.query, signal));

export function useSearch() {
  return useMachine(
    searchMachine.provide({
      actors: { fetchResults },
      actions: {
        mirrorQueryInUrl: (_, params: { query: string }) => replaceQueryParam(params.query.trim()),
        removeQueryFromUrl: () => replaceQueryParam(null),
      },
    }),
    { inspect: inspectRelay },
  );
}
