/**
 * The article editor's machine: every state reached by the shortest paths of its graph (model-based), then
 * the orderings that used to go wrong: a publish during an autosave waits for it (one save, then the
 * publish, never a 409 of its own), a preview never follows a failed save, a 409 leads to the conflict.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { appConfig } from '../../../app.config.ts';
import { type ArticleEditorEvent, articleEditorMachine, type StatusAction } from './articleEditorMachine.ts';

const userEvents: ArticleEditorEvent[] = [
  { type: 'editor.edit' },
  { type: 'editor.save' },
  { type: 'editor.status', action: 'publish' },
  { type: 'editor.preview' },
  { type: 'editor.reload' },
];
const conflict = Object.assign(new Error('Alice a modifié cet article à 10:42'), { status: 409 });
const down = Object.assign(new Error('Le serveur ne répond pas.'), { status: 503 });
/** The invoked actors' answers, as XState raises them (only while that actor runs). */
const actorEvents: Record<string, ArticleEditorEvent[]> = {
  saving: [
    { type: 'xstate.done.actor.saveArticle' },
    { type: 'xstate.error.actor.saveArticle', error: conflict },
    { type: 'xstate.error.actor.saveArticle', error: down },
  ] as unknown as ArticleEditorEvent[],
};

describe('articleEditorMachine, model-based', () => {
  it('reaches every state from a clean article', () => {
    const paths = getShortestPaths(articleEditorMachine, {
      input: { autosave: true },
      events: (state: { value: unknown }) => [...userEvents, ...(actorEvents[String(state.value)] ?? [])],
      serializeState: (state: { value: unknown }) => JSON.stringify(state.value),
    } as never);
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['clean', 'dirty', 'saving', 'saveFailed', 'conflict', 'publishing', 'previewing', 'reloading']) {
      expect(reached, state).toContain(JSON.stringify(state));
    }
  });
});

/** The machine with actors that record their calls and answer as the test says. */
function run(options: { save?: () => Promise<void>; status?: (action: StatusAction) => Promise<void>; autosave?: boolean } = {}) {
  const calls: string[] = [];
  const actor = createActor(
    articleEditorMachine.provide({
      actors: {
        saveArticle: fromPromise(async ({ input }: { input: { reason: 'manual' | 'auto' } }) => {
          calls.push(`save:${input.reason}`);
          await (options.save ?? (async () => {}))();
        }),
        changeStatus: fromPromise(async ({ input }: { input: { action: StatusAction } }) => {
          calls.push(`status:${input.action}`);
          await (options.status ?? (async () => {}))(input.action);
        }),
        makePreviewLink: fromPromise(async () => {
          calls.push('preview');
        }),
        reloadArticle: fromPromise(async () => {
          calls.push('reload');
        }),
      },
    }),
    { input: { autosave: options.autosave ?? true } },
  ).start();
  return { actor, calls, state: () => String(actor.getSnapshot().value) };
}

describe('articleEditorMachine, orderings', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('autosaves a draft once the delay has passed since the last change, not before', async () => {
    const editor = run();
    editor.actor.send({ type: 'editor.edit' });
    await vi.advanceTimersByTimeAsync(appConfig.newsroom.autosaveMs - 10);
    editor.actor.send({ type: 'editor.edit' });
    await vi.advanceTimersByTimeAsync(appConfig.newsroom.autosaveMs - 10);
    expect(editor.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(editor.calls).toEqual(['save:auto']);
    expect(editor.state()).toBe('clean');
  });

  it('never autosaves a published article', async () => {
    const editor = run({ autosave: false });
    editor.actor.send({ type: 'editor.edit' });
    await vi.advanceTimersByTimeAsync(appConfig.newsroom.autosaveMs * 3);
    expect(editor.calls).toEqual([]);
    expect(editor.state()).toBe('dirty');
  });

  it('a publish during an autosave waits for it: one save, then the publish, no second save', async () => {
    let finishSave: () => void = () => {};
    const editor = run({ save: () => new Promise<void>((done) => (finishSave = done)) });
    editor.actor.send({ type: 'editor.edit' });
    await vi.advanceTimersByTimeAsync(appConfig.newsroom.autosaveMs);
    expect(editor.state()).toBe('saving');
    editor.actor.send({ type: 'editor.status', action: 'publish' });
    expect(editor.calls).toEqual(['save:auto']);
    finishSave();
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.calls).toEqual(['save:auto', 'status:publish']);
    expect(editor.state()).toBe('clean');
  });

  it('publishing unsaved text saves it first, then publishes', async () => {
    const editor = run();
    editor.actor.send({ type: 'editor.edit' });
    editor.actor.send({ type: 'editor.status', action: 'schedule' });
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.calls).toEqual(['save:manual', 'status:schedule']);
  });

  it('a preview never follows a failed save', async () => {
    const editor = run({ save: async () => Promise.reject(down) });
    editor.actor.send({ type: 'editor.edit' });
    editor.actor.send({ type: 'editor.preview' });
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.calls).toEqual(['save:manual']);
    expect(editor.state()).toBe('saveFailed');
    expect(editor.actor.getSnapshot().context.error).toBe(down.message);
    editor.actor.send({ type: 'editor.preview' });
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.calls).toEqual(['save:manual']);
  });

  it('a 409 leads to the conflict, which a reload ends', async () => {
    const editor = run({ save: async () => Promise.reject(conflict) });
    editor.actor.send({ type: 'editor.edit' });
    editor.actor.send({ type: 'editor.save' });
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.state()).toBe('conflict');
    expect(editor.actor.getSnapshot().context.conflict).toBe(conflict.message);
    // Nothing is saved or published over someone else's version.
    editor.actor.send({ type: 'editor.status', action: 'publish' });
    editor.actor.send({ type: 'editor.save' });
    await vi.advanceTimersByTimeAsync(appConfig.newsroom.autosaveMs * 2);
    expect(editor.calls).toEqual(['save:manual']);
    editor.actor.send({ type: 'editor.reload' });
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.calls).toEqual(['save:manual', 'reload']);
    expect(editor.state()).toBe('clean');
    expect(editor.actor.getSnapshot().context.conflict).toBeNull();
  });

  it('a change made during a save leaves the editor dirty afterwards', async () => {
    let finishSave: () => void = () => {};
    const editor = run({ save: () => new Promise<void>((done) => (finishSave = done)) });
    editor.actor.send({ type: 'editor.save' });
    editor.actor.send({ type: 'editor.edit' });
    finishSave();
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.state()).toBe('dirty');
  });

  it('a publish asked for while a preview link is made is not dropped: it follows', async () => {
    const editor = run();
    editor.actor.send({ type: 'editor.preview' });
    editor.actor.send({ type: 'editor.status', action: 'schedule' });
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.calls).toEqual(['preview', 'status:schedule']);
    expect(editor.state()).toBe('clean');
  });

  it('a refused publish leaves text edited during it to be saved (dirty, so the autosave takes it)', async () => {
    let refuse: (error: unknown) => void = () => {};
    const editor = run({ status: () => new Promise<void>((_, reject) => (refuse = reject)) });
    editor.actor.send({ type: 'editor.status', action: 'publish' });
    editor.actor.send({ type: 'editor.edit' });
    refuse(down);
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.state()).toBe('dirty');
    await vi.advanceTimersByTimeAsync(appConfig.newsroom.autosaveMs);
    expect(editor.calls).toEqual(['status:publish', 'save:auto']);
  });
});
