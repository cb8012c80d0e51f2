/** Wires searchMachine to the typed API client and to the page URL (q). */
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { appConfig } from '../../../app.config.ts';
import { api } from '../../api/client.ts';
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

const fetchResults = fromPromise<ArticleCard[], { query: string }>(async ({ input, signal }) => {
  const { data, error } = await api().GET('/api/search', {
    params: { query: { q: input.query, l: appConfig.search.defaultLimit } },
    signal,
  });
  if (error || !data) throw new Error(error?.message ?? 'La recherche a échoué.');
  return data.results;
});

export function useSearch() {
  return useMachine(
    searchMachine.provide({
      actors: { fetchResults },
      actions: {
        mirrorQueryInUrl: (_, params: { query: string }) => replaceQueryParam(params.query.trim()),
        removeQueryFromUrl: () => replaceQueryParam(null),
      },
    }),
  );
}
