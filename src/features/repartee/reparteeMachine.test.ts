import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Popin, Reply } from '../../api/types.ts';
import { type ReparteeEvent, reparteeMachine, reparteeTexts } from './reparteeMachine.ts';

const replies: Reply[] = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, text: `Réplique ${i + 1}` }));
const popin = {
  type: 'button',
  cookie: { hash: 'abc', successDuration: 30 },
  popin: { isClose: false, isOpen: true, isOpenDelay: false, timeDelay: 0 },
  parts: {},
} as unknown as Popin;

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const userEvents: ReparteeEvent[] = [
  { type: 'repartee.draw' },
  { type: 'repartee.retry' },
  { type: 'repartee.popinReceived', popin },
  { type: 'repartee.popinClosed' },
];
// The invoked loader's answers, as the events XState raises for them.
const loaderEvents = [
  { type: 'xstate.done.actor.loadReplies', output: replies },
  { type: 'xstate.done.actor.loadReplies', output: [] },
  { type: 'xstate.error.actor.loadReplies', error: new Error('réseau') },
] as unknown as ReparteeEvent[];
const events = [...userEvents, ...loaderEvents];
/** XState only raises the loader's events while the loader runs (loading): elsewhere they cannot happen. */
const possibleEvents = (state: { value: unknown }) => (state.value === 'loading' ? events : userEvents);

function start(initialReplyId: number | null = null) {
  const shown: number[] = [];
  const pending = () => new Promise<never>(() => {});
  const actor = createActor(
    reparteeMachine.provide({
      actors: { loadReplies: fromPromise<Reply[], { url: string }>(pending) },
      actions: {
        showReply: (_, { replyId }: { replyId: number }) => {
          shown.push(replyId);
        },
      },
    }),
    { input: { url: 'generateur', initialReplyId, random: seeded(11) } },
  ).start();
  return { actor, shown };
}

type Snapshot = ReturnType<ReturnType<typeof start>['actor']['getSnapshot']>;
const view = (s: Snapshot) => ({
  value: String(s.value),
  ready: s.context.ready,
  error: s.context.error,
  popin: s.context.popin,
  items: s.context.items.length,
});
type View = ReturnType<typeof view>;

/** Issue 9 / SPEC §4, written independently of the machine. */
function reference(before: View, event: ReparteeEvent): View {
  const type = event.type as string;
  if (event.type === 'repartee.popinReceived') return { ...before, popin: event.popin };
  if (event.type === 'repartee.popinClosed') return { ...before, popin: null };
  if (before.value === 'loading') {
    if (type === 'xstate.done.actor.loadReplies') {
      const output = (event as unknown as { output: Reply[] }).output;
      return output.length > 0
        ? { ...before, value: 'ready', ready: true, error: null, items: output.length }
        : { ...before, value: 'failure', ready: false, error: reparteeTexts.noReply, items: 0 };
    }
    if (type === 'xstate.error.actor.loadReplies')
      return { ...before, value: 'failure', ready: false, error: reparteeTexts.loadFailed, items: 0 };
    return before;
  }
  if (before.value === 'failure' && event.type === 'repartee.retry') return { ...before, value: 'loading', error: null };
  return before;
}

describe('reparteeMachine (xstate/graph)', () => {
  const paths = getShortestPaths(reparteeMachine, {
    input: { url: 'generateur', random: seeded(11) },
    events: possibleEvents,
    serializeState: (state) =>
      JSON.stringify([state.value, state.context.ready, state.context.error, state.context.popin !== null, state.context.items.length]),
    serializeEvent: (event) => JSON.stringify(event, (_k, v) => (v instanceof Error ? v.message : v)),
  });

  it('reaches every state, ready only once replies are loaded', () => {
    const values = new Set(paths.map((path) => String(path.state.value)));
    expect([...values].sort()).toEqual(['failure', 'loading', 'ready']);
    for (const path of paths) expect(path.state.context.ready).toBe(path.state.value === 'ready');
    const errors = new Set(paths.map((path) => path.state.context.error));
    expect(errors).toEqual(new Set([null, reparteeTexts.noReply, reparteeTexts.loadFailed]));
  });

  const cases = paths.flatMap((path) =>
    possibleEvents(path.state).map((event) => ({
      name: `${path.steps.map((s) => s.event.type.replace('repartee.', '').replace('xstate.', '')).join('→') || '(start)'} ⇒ ${event.type}`,
      path,
      event,
    })),
  );

  it.each(cases)('every event in every state: $name', ({ path, event }) => {
    const { actor, shown } = start();
    for (const step of path.steps) actor.send(step.event as ReparteeEvent);
    const before = actor.getSnapshot();
    const previous = before.context.currentId;
    actor.send(event);
    const after = actor.getSnapshot();
    expect(view(after)).toEqual(reference(view(before), event));
    const drew = before.value === 'ready' && event.type === 'repartee.draw';
    expect(shown).toEqual(drew ? [after.context.currentId] : []);
    if (drew) {
      expect(after.context.items.map((r) => r.id)).toContain(after.context.currentId);
      expect(after.context.currentId).not.toBe(previous);
    } else {
      expect(after.context.currentId).toBe(previous);
    }
    actor.stop();
  });
});

describe('reparteeMachine draws', () => {
  const load = (actor: ReturnType<typeof start>['actor']) =>
    actor.send({ type: 'xstate.done.actor.loadReplies', output: replies } as unknown as ReparteeEvent);

  it('deals every reply once before any repeats, and gives each draw to the page', () => {
    const { actor, shown } = start();
    expect(actor.getSnapshot().context.ready).toBe(false);
    load(actor);
    expect(actor.getSnapshot().context.ready).toBe(true);
    for (let i = 0; i < replies.length * 3; i++) actor.send({ type: 'repartee.draw' });
    for (let round = 0; round < 3; round++) {
      expect(new Set(shown.slice(round * 5, round * 5 + 5)).size).toBe(5);
    }
  });

  it('starts from the shared reply and does not deal it again in the first round', () => {
    const { actor, shown } = start(3);
    load(actor);
    expect(actor.getSnapshot().context.currentId).toBe(3);
    for (let i = 0; i < 4; i++) actor.send({ type: 'repartee.draw' });
    expect([...shown].sort()).toEqual([1, 2, 4, 5]);
  });

  it('forgets a shared reply id the generator does not have', () => {
    const { actor } = start(99);
    load(actor);
    expect(actor.getSnapshot().context.currentId).toBeNull();
  });
});
