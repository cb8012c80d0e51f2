/**
 * editorMachine, model-based (in the popin machine's style): xstate/graph finds a path to every state the
 * editor can be in — every user event, every call's answer (done, 409, other failure), the autosave's timer —
 * and each path is replayed against the machine with calls that record when they start and stop, and a model
 * of the text: what is on screen, what the server holds. On every step of every path: never two calls at once,
 * nothing typed is dropped, a publish, a preview or a restore starts only once what was typed before it is
 * saved, and a 409 keeps the reader's text until the reader chooses to reload. Then a few orderings on a
 * real clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { appConfig } from '../../../app.config.ts';
import { type EditorContext, type EditorEvent, editorMachine, hasUnsavedText, isReplacingText, type RevisionRef } from './editorMachine.ts';

const conflict = { status: 409, message: 'Alice a modifié cet article à 10:42.' };
const down = { status: 503, message: 'Le serveur ne répond pas.' };
const revision: RevisionRef = { id: 7, version: 2 };

const calls = ['saveItem', 'changeStatus', 'makePreviewLink', 'restoreRevision', 'reloadItem'] as const;
type Call = (typeof calls)[number];
/** The call each state makes, hence the answers XState may raise there. */
const callOf: Record<string, Call> = {
  saving: 'saveItem',
  publishing: 'changeStatus',
  previewing: 'makePreviewLink',
  restoring: 'restoreRevision',
  reloading: 'reloadItem',
};
const answer = (call: Call, outcome: 'done' | 'conflict' | 'down') =>
  (outcome === 'done'
    ? { type: `xstate.done.actor.${call}` }
    : { type: `xstate.error.actor.${call}`, error: outcome === 'conflict' ? conflict : down }) as unknown as EditorEvent;
const autosaveTick = { type: 'xstate.after.autosaveDelay.editor.dirty' } as unknown as EditorEvent;

const userEvents: EditorEvent[] = [
  { type: 'editor.edit' },
  { type: 'editor.save' },
  { type: 'editor.status', action: 'publish' },
  { type: 'editor.preview' },
  { type: 'editor.restore', revision },
  { type: 'editor.reload' },
  { type: 'editor.autosaveChanged', autosave: false },
];

/** The events XState or the reader may send in a state: the reader's, the answers of the call under way, the timer. */
const eventsIn = (value: unknown): EditorEvent[] => {
  const call = callOf[String(value)];
  const answers = call ? (['done', 'conflict', 'down'] as const).map((outcome) => answer(call, outcome)) : [];
  // While the server's text replaces the reader's (isReplacingText), the page takes no edit.
  const user = isReplacingText({ value }) ? userEvents.filter((event) => event.type !== 'editor.edit') : userEvents;
  return [...user, ...answers, ...(value === 'dirty' ? [autosaveTick] : [])];
};

/** The machine's own graph: every state it can be in. */
const machinePaths = getShortestPaths(editorMachine, {
  input: { autosave: true },
  events: (state: { value: unknown }) => eventsIn(state.value),
  serializeState: (state: { value: unknown; context: EditorContext }) =>
    JSON.stringify([
      state.value,
      state.context.next,
      state.context.editedMeanwhile,
      state.context.autosave,
      state.context.conflict !== null,
    ]),
  serializeEvent: (event: EditorEvent) => JSON.stringify(event),
} as never) as unknown as { state: { value: unknown } }[];

/**
 * The machine with calls that never answer by themselves (the path's events answer for them) and record when
 * they start. A call is running until its answer arrives: XState stopping an actor does not stop its request.
 */
function replayable() {
  const log = { running: [] as Call[], started: [] as Call[] };
  const record = (call: Call) =>
    fromPromise(
      () =>
        new Promise<void>(() => {
          log.running.push(call);
          log.started.push(call);
        }),
    );
  const actor = createActor(editorMachine.provide({ actors: Object.fromEntries(calls.map((call) => [call, record(call)])) as never }), {
    input: { autosave: true },
  }).start();
  return { actor, log };
}

