/**
 * Every newsroom editor's lifecycle (articles, quizzes, newsletter issues and the seven small formats): what
 * the page may do with the text on screen, and in which order. One call at a time reaches the server (a
 * publish never races the autosave into its own 409), nothing typed is dropped (a publish, a preview or a
 * restore asked for with unsaved text saves it first), a preview follows only a save that succeeded, and a
 * 409 keeps the reader's text on screen until the reader chooses to load the latest version. The fields
 * stay in the page's form; the machine decides when they are saved, through actors the page provides.
 *
 *   clean ── edit ──▶ dirty ── (autosaveDelay, when allowed) ──▶ saving ──▶ clean
 *   dirty ── save / status / preview / restore ──▶ saving ──▶ then the step asked for
 *   saving, publishing, previewing, restoring ── status / preview / restore ──▶ (remembered, one at a time)
 *   a step waiting and text edited since the last save ──▶ saving first
 *   any call ── 409 ──▶ conflict (text kept) ── reload (the reader's choice) ──▶ reloading ──▶ clean
 *   saving ── other failure ──▶ saveFailed (preview refused until a save succeeds)
 */
import { assign, fromPromise, setup } from 'xstate';
import { appConfig } from '../../../app.config.ts';

/** The editorial formats' status actions; another workflow (a newsletter issue's sending) brings its own. */
export type StatusAction = 'schedule' | 'publish' | 'unpublish' | 'draft';

/** A revision to restore, as the revisions list names it. */
export interface RevisionRef {
  id: number;
  version: number;
}

/** What waits for the call under way. */
export type NextStep = { type: 'status'; action: string } | { type: 'preview' } | { type: 'restore'; revision: RevisionRef } | null;

export interface EditorContext {
  /** Whether the text saves itself after a pause (drafts of the article editor); otherwise only when asked. */
  autosave: boolean;
  next: NextStep;
  /** The step under way (publishing, restoring): its action or revision. */
  current: NextStep;
  /** A change arrived after the last save began: the text on screen is newer than what the server has. */
  editedMeanwhile: boolean;
  error: string | null;
  /** The server's sentence when someone else saved first. */
  conflict: string | null;
}

export type EditorEvent =
  | { type: 'editor.edit' }
  | { type: 'editor.save' }
  | { type: 'editor.status'; action: string }
  | { type: 'editor.preview' }
  | { type: 'editor.restore'; revision: RevisionRef }
  | { type: 'editor.reload' }
  | { type: 'editor.autosaveChanged'; autosave: boolean };

/** A failed call, as the page's actors report it. */
export interface EditorFailure {
  status: number;
  message: string;
}

const failureOf = (error: unknown): EditorFailure => {
  const e = error as Partial<EditorFailure> | undefined;
  return {
    status: typeof e?.status === 'number' ? e.status : 0,
    message: typeof e?.message === 'string' ? e.message : "L'enregistrement a échoué.",
  };
};

/** The failure carried by an invoked actor's error event (XState's `xstate.error.actor.*`). */
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

/** Where a finished call leads: the step that waits (saving first if text changed since), else clean or dirty. */
// `reenter`: from saving to saving again (or publishing to publishing), the call is made anew.
const afterCall = [
  { guard: 'stepWaitsOnUnsavedText', target: 'saving', reenter: true },
  { guard: 'statusWaits', target: 'publishing', reenter: true },
  { guard: 'previewWaits', target: 'previewing', reenter: true },
  { guard: 'restoreWaits', target: 'restoring', reenter: true },
  { guard: 'editedMeanwhile', target: 'dirty' },
  { target: 'clean' },
] as const;

/** During a call: changes and further requests are remembered, never sent alongside. */
const whileCalling = {
  'editor.edit': { actions: 'markEditedMeanwhile' },
  'editor.status': { actions: { type: 'rememberStatus', params: ({ event }: { event: EditorEvent }) => event } },
  'editor.preview': { actions: 'rememberPreview' },
  'editor.restore': { actions: { type: 'rememberRestore', params: ({ event }: { event: EditorEvent }) => event } },
} as const;

