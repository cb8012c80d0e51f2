import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { appConfig } from '../../../app.config.ts';
import type { ArticleCard } from '../../api/types.ts';
import { type SearchEvent, searchMachine } from './searchMachine.ts';

const card = (id: number): ArticleCard => ({
  id,
  url: `article-${id}`,
  title: `Article ${id}`,
  subtitle: 'Sous-titre',
  mainImage: { url: `/media/svg/article/a-${id}.svg`, alt: 'Illustration', width: 1200, height: 800 },
  stamp: null,
  fullUrl: `/mode/article-${id}`,
  categorySlug: 'mode',
  categoryName: 'Mode',
  publishedAt: '2026-11-01T08:00:00.000Z',
  readingMinutes: 4,
});

function start(answer: (query: string, signal: AbortSignal) => Promise<ArticleCard[]>) {
  const calls: string[] = [];
  const signals: AbortSignal[] = [];
  const mirrored: string[] = [];
  let removed = 0;
  const actor = createActor(
    searchMachine.provide({
      actors: {
        fetchResults: fromPromise<ArticleCard[], { query: string }>(({ input, signal }) => {
          calls.push(input.query);
          signals.push(signal);
          return answer(input.query, signal);
        }),
      },
      actions: {
        mirrorQueryInUrl: (_, params: { query: string }) => {
          mirrored.push(params.query);
        },
        removeQueryFromUrl: () => {
          removed++;
        },
      },
    }),
  ).start();
  return { actor, calls, signals, mirrored, removed: () => removed };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('searchMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends nothing for fewer than 3 characters, clears results and removes q from the URL', async () => {
    const { actor, calls, removed } = start(async () => [card(1)]);
    actor.send({ type: 'search.typed', query: 'ro' });
    await vi.advanceTimersByTimeAsync(appConfig.search.debounceMs * 3);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(removed()).toBe(1);
  });

  it('counts characters after trimming', async () => {
    const { actor, calls } = start(async () => [card(1)]);
    actor.send({ type: 'search.typed', query: '  ro ' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([]);
  });

  it('searches once, 500 ms after the last keystroke, and mirrors q in the URL', async () => {
    const { actor, calls, mirrored } = start(async () => [card(1), card(2)]);
    actor.send({ type: 'search.typed', query: 'rob' });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'search.typed', query: 'robe' });
    await vi.advanceTimersByTimeAsync(appConfig.search.debounceMs - 1);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('debouncing');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['robe']);
    await flush();
    expect(actor.getSnapshot().value).toBe('results');
    expect(actor.getSnapshot().context.results.map((r) => r.id)).toEqual([1, 2]);
    expect(mirrored).toEqual(['rob', 'robe']);
  });

  it('a newer keystroke cancels the in-flight search; only the last answer is kept', async () => {
    const { actor, calls, signals } = start(
      (query) => new Promise((resolve) => setTimeout(() => resolve(query === 'robe' ? [card(1)] : [card(2)]), 1000)),
    );
    actor.send({ type: 'search.typed', query: 'robe' });
    await vi.advanceTimersByTimeAsync(appConfig.search.debounceMs);
    expect(calls).toEqual(['robe']);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'search.typed', query: 'robes' });
    expect(signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(appConfig.search.debounceMs + 1000);
    expect(calls).toEqual(['robe', 'robes']);
    expect(actor.getSnapshot().context.results.map((r) => r.id)).toEqual([2]);
  });

  it("an empty answer is the 'try again' state", async () => {
    const { actor } = start(async () => []);
    actor.send({ type: 'search.typed', query: 'xyzzy' });
    await vi.advanceTimersByTimeAsync(appConfig.search.debounceMs);
    await flush();
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('a failure can be retried', async () => {
    let fail = true;
    const { actor, calls } = start(async () => {
      if (fail) throw new Error('réseau');
      return [card(3)];
    });
    actor.send({ type: 'search.typed', query: 'robe' });
    await vi.advanceTimersByTimeAsync(appConfig.search.debounceMs);
    await flush();
    expect(actor.getSnapshot().value).toBe('failure');
    fail = false;
    actor.send({ type: 'search.retried' });
    await flush();
    expect(actor.getSnapshot().value).toBe('results');
    expect(calls).toEqual(['robe', 'robe']);
  });

  it('a submitted query (q in the URL on load, or Enter) runs at once', async () => {
    const { actor, calls } = start(async () => [card(1)]);
    actor.send({ type: 'search.submitted', query: 'robe' });
    expect(calls).toEqual(['robe']);
    await flush();
    expect(actor.getSnapshot().value).toBe('results');
  });

  it('going back under 3 characters after results clears them', async () => {
    const { actor, removed } = start(async () => [card(1)]);
    actor.send({ type: 'search.submitted', query: 'robe' });
    await flush();
    actor.send({ type: 'search.typed', query: 'ro' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.results).toEqual([]);
    expect(removed()).toBe(1);
  });

  it('every state is reachable (xstate/graph shortest paths)', () => {
    const events: SearchEvent[] = [
      { type: 'search.typed', query: 'ro' },
      { type: 'search.typed', query: 'robe' },
      { type: 'search.submitted', query: 'robe' },
      { type: 'search.retried' },
      { type: 'search.cleared' },
    ];
    // Delays and the invoked actor are modelled as the events XState itself raises for them.
    const internal = [
      { type: 'xstate.after.debounce.search.debouncing' },
      { type: 'xstate.done.actor.fetchResults', output: [card(1)] },
      { type: 'xstate.done.actor.fetchResults', output: [] },
      { type: 'xstate.error.actor.fetchResults', error: new Error('réseau') },
    ] as unknown as SearchEvent[];
    const paths = getShortestPaths(searchMachine, {
      events: [...events, ...internal],
      serializeState: (state) => JSON.stringify(state.value),
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['idle', 'debouncing', 'loading', 'results', 'empty', 'failure']) {
      expect(reached, state).toContain(JSON.stringify(state));
    }
  });
});
