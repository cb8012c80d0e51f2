/** Wires searchMachine to the typed API client and to the page URL (q). */
import { useMachine } from '@xstate/react';
import { inspectRelay } from '../../lib/machineInspection.ts';
import { fromPromise } from 'xstate';
import { searchArticles } from '../../api/queries/articles.ts';
import { countAudienceEvent } from '../../lib/audience.ts';
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

/** The term the reader settled on (no new search for 2 s) is counted, with whether it found anything. */
let settled: ReturnType<typeof setTimeout> | undefined;

const fetchResults = fromPromise<ArticleCard[], { query: string }>(async ({ input, signal }) => {
  const results = await searchArticles(input.query, signal);
  clearTimeout(settled);
  settled = setTimeout(() => countAudienceEvent('search', input.query, results.length > 0 ? 1 : 0), 2000);
  return results;
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
    { inspect: inspectRelay },
  );
}
