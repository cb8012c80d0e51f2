/**
 * searchMachine: examples on real promises and fake timers first; then model-based, where the machine
 * runs for real (a real actor, a simulated clock, a request actor per search that the test answers when it
 * chooses) while xstate/graph explores everything a visitor and the server can do: short, padded and long
 * queries, Enter, pauses shorter than and equal to the debounce, answers in any order (a superseded request
 * answering last included), empty answers, failures, retries and closing. Every transition of that model
 * (each reached state × each event) is checked against the properties of SPEC §4 (search).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ActorLogic, type AnyActorRef, createActor, fromPromise, fromTransition, SimulatedClock, type Snapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { appConfig } from '../../../app.config.ts';
import type { ArticleCard } from '../../api/types.ts';
import { searchMachine } from './searchMachine.ts';

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
});

// The model: the visitor, the clock and the server around the real machine.

const { debounceMs, minQueryLength } = appConfig.search;

/** What the visitor, the clock and the server can do: the model's alphabet. */
type WorldEvent =
  | { type: 'visitor.typed'; query: string }
  | { type: 'visitor.submitted'; query: string }
  | { type: 'visitor.retried' }
  | { type: 'visitor.closed' }
  | { type: 'clock.waited'; ms: number }
  | { type: 'server.answered'; request: 'oldest' | 'newest'; answer: 'cards' | 'nothing' | 'failure' };

const worldEvents: WorldEvent[] = [
  { type: 'visitor.typed', query: '' },
  // Short once trimmed, though 5 characters long.
  { type: 'visitor.typed', query: '  ro ' },
  { type: 'visitor.typed', query: 'robe' },
  // Long, padded: the request and the URL carry it trimmed.
  { type: 'visitor.typed', query: ' robes ' },
  { type: 'visitor.submitted', query: 'robe' },
  { type: 'visitor.submitted', query: 'ro' },
  { type: 'visitor.retried' },
  { type: 'visitor.closed' },
  // Just short of the pause, and the whole pause: 499 + 499 also steps over its end.
  { type: 'clock.waited', ms: debounceMs - 1 },
  { type: 'clock.waited', ms: debounceMs },
  { type: 'server.answered', request: 'newest', answer: 'cards' },
  { type: 'server.answered', request: 'newest', answer: 'nothing' },
  { type: 'server.answered', request: 'newest', answer: 'failure' },
  // The oldest open request: a superseded one answering late, with cards or an error.
  { type: 'server.answered', request: 'oldest', answer: 'cards' },
  { type: 'server.answered', request: 'oldest', answer: 'failure' },
];

/** Each card names the query it answers, so that 'shown results belong to the latest query' is checkable. */
const cardsFor = (query: string): ArticleCard[] =>
  [1, 2].map((n) => ({ ...card(n), url: `${query}-${n}`, title: query, fullUrl: `/mode/${query}-${n}` }));

interface Request {
  query: string;
  ref: AnyActorRef;
  /** The server has answered it (whether or not the machine still listened). */
  answered: boolean;
}

type RequestEvent = { type: 'answer'; output: ArticleCard[] } | { type: 'fail'; error: Error };
type RequestSnapshot = Snapshot<ArticleCard[]> & { query: string };

/**
 * One search request as the server sees it: it stays open until the test answers it. It stands in for
 * the component's fromPromise with the same contract: done with the cards, or error; stopped by the
 * machine (xstate.stop, where fromPromise aborts its signal), after which any answer is dropped.
 */
function requestLogic(onStart: (query: string, ref: AnyActorRef) => void): ActorLogic<RequestSnapshot, RequestEvent, { query: string }> {
  return {
    transition: (snapshot, event) => {
      if (snapshot.status !== 'active') return snapshot;
      const type: string = event.type;
      if (type === 'xstate.stop') return { ...snapshot, status: 'stopped' };
      if (event.type === 'answer') return { ...snapshot, status: 'done', output: event.output };
      if (event.type === 'fail') return { ...snapshot, status: 'error', error: event.error };
      return snapshot;
    },
    getInitialSnapshot: (_scope, input) => ({ status: 'active', output: undefined, error: undefined, query: input.query }),
    start: (snapshot, { self }) => onStart(snapshot.query, self),
    getPersistedSnapshot: (snapshot) => snapshot,
  };
}

const isRunning = (ref: AnyActorRef) => ref.getSnapshot().status === 'active';

/** XState's simulated clock, telling which timers are pending: the debounce is one of them. */
class WatchedClock extends SimulatedClock {
  readonly pending = new Map<number, { due: number; timeout: number }>();
  override setTimeout(fn: () => void, timeout: number): number {
    const id = super.setTimeout(() => {
      this.pending.delete(id);
      fn();
    }, timeout);
    this.pending.set(id, { due: this.now() + timeout, timeout });
    return id;
  }
  override clearTimeout(id: number): void {
    this.pending.delete(id);
    super.clearTimeout(id);
  }
}