/** From a state whose text is not all saved: the step asked for waits for a save. */
const saveFirst = {
  'editor.save': 'saving',
  'editor.status': { target: 'saving', actions: { type: 'rememberStatus', params: ({ event }: { event: EditorEvent }) => event } },
  'editor.restore': { target: 'saving', actions: { type: 'rememberRestore', params: ({ event }: { event: EditorEvent }) => event } },
} as const;

export const editorMachine = setup({
  types: {
    context: {} as EditorContext,
    events: {} as EditorEvent,
    input: {} as { autosave: boolean },
  },
  actors: {
    // Provided by the page (the newsroom's calls) and by the tests.
    saveItem: fromPromise<void, { reason: 'manual' | 'auto' }>(async () => {
      throw new Error('saveItem is not provided');
    }),
    changeStatus: fromPromise<void, { action: string }>(async () => {
      throw new Error('changeStatus is not provided');
    }),
    makePreviewLink: fromPromise<void>(async () => {
      throw new Error('makePreviewLink is not provided');
    }),
    restoreRevision: fromPromise<void, { revision: RevisionRef }>(async () => {
      throw new Error('restoreRevision is not provided');
    }),
    reloadItem: fromPromise<void>(async () => {
      throw new Error('reloadItem is not provided');
    }),
  },
  delays: {
    autosaveDelay: appConfig.newsroom.autosaveMs,
  },
  guards: {
    autosaveAllowed: ({ context }) => context.autosave,
    isConflict: ({ event }) => failureOf(errorOf(event)).status === 409,
    stepWaitsOnUnsavedText: ({ context }) => context.next !== null && context.editedMeanwhile,
    statusWaits: ({ context }) => context.next?.type === 'status',
    previewWaits: ({ context }) => context.next?.type === 'preview',
    restoreWaits: ({ context }) => context.next?.type === 'restore',
    editedMeanwhile: ({ context }) => context.editedMeanwhile,
  },
  actions: {
    rememberStatus: assign({
      next: ({ context }, event: EditorEvent): NextStep =>
        event.type === 'editor.status' ? { type: 'status', action: event.action } : context.next,
    }),
    rememberPreview: assign({ next: (): NextStep => ({ type: 'preview' }) }),
    rememberRestore: assign({
      next: ({ context }, event: EditorEvent): NextStep =>
        event.type === 'editor.restore' ? { type: 'restore', revision: event.revision } : context.next,
    }),
    forgetNext: assign({ next: null }),
    /** The step asked for is taken now: a later one asked for meanwhile waits its turn. */
    takeNext: assign({ current: ({ context }) => context.next, next: null }),
    markEditedMeanwhile: assign({ editedMeanwhile: true }),
    startSave: assign({ editedMeanwhile: false, error: null }),
    clearError: assign({ error: null }),
    recordFailure: assign({ error: ({ event }) => failureOf(errorOf(event)).message }),
    recordConflict: assign({ conflict: ({ event }) => failureOf(errorOf(event)).message, next: null }),
    clearConflict: assign({ conflict: null, error: null, editedMeanwhile: false }),
    setAutosave: assign({ autosave: (_, autosave: boolean) => autosave }),
  },
}).createMachine({
  id: 'editor',
  context: ({ input }) => ({
    autosave: input.autosave,
    next: null,
    current: null,
    editedMeanwhile: false,
    error: null,
    conflict: null,
  }),
  on: {
    'editor.autosaveChanged': { actions: { type: 'setAutosave', params: ({ event }) => event.autosave } },
  },
  initial: 'clean',
  states: {
    clean: {
      on: {
        'editor.edit': 'dirty',
        'editor.save': 'saving',
        'editor.status': { target: 'publishing', actions: { type: 'rememberStatus', params: ({ event }) => event } },
        'editor.preview': { target: 'previewing', actions: 'rememberPreview' },
        'editor.restore': { target: 'restoring', actions: { type: 'rememberRestore', params: ({ event }) => event } },
      },
    },
    dirty: {
      after: {
        autosaveDelay: { guard: 'autosaveAllowed', target: 'saving' },
      },
      on: {
        // Each change starts the delay again.
        'editor.edit': { target: 'dirty', reenter: true },
        ...saveFirst,
        'editor.preview': { target: 'saving', actions: 'rememberPreview' },
      },
    },
    saving: {
      entry: 'startSave',
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ event }) => ({ reason: event.type.startsWith('xstate.after.') ? 'auto' : 'manual' }),
        onDone: afterCall,
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'recordConflict' },
          { target: 'saveFailed', actions: ['recordFailure', 'forgetNext'] },
        ],
      },
      on: whileCalling,
    },
    saveFailed: {
      on: {
        'editor.edit': 'dirty',
        ...saveFirst,
        // No preview of a text that could not be saved: the editor saves again first (its own button).
      },
    },
    publishing: {
      entry: ['takeNext', 'clearError'],
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }) => ({ action: context.current?.type === 'status' ? context.current.action : 'publish' }),
        onDone: afterCall,
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'recordConflict' },
          // Text edited during the call is still to be saved.
          { guard: 'editedMeanwhile', target: 'dirty', actions: ['recordFailure', 'forgetNext'] },
          { target: 'clean', actions: ['recordFailure', 'forgetNext'] },
        ],
      },
      on: whileCalling,
    },
    previewing: {
      entry: ['takeNext', 'clearError'],
      invoke: {
        id: 'makePreviewLink',
        src: 'makePreviewLink',
        onDone: afterCall,
        onError: [
          { guard: 'editedMeanwhile', target: 'dirty', actions: ['recordFailure', 'forgetNext'] },
          { target: 'clean', actions: ['recordFailure', 'forgetNext'] },
        ],
      },
      on: whileCalling,
    },
    restoring: {
      entry: ['takeNext', 'clearError'],
      invoke: {
        id: 'restoreRevision',
        src: 'restoreRevision',
        input: ({ context }) => ({ revision: context.current?.type === 'restore' ? context.current.revision : { id: 0, version: 0 } }),
        onDone: afterCall,
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'recordConflict' },
          { guard: 'editedMeanwhile', target: 'dirty', actions: ['recordFailure', 'forgetNext'] },
          { target: 'clean', actions: ['recordFailure', 'forgetNext'] },
        ],
      },
      // The answer replaces the text on screen, as the reader asked: the page takes no edit meanwhile.
      on: { 'editor.status': whileCalling['editor.status'], 'editor.preview': whileCalling['editor.preview'] },
    },
    conflict: {
      // The reader's text stays on screen (to copy, to compare): only the reader replaces it, by reloading.
      on: { 'editor.reload': 'reloading' },
    },
    reloading: {
      invoke: {
        id: 'reloadItem',
        src: 'reloadItem',
        onDone: { target: 'clean', actions: 'clearConflict' },
        onError: { target: 'conflict', actions: 'recordFailure' },
      },
    },
  },
});

type EditorSnapshot = { matches: (state: 'dirty' | 'saveFailed' | 'conflict') => boolean; context: EditorContext };

/** Changes on screen that the server does not have yet (what leaving the page would lose). */
export function hasUnsavedText(snapshot: EditorSnapshot): boolean {
  return snapshot.matches('dirty') || snapshot.matches('saveFailed') || snapshot.matches('conflict') || snapshot.context.editedMeanwhile;
}

/** The text on screen is being replaced by the server's (a restore, a reload the reader asked for): no edits then. */
export function isReplacingText(snapshot: { value: unknown }): boolean {
  return ['restoring', 'reloading'].includes(String(snapshot.value));
}

/** A call to the server is under way (the page's buttons say so; the machine queues what they ask anyway). */
export function isCalling(snapshot: { value: unknown }): boolean {
  return ['saving', 'publishing', 'previewing', 'restoring', 'reloading'].includes(String(snapshot.value));
}