type Step = 'status' | 'preview' | 'restore';
/** One point of the editor's life: the machine, the calls running, and the text as numbers (each edit a new one). */
interface Simulated {
  events: EditorEvent[];
  value: unknown;
  context: EditorContext;
  running: Call[];
  /** On screen, on the server, being sent by the save under way; on screen when each step was last asked for. */
  screen: number;
  server: number;
  sending: number | null;
  askedAt: Partial<Record<Step, number>>;
  violations: string[];
}

/**
 * Replays events on a fresh machine and checks, after each one, the properties every editor relies on. The
 * violations are part of the result (xstate/graph explores them like any other state), not thrown.
 */
function simulate(events: EditorEvent[]): Simulated {
  const { actor, log } = replayable();
  const violations: string[] = [];
  // Texts are numbered in the order they appear: a larger number holds everything typed before it.
  let texts = 0;
  let screen = 0;
  let server = 0;
  let sending: number | null = null;
  const askedAt: Partial<Record<Step, number>> = {};
  const trail: string[] = [];
  const check = (ok: boolean, what: string) => ok || violations.push(`${trail.join(' → ')}: ${what}`);
  for (const event of events) {
    trail.push(event.type === 'editor.status' ? `status:${event.action}` : event.type);
    const startedBefore = log.started.length;
    const wasConflict = actor.getSnapshot().matches('conflict');
    if (event.type === 'editor.edit') screen = ++texts;
    if (event.type === 'editor.status') askedAt.status = screen;
    if (event.type === 'editor.preview') askedAt.preview = screen;
    if (event.type === 'editor.restore') askedAt.restore = screen;
    actor.send(event);
    const now = actor.getSnapshot();
    // The calls' answers are XState's own events, outside EditorEvent.
    const type: string = event.type;
    const answered = calls.find((call) => type.endsWith(`.actor.${call}`));
    if (answered) log.running.splice(log.running.indexOf(answered), 1);
    // The answers of the calls, as the page's actors apply them to the text.
    if (type === 'xstate.done.actor.saveItem' && sending !== null) server = sending;
    if (answered === 'saveItem') sending = null;
    if (type === 'xstate.done.actor.restoreRevision') screen = server = ++texts;
    if (type === 'xstate.done.actor.reloadItem') screen = server = ++texts;

    check(log.running.length <= 1, `two calls at once (${log.running.join(', ')})`);
    for (const call of log.started.slice(startedBefore)) {
      if (call === 'saveItem') sending = screen;
      // A publish, a preview or a restore goes only with everything typed before it saved.
      if (call === 'changeStatus') check(server >= (askedAt.status ?? 0), 'status changed before the text asked with it was saved');
      if (call === 'makePreviewLink') check(server >= (askedAt.preview ?? 0), 'preview of text not saved');
      if (call === 'restoreRevision') check(server >= (askedAt.restore ?? 0), 'restore over unsaved text');
      // Only the reader replaces the text with the latest version.
      if (call === 'reloadItem') check(event.type === 'editor.reload', 'reloaded without the reader asking');
      if (wasConflict) check(call === 'reloadItem', `${call} sent over the other version after a 409`);
    }
    // Nothing typed is dropped: it is saved, being saved, or the editor knows it is not (and says so).
    const beingSaved = sending !== null && sending === screen && !now.context.editedMeanwhile;
    // (Reloading is the reader's choice to give up the text on screen for the latest version.)
    check(screen === server || hasUnsavedText(now) || beingSaved || now.matches('reloading'), 'unsaved text forgotten');
    // A 409 keeps the reader's text: the conflict counts it as unsaved (the leave guard asks).
    if (now.matches('conflict')) check(hasUnsavedText(now), 'a conflict that forgets the text on screen');
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { events, value: snapshot.value, context: snapshot.context, running: log.running, screen, server, sending, askedAt, violations };
}

/** Where a number stands against the text on screen and on the server: what the properties compare. */
const relation = (n: number | null | undefined, s: Simulated) =>
  n === null || n === undefined ? '-' : `${n <= s.server ? 'saved' : ''}${n === s.screen ? 'screen' : ''}` || 'between';

/** The product of the machine and the text model, as logic that xstate/graph can walk. */
const editorWithText = {
  getInitialSnapshot: () => simulate([]),
  transition: (state: Simulated, event: EditorEvent) => simulate([...state.events, event]),
};

const paths = getShortestPaths(
  editorWithText as never,
  {
    events: (state: Simulated) => eventsIn(state.value),
    serializeState: (state: Simulated) =>
      JSON.stringify([
        state.value,
        state.context.next,
        state.context.editedMeanwhile,
        state.context.autosave,
        state.context.conflict !== null,
        state.running,
        state.screen === state.server,
        relation(state.sending, state),
        (['status', 'preview', 'restore'] as const).map((step) => relation(state.askedAt[step], state)),
        state.violations.length > 0,
      ]),
    serializeEvent: (event: EditorEvent) => JSON.stringify(event),
    // A state that breaks a property is reported, not explored further.
    stopWhen: (state: Simulated) => state.violations.length > 0,
  } as never,
) as unknown as { state: Simulated }[];

describe('editorMachine (xstate/graph): properties on every path', () => {
  it('reaches every state', () => {
    const reached = new Set(machinePaths.map((path) => String(path.state.value)));
    for (const state of ['clean', 'dirty', 'saving', 'saveFailed', 'publishing', 'previewing', 'restoring', 'conflict', 'reloading']) {
      expect(reached, state).toContain(state);
    }
  });

  it('on every path and every step: one call at a time, nothing typed dropped, steps after their save, a 409 keeps the text', () => {
    console.info(`editorMachine: ${paths.length} paths`);
    expect(paths.length).toBeGreaterThan(200);
    const violations = paths.flatMap((path) => path.state.violations);
    expect(violations.slice(0, 5)).toEqual([]);
  });
});

/** The machine with calls that record themselves and answer as the test says, on a fake clock. */
function run(options: { save?: () => Promise<void>; status?: (action: string) => Promise<void>; autosave?: boolean } = {}) {
  const made: string[] = [];
  const actor = createActor(
    editorMachine.provide({
      actors: {
        saveItem: fromPromise(async ({ input }: { input: { reason: 'manual' | 'auto' } }) => {
          made.push(`save:${input.reason}`);
          await (options.save ?? (async () => {}))();
        }),
        changeStatus: fromPromise(async ({ input }: { input: { action: string } }) => {
          made.push(`status:${input.action}`);
          await (options.status ?? (async () => {}))(input.action);
        }),
        makePreviewLink: fromPromise(async () => {
          made.push('preview');
        }),
        restoreRevision: fromPromise(async ({ input }: { input: { revision: RevisionRef } }) => {
          made.push(`restore:${input.revision.version}`);
        }),
        reloadItem: fromPromise(async () => {
          made.push('reload');
        }),
      },
    }),
    { input: { autosave: options.autosave ?? true } },
  ).start();
  return { actor, made, state: () => String(actor.getSnapshot().value) };
}

describe('editorMachine, orderings on a clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('autosaves once the delay has passed since the last change, not before; never when not allowed', async () => {
    const editor = run();
    editor.actor.send({ type: 'editor.edit' });
    await vi.advanceTimersByTimeAsync(appConfig.newsroom.autosaveMs - 10);
    editor.actor.send({ type: 'editor.edit' });
    await vi.advanceTimersByTimeAsync(appConfig.newsroom.autosaveMs - 10);
    expect(editor.made).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(editor.made).toEqual(['save:auto']);
    expect(editor.state()).toBe('clean');

    const published = run({ autosave: false });
    published.actor.send({ type: 'editor.edit' });
    await vi.advanceTimersByTimeAsync(appConfig.newsroom.autosaveMs * 3);
    expect(published.made).toEqual([]);
    expect(published.state()).toBe('dirty');
  });

  it('a publish during an autosave waits for it: one save, then the publish', async () => {
    let finishSave: () => void = () => {};
    const editor = run({ save: () => new Promise<void>((done) => (finishSave = done)) });
    editor.actor.send({ type: 'editor.edit' });
    await vi.advanceTimersByTimeAsync(appConfig.newsroom.autosaveMs);
    editor.actor.send({ type: 'editor.status', action: 'publish' });
    expect(editor.made).toEqual(['save:auto']);
    finishSave();
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.made).toEqual(['save:auto', 'status:publish']);
    expect(editor.state()).toBe('clean');
  });

  it('text typed during a save, then a publish: saved again before the publish', async () => {
    const editor = run();
    editor.actor.send({ type: 'editor.save' });
    editor.actor.send({ type: 'editor.edit' });
    editor.actor.send({ type: 'editor.status', action: 'schedule' });
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.made).toEqual(['save:manual', 'save:manual', 'status:schedule']);
  });

  it('a restore over unsaved text saves it first (it stays in the revisions), then restores', async () => {
    const editor = run();
    editor.actor.send({ type: 'editor.edit' });
    editor.actor.send({ type: 'editor.restore', revision });
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.made).toEqual(['save:manual', 'restore:2']);
    expect(editor.state()).toBe('clean');
  });

  /**
   * A save that fails: the text stays unsaved on screen, and nothing that would need that save (a preview, a
   * publish, a save over the other version) is sent until the person acts: saves again, or reloads after a 409.
   */
  const failedSaves: {
    name: string;
    failure: { status: number; message: string };
    /** What asks for the save: the person, or the autosave's pause (none). */
    ask: EditorEvent | null;
    state: 'saveFailed' | 'conflict';
    kept: (context: EditorContext) => string | null;
    /** Asked for after the failure, in vain. */
    afterwards: EditorEvent[];
    made: string;
  }[] = [
    {
      name: 'a preview never follows a failed save',
      failure: down,
      ask: { type: 'editor.preview' },
      state: 'saveFailed',
      kept: (context) => context.error,
      afterwards: [{ type: 'editor.preview' }],
      made: 'save:manual',
    },
    {
      name: 'a 409 keeps the text until the reader reloads; nothing is sent over the other version',
      failure: conflict,
      ask: { type: 'editor.save' },
      state: 'conflict',
      kept: (context) => context.conflict,
      afterwards: [{ type: 'editor.edit' }, { type: 'editor.status', action: 'publish' }, { type: 'editor.save' }],
      made: 'save:manual',
    },
    {
      // The page's autosave of a form it cannot read yet fails quietly (useFormatEditor): the text stays unsaved.
      name: 'an autosave refused keeps the text unsaved, and sends no preview',
      failure: { status: 400, message: 'Ce quiz ne peut pas encore être enregistré : une question sans réponse.' },
      ask: null,
      state: 'saveFailed',
      kept: (context) => context.error,
      afterwards: [{ type: 'editor.preview' }],
      made: 'save:auto',
    },
  ];

  for (const failed of failedSaves) {
    it(failed.name, async () => {
      const editor = run({ save: async () => Promise.reject(failed.failure) });
      editor.actor.send({ type: 'editor.edit' });
      if (failed.ask) editor.actor.send(failed.ask);
      await vi.advanceTimersByTimeAsync(failed.ask ? 0 : appConfig.newsroom.autosaveMs);
      expect(editor.state()).toBe(failed.state);
      expect(failed.kept(editor.actor.getSnapshot().context)).toBe(failed.failure.message);
      for (const event of failed.afterwards) editor.actor.send(event);
      await vi.advanceTimersByTimeAsync(failed.afterwards.some((e) => e.type === 'editor.edit') ? appConfig.newsroom.autosaveMs * 2 : 0);
      expect(editor.made).toEqual([failed.made]);
      expect(hasUnsavedText(editor.actor.getSnapshot())).toBe(true);
    });
  }

  it('after a 409, the reader’s reload is the one call made, and the editor is clean again', async () => {
    const editor = run({ save: async () => Promise.reject(conflict) });
    editor.actor.send({ type: 'editor.save' });
    await vi.advanceTimersByTimeAsync(0);
    editor.actor.send({ type: 'editor.reload' });
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.made).toEqual(['save:manual', 'reload']);
    expect(editor.state()).toBe('clean');
    expect(editor.actor.getSnapshot().context.conflict).toBeNull();
  });

  it('a refused publish leaves text edited during it to be saved', async () => {
    let refuse: (error: unknown) => void = () => {};
    const editor = run({ status: () => new Promise<void>((_, reject) => (refuse = reject)) });
    editor.actor.send({ type: 'editor.status', action: 'publish' });
    editor.actor.send({ type: 'editor.edit' });
    refuse(down);
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.state()).toBe('dirty');
    await vi.advanceTimersByTimeAsync(appConfig.newsroom.autosaveMs);
    expect(editor.made).toEqual(['status:publish', 'save:auto']);
  });
});