/** The real machine in its world: the simulated clock, the open requests, the URL's q. */
function startWorld() {
  const clock = new WatchedClock();
  const requests: Request[] = [];
  const url: { q: string | null } = { q: null };
  let lastKeystrokeAt: number | null = null;
  const machine = searchMachine.provide({
    actors: {
      fetchResults: requestLogic((query, ref) => {
        requests.push({ query, ref, answered: false });
      }) as never,
    },
    actions: {
      // As useSearch does: the URL holds the trimmed query.
      mirrorQueryInUrl: (_, params: { query: string }) => {
        url.q = params.query.trim();
      },
      removeQueryFromUrl: () => {
        url.q = null;
      },
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();

  const live = () => requests.filter((request) => isRunning(request.ref));
  const unanswered = () => requests.filter((request) => !request.answered);

  function apply(event: WorldEvent) {
    switch (event.type) {
      case 'visitor.typed':
        if (event.query.trim().length >= minQueryLength) lastKeystrokeAt = clock.now();
        actor.send({ type: 'search.typed', query: event.query });
        return;
      case 'visitor.submitted':
        actor.send({ type: 'search.submitted', query: event.query });
        return;
      case 'visitor.retried':
        actor.send({ type: 'search.retried' });
        return;
      case 'visitor.closed':
        actor.send({ type: 'search.cleared' });
        return;
      case 'clock.waited':
        clock.increment(event.ms);
        return;
      case 'server.answered': {
        const open = unanswered();
        const request = event.request === 'oldest' ? open[0] : open[open.length - 1];
        if (!request) return;
        request.answered = true;
        // A stopped request is not sent anything: fromPromise ignores what settles after its stop.
        if (!isRunning(request.ref)) return;
        if (event.answer === 'failure') request.ref.send({ type: 'fail', error: new Error('Le serveur ne répond pas.') });
        else request.ref.send({ type: 'answer', output: event.answer === 'cards' ? cardsFor(request.query) : [] });
        return;
      }
    }
  }

  /** Everything that decides what can happen next, as one comparable string. */
  function observe() {
    const snapshot = actor.getSnapshot();
    const timers = [...clock.pending.values()].map((timer) => timer.due - clock.now());
    const open = unanswered();
    const first = open[0];
    const last = open[open.length - 1];
    return JSON.stringify({
      status: snapshot.status,
      value: snapshot.value,
      query: snapshot.context.query,
      results: snapshot.context.results.map((card) => card.url),
      url: url.q,
      timers,
      // The time since the last keystroke decides when a search may start: two worlds that differ in it
      // are two states, even when the machine's own timer looks the same.
      sinceKeystroke: lastKeystrokeAt === null ? null : Math.min(clock.now() - lastKeystrokeAt, debounceMs),
      // The oldest and the newest open requests are the ones the server can answer next; counting
      // beyond three adds nothing new and keeps the model finite.
      oldest: first ? [first.query, isRunning(first.ref)] : null,
      newest: last && last !== first ? [last.query, isRunning(last.ref)] : null,
      openCount: Math.min(open.length, 3),
    });
  }

  return { actor, clock, requests, url, live, apply, observe, lastKeystrokeAt: () => lastKeystrokeAt };
}

type World = ReturnType<typeof startWorld>;

function replay(history: readonly WorldEvent[]): World {
  const world = startWorld();
  for (const event of history) world.apply(event);
  return world;
}

const readable = (history: readonly WorldEvent[]) =>
  history.map((event) => JSON.stringify(event).replace(/"type":/, '')).join(' → ') || '(départ)';

const isLong = (query: string) => query.trim().length >= minQueryLength;

/** The properties, on one step of the model: the world after `history`, then `event`. */
function checkStep(history: readonly WorldEvent[], event: WorldEvent) {
  const world = replay(history);
  const where = `${readable(history)} ⇒ ${readable([event])}`;
  const before = world.actor.getSnapshot();
  const observedBefore = world.observe();
  const requestCount = world.requests.length;
  const target = (() => {
    if (event.type !== 'server.answered') return undefined;
    const open = world.requests.filter((request) => !request.answered);
    return event.request === 'oldest' ? open[0] : open[open.length - 1];
  })();
  const targetWasLive = target !== undefined && isRunning(target.ref);
  const timeBefore = world.clock.now();

  world.apply(event);

  const after = world.actor.getSnapshot();
  const started = world.requests.slice(requestCount);
  const live = world.live();
  const timers = [...world.clock.pending.values()];
  const trimmed = after.context.query.trim();

  // Nothing a visitor or the server does breaks the machine.
  expect(after.status, where).toBe('active');

  // Never two requests in flight: a newer search cancels (stops, hence aborts) the previous one.
  expect(live.length, where).toBeLessThanOrEqual(1);
  // The spinner is shown exactly while the one request that can still be displayed is in flight.
  expect(after.hasTag('busy'), where).toBe(live.length === 1);
  expect(after.matches('loading'), where).toBe(live.length === 1);
  if (live[0]) expect(live[0].query, where).toBe(trimmed);

  // A request is only ever for the latest query, trimmed, of 3 characters or more; at most one per step.
  expect(started.length, where).toBeLessThanOrEqual(1);
  for (const request of started) {
    expect(request.query, where).toBe(trimmed);
    expect(request.query.length, where).toBeGreaterThanOrEqual(minQueryLength);
  }

  // What starts a request: Enter on a long enough query, a retry after a failure, or the end of the pause.
  const keystroke = world.lastKeystrokeAt();
  const pauseEndedNow =
    event.type === 'clock.waited' &&
    before.matches('debouncing') &&
    keystroke !== null &&
    timeBefore < keystroke + debounceMs &&
    keystroke + debounceMs <= world.clock.now();
  const shouldStart =
    (event.type === 'visitor.submitted' && isLong(event.query)) ||
    (event.type === 'visitor.retried' && before.matches('failure')) ||
    pauseEndedNow;
  expect(started.length, `${where}: a request should ${shouldStart ? '' : 'not '}start`).toBe(shouldStart ? 1 : 0);
  if (event.type === 'visitor.retried' && before.matches('failure')) expect(started[0]?.query, where).toBe(before.context.query.trim());

  // While typing: waiting, with exactly one pause of the full debounce pending and nothing in flight.
  expect(timers.length, where).toBe(after.matches('debouncing') ? 1 : 0);
  if (event.type === 'visitor.typed' && isLong(event.query)) {
    expect(after.value, where).toBe('debouncing');
    expect(
      timers.map((timer) => timer.timeout),
      where,
    ).toEqual([debounceMs]);
    expect(after.context.query, where).toBe(event.query);
  }

  // Fewer than 3 characters (trimmed), or closing: back to rest, results cleared, q gone from the URL.
  const resets =
    event.type === 'visitor.closed' || ((event.type === 'visitor.typed' || event.type === 'visitor.submitted') && !isLong(event.query));
  if (resets) {
    expect(after.value, where).toBe('idle');
    expect(after.context.results, where).toEqual([]);
    expect(world.url.q, where).toBeNull();
    if (event.type === 'visitor.closed') expect(after.context.query, where).toBe('');
  }

  // The URL's q always mirrors the latest query when it is long enough, and is absent otherwise.
  expect(world.url.q, where).toBe(isLong(after.context.query) ? trimmed : null);

  // The server's answer counts only if it answers the request still in flight; any other is ignored.
  if (event.type === 'server.answered') {
    if (targetWasLive && target) {
      const expected = { cards: 'results', nothing: 'empty', failure: 'failure' }[event.answer];
      expect(after.value, where).toBe(expected);
      expect(after.context.results, where).toEqual(event.answer === 'cards' ? cardsFor(target.query) : []);
    } else {
      expect(world.observe().replace(/"oldest".*/, ''), where).toBe(observedBefore.replace(/"oldest".*/, ''));
    }
  }

  // A retry means something only after a failure.
  if (event.type === 'visitor.retried' && !before.matches('failure')) expect(world.observe(), where).toBe(observedBefore);

  // Shown results (the 'results' state) always answer the latest query; other states show none.
  if (after.matches('results')) {
    expect(after.context.results.length, where).toBeGreaterThan(0);
    for (const card of after.context.results) expect(card.title, where).toBe(trimmed);
  }
  if (after.matches('empty') || after.matches('failure') || after.matches('idle')) expect(after.context.results, where).toEqual([]);

  world.actor.stop();
}

const world = fromTransition((history: readonly WorldEvent[], event: WorldEvent) => [...history, event], [] as readonly WorldEvent[]);

describe('searchMachine (xstate/graph over the visitor, the clock and the server)', () => {
  const paths = getShortestPaths(world, {
    events: worldEvents,
    serializeState: (snapshot) => {
      const replayed = replay(snapshot.context);
      const observed = replayed.observe();
      replayed.actor.stop();
      return observed;
    },
    serializeEvent: (event) => JSON.stringify(event),
  });
  const states = paths.map((path) => {
    const replayed = replay(path.state.context);
    const observed = JSON.parse(replayed.observe());
    replayed.actor.stop();
    return observed;
  });

  it('reaches every state of the machine, and what the properties speak of', () => {
    const values = new Set(states.map((state) => state.value));
    expect([...values].sort()).toEqual(Object.keys(searchMachine.root.states).sort());
    // Guards against a vacuous model: superseded requests still open (their answers must be ignored),
    // a pause cut short by a keystroke, and a request open while waiting do all occur.
    expect(states.some((state) => state.oldest?.[1] === false)).toBe(true);
    expect(states.some((state) => state.value === 'debouncing' && state.sinceKeystroke === debounceMs - 1)).toBe(true);
    expect(states.some((state) => state.value === 'debouncing' && state.openCount > 0)).toBe(true);
  });

  // About 5 700 replays (some 380 states × 15 events): seconds alone, more on a shared machine.
  it('holds every property on every transition of the model (each reached state × each event)', { timeout: 120_000 }, () => {
    for (const path of paths) for (const event of worldEvents) checkStep(path.state.context, event);
  });
});
