/**
 * The debounced article search (SPEC §4): fewer than 3 characters clears results and removes q from
 * the URL; 3 or more starts a search after a 500 ms pause; a newer keystroke cancels the pending or
 * in-flight search; an empty answer is the 'try again' state.
 */
import { assign, fromPromise, setup } from 'xstate';
import { appConfig } from '../../../app.config.ts';
import type { ArticleCard } from '../../api/types.ts';

export interface SearchContext {
  query: string;
  results: ArticleCard[];
}

export type SearchEvent =
  | { type: 'search.typed'; query: string }
  /** Run now, without the pause: Enter, or a q already in the URL when the page loads. */
  | { type: 'search.submitted'; query: string }
  | { type: 'search.retried' }
  | { type: 'search.cleared' };

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: {
    // Replaced by the component (typed client) and by tests; the signal aborts a superseded request.
    fetchResults: fromPromise<ArticleCard[], { query: string }>(async () => {
      throw new Error('fetchResults is not provided');
    }),
  },
  guards: {
    isQueryLongEnough: ({ event }) => 'query' in event && event.query.trim().length >= appConfig.search.minQueryLength,
  },
  actions: {
    storeQuery: assign({ query: ({ event }) => ('query' in event ? event.query : '') }),
    clearResults: assign({ results: [] }),
    storeResults: assign({ results: (_, results: ArticleCard[]) => results }),
    // URL mirroring is the page's business: it provides these (the router), tests spy on them.
    mirrorQueryInUrl: (_, _params: { query: string }) => {},
    removeQueryFromUrl: () => {},
  },
  delays: {
    debounce: appConfig.search.debounceMs,
  },
}).createMachine({
  id: 'search',
  initial: 'idle',
  context: { query: '', results: [] },
  on: {
    'search.typed': [
      {
        guard: 'isQueryLongEnough',
        target: '.debouncing',
        reenter: true,
        actions: ['storeQuery', { type: 'mirrorQueryInUrl', params: ({ event }) => ({ query: event.query }) }],
      },
      { target: '.idle', actions: ['storeQuery', 'clearResults', 'removeQueryFromUrl'] },
    ],
    'search.submitted': [
      {
        guard: 'isQueryLongEnough',
        target: '.loading',
        reenter: true,
        actions: ['storeQuery', { type: 'mirrorQueryInUrl', params: ({ event }) => ({ query: event.query }) }],
      },
      { target: '.idle', actions: ['storeQuery', 'clearResults', 'removeQueryFromUrl'] },
    ],
    'search.cleared': { target: '.idle', actions: ['storeQuery', 'clearResults', 'removeQueryFromUrl'] },
  },
  states: {
    idle: {},
    debouncing: {
      after: { debounce: 'loading' },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchResults',
        src: 'fetchResults',
        input: ({ context }) => ({ query: context.query.trim() }),
        onDone: [
          {
            guard: ({ event }) => event.output.length === 0,
            target: 'empty',
            actions: 'clearResults',
          },
          { target: 'results', actions: { type: 'storeResults', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failure', actions: 'clearResults' },
      },
    },
    results: {},
    /** SPEC: 'Essayez autre chose !' */
    empty: {},
    failure: {
      on: { 'search.retried': 'loading' },
    },
  },
});
