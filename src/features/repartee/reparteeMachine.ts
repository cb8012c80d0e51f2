/**
 * The repartee generator (SPEC §3, §4; issue 9): its state holds the replies (items), an error, a
 * `ready` flag that becomes true once one item is loaded, and the popin of its page (set or closed by
 * the popin feature through the page). Drawing deals replies like cards: each one once before any
 * comes back (`replyDeck.ts`). The page shows the drawn reply and gives it its own address.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Popin, Reply } from '../../api/types.ts';
import { drawFrom, newDeck } from './replyDeck.ts';

export interface ReparteeContext {
  /** The generator's slug. */
  url: string;
  items: Reply[];
  error: string | null;
  ready: boolean;
  popin: Popin | null;
  /** Reply ids still to deal in this round. */
  deck: number[];
  /** The reply on screen (from a shared link, or the last one drawn). */
  currentId: number | null;
  random: () => number;
}

export interface ReparteeInput {
  url: string;
  /** The reply of the page's address (`?replique=`), shown first and counted as seen. */
  initialReplyId?: number | null;
  random?: () => number;
}

export type ReparteeEvent =
  | { type: 'repartee.draw' }
  | { type: 'repartee.retry' }
  | { type: 'repartee.popinReceived'; popin: Popin }
  | { type: 'repartee.popinClosed' };

export const reparteeTexts = {
  noReply: "Ce générateur n'a pas encore de réplique.",
  loadFailed: 'Les répliques sont momentanément indisponibles. Réessayez dans un instant.',
} as const;

export const reparteeMachine = setup({
  types: {
    context: {} as ReparteeContext,
    events: {} as ReparteeEvent,
    input: {} as ReparteeInput,
  },
  actors: {
    // Replaced by the page (the generator it already has, or the typed client) and by tests.
    loadReplies: fromPromise<Reply[], { url: string }>(async () => {
      throw new Error('loadReplies is not provided');
    }),
  },
  guards: {
    hasReplies: (_, replies: Reply[]) => replies.length > 0,
  },
  actions: {
    storeReplies: assign(({ context }, replies: Reply[]) => {
      const ids = replies.map((reply) => reply.id);
      const current = context.currentId !== null && ids.includes(context.currentId) ? context.currentId : null;
      return {
        items: replies,
        ready: true,
        error: null,
        currentId: current,
        deck: newDeck(ids, current === null ? [] : [current], context.random),
      };
    }),
    storeError: assign({ error: (_, message: string) => message, ready: false, items: [], deck: [] }),
    clearError: assign({ error: null }),
    drawReply: assign(({ context }) => {
      const draw = drawFrom(
        context.deck,
        context.items.map((reply) => reply.id),
        context.currentId,
        context.random,
      );
      return draw ? { currentId: draw.drawn, deck: draw.deck } : {};
    }),
    storePopin: assign({ popin: ({ event }) => (event.type === 'repartee.popinReceived' ? event.popin : null) }),
    clearPopin: assign({ popin: null }),
    // Provided by the page: the drawn reply gets its own address (?replique=).
    showReply: (_, _params: { replyId: number }) => {},
  },
}).createMachine({
  id: 'repartee',
  initial: 'loading',
  context: ({ input }) => ({
    url: input.url,
    items: [],
    error: null,
    ready: false,
    popin: null,
    deck: [],
    currentId: input.initialReplyId ?? null,
    random: input.random ?? Math.random,
  }),
  on: {
    'repartee.popinReceived': { actions: 'storePopin' },
    'repartee.popinClosed': { actions: 'clearPopin' },
  },
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'loadReplies',
        src: 'loadReplies',
        input: ({ context }) => ({ url: context.url }),
        onDone: [
          {
            guard: { type: 'hasReplies', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'storeReplies', params: ({ event }) => event.output },
          },
          { target: 'failure', actions: { type: 'storeError', params: reparteeTexts.noReply } },
        ],
        onError: { target: 'failure', actions: { type: 'storeError', params: reparteeTexts.loadFailed } },
      },
    },
    ready: {
      on: {
        'repartee.draw': {
          actions: ['drawReply', { type: 'showReply', params: ({ context }) => ({ replyId: context.currentId ?? 0 }) }],
        },
      },
    },
    failure: {
      on: { 'repartee.retry': 'loading' },
    },
  },
});
