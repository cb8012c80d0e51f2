/**
 * Content made in the newsroom plays (issue 19): a repartee generator written, published and edited through
 * /api/admin/generators is read back from the readers' API and run through `reparteeMachine`: xstate/graph
 * reaches its every state with the newsroom's replies as the loader's answer, a draw deals every reply once before
 * any repeats, and a reply's shared address (`?replique=`, the machine's initialReplyId) still shows that reply
 * after its text was edited. On PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import * as contract from '../api/generated/zod.ts';
import type { Reply } from '../api/types.ts';
import { type ReparteeEvent, reparteeMachine } from '../features/repartee/reparteeMachine.ts';
import { generatorDraftBody } from './generatorFixtures.ts';
import { useNewsroomApi } from './newsroomApi.ts';
import { testDatabaseKinds } from './testDatabase.ts';

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe.each(testDatabaseKinds)('reparteeMachine on a generator made in the newsroom, on %s', (kind) => {
  const api = useNewsroomApi(kind);

  async function readersReplies(slug: string): Promise<Reply[]> {
    const response = await api.request('GET', `/api/repartee-generator/${slug}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { replies: Reply[] }).replies;
  }

  it('every state reached, every reply dealt, a shared reply kept through an edit', async () => {
    const as = api.signed('editor');
    const body = generatorDraftBody('Répliques de la rédaction', {
      replies: Array.from({ length: 5 }, (_, i) => ({ text: `Réplique de la rédaction n° ${i + 1}.` })),
    });
    const created = contract.AdminGenerator.parse(await (await api.request('POST', '/api/admin/generators', { as, body })).json());
    const published = await api.request('POST', `/api/admin/generators/${created.id}/status`, {
      as,
      body: { action: 'publish', version: 1 },
    });
    expect(published.status, await published.clone().text()).toBe(200);
    const replies = await readersReplies(created.slug);
    expect(replies.map((r) => r.text)).toEqual(body.replies.map((r) => r.text));

    // The model: the newsroom's replies as the loader's answer.
    const events = [
      { type: 'repartee.draw' },
      { type: 'repartee.retry' },
      { type: 'xstate.done.actor.loadReplies', output: replies },
      { type: 'xstate.error.actor.loadReplies', error: new Error('réseau') },
    ] as unknown as ReparteeEvent[];
    const paths = getShortestPaths(reparteeMachine, {
      input: { url: created.slug, random: seeded(7) },
      events: (state) => (state.value === 'loading' ? events : events.slice(0, 2)),
      serializeState: (state) => JSON.stringify([state.value, state.context.ready, state.context.items.length]),
      serializeEvent: (event) => JSON.stringify(event, (_k, v) => (v instanceof Error ? v.message : v)),
    });
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(new Set(['loading', 'ready', 'failure']));

    // Dealt like the seeded ones: every reply once before any repeats.
    const shown: number[] = [];
    const play = (initialReplyId: number | null) =>
      createActor(
        reparteeMachine.provide({
          actors: { loadReplies: fromPromise<Reply[], { url: string }>(() => new Promise<never>(() => {})) },
          actions: { showReply: (_, { replyId }: { replyId: number }) => void shown.push(replyId) },
        }),
        { input: { url: created.slug, initialReplyId, random: seeded(3) } },
      ).start();
    const actor = play(null);
    actor.send({ type: 'xstate.done.actor.loadReplies', output: replies } as unknown as ReparteeEvent);
    for (let i = 0; i < replies.length; i++) actor.send({ type: 'repartee.draw' });
    expect(new Set(shown)).toEqual(new Set(replies.map((r) => r.id)));
    actor.stop();

    // The third reply is shared, then its text is edited in the newsroom: its address still shows it.
    const shared = replies[2];
    if (!shared) throw new Error('no third reply');
    const current = contract.AdminGenerator.parse(await (await api.request('GET', `/api/admin/generators/${created.id}`, { as })).json());
    const edited = current.replies.map((r) => (r.id === shared.id ? { ...r, text: 'Réplique réécrite par la rédaction.' } : r));
    const saved = await api.request('PUT', `/api/admin/generators/${created.id}`, {
      as,
      body: { ...generatorDraftBody(current.title), slug: current.slug, replies: edited, version: current.version },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = await readersReplies(created.slug);
    expect(after.find((r) => r.id === shared.id)?.text).toBe('Réplique réécrite par la rédaction.');
    shown.length = 0;
    const again = play(shared.id);
    again.send({ type: 'xstate.done.actor.loadReplies', output: after } as unknown as ReparteeEvent);
    expect(again.getSnapshot().context.currentId).toBe(shared.id);
    again.stop();
  });
});
