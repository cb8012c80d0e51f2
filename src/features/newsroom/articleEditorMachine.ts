/**
 * The article editor's lifecycle (issue 24): what the page may do with the text on screen, and in which
 * order, so that a publish never races the autosave into its own 409 and a preview never follows a save
 * that failed. The fields themselves stay in the form; the machine decides when they are saved, published
 * or previewed, through actors the page provides (the newsroom's calls).
 *
 *   clean ── edit ──▶ dirty ── (autosaveDelay, drafts only) ──▶ saving ──▶ clean
 *   dirty ── save / publish / preview ──▶ saving ──▶ then publishing or previewing
 *   saving ── publish / preview ──▶ (remembered) ──▶ after the save: publishing or previewing
 *   saving ── 409 ──▶ conflict ── reload ──▶ reloading ──▶ clean
 *   saving ── other failure ──▶ saveFailed (preview refused until a save succeeds)
 */
import { assign, fromPromise, setup } from 'xstate';
import { appConfig } from '../../../app.config.ts';

export type StatusAction = 'schedule' | 'publish' | 'unpublish' | 'draft';

/** What waits for the save in progress. */
export type NextStep = { type: 'status'; action: StatusAction } | { type: 'preview' } | null;

export interface ArticleEditorContext {
  /** Drafts and unpublished articles save themselves; a published article only when asked. */
  autosave: boolean;
  next: NextStep;
  /** The status change under way (publishing). */
  current: StatusAction | null;
  /** A change arrived while the save was under way: the text on screen is newer than what was saved. */
  editedWhileSaving: boolean;
  error: string | null;
  /** The server's sentence when someone else saved first. */
  conflict: string | null;
}

export type ArticleEditorEvent =
  | { type: 'editor.edit' }
  | { type: 'editor.save' }
  | { type: 'editor.status'; action: StatusAction }
  | { type: 'editor.preview' }
  | { type: 'editor.reload' }
  | { type: 'editor.autosaveChanged'; autosave: boolean };

/** A failed call, as the page's actors report it. */
export interface EditorFailure {
  status: number;
  message: string;
}

const failureOf = (error: unknown): EditorFailure => {
  const e = error as Partial<EditorFailure>;
  return {
    status: typeof e.status === 'number' ? e.status : 0,
    message: typeof e.message === 'string' ? e.message : "L'enregistrement a échoué.",
  };
};

/** The failure carried by an invoked actor's error event (XState's `xstate.error.actor.*`). */
const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const articleEditorMachine = setup({
  types: {
    context: {} as ArticleEditorContext,
    events: {} as ArticleEditorEvent,
    input: {} as { autosave: boolean },
  },
  actors: {
    // Provided by the page (the newsroom's calls) and by the tests.
    saveArticle: fromPromise<void, { reason: 'manual' | 'auto' }>(async () => {
      throw new Error('saveArticle is not provided');
    }),
    changeStatus: fromPromise<void, { action: StatusAction }>(async () => {
      throw new Error('changeStatus is not provided');
    }),
    makePreviewLink: fromPromise<void>(async () => {
      throw new Error('makePreviewLink is not provided');
    }),
    reloadArticle: fromPromise<void>(async () => {
      throw new Error('reloadArticle is not provided');
    }),
  },
  delays: {
    autosaveDelay: appConfig.newsroom.autosaveMs,
  },
  guards: {
    autosaveAllowed: ({ context }) => context.autosave,
    isConflict: ({ event }) => failureOf(errorOf(event)).status === 409,
    publishWaits: ({ context }) => context.next?.type === 'status',
    previewWaits: ({ context }) => context.next?.type === 'preview',
    editedWhileSaving: ({ context }) => context.editedWhileSaving,
  },
  actions: {
    rememberStatus: assign({ next: (_, action: StatusAction): NextStep => ({ type: 'status', action }) }),
    rememberPreview: assign({ next: (): NextStep => ({ type: 'preview' }) }),
    forgetNext: assign({ next: null }),
    takeNext: assign({
      current: ({ context }) => (context.next?.type === 'status' ? context.next.action : context.current),
      next: null,
    }),
    markEditedWhileSaving: assign({ editedWhileSaving: true }),
    startSave: assign({ editedWhileSaving: false, error: null }),
    recordFailure: assign({ error: ({ event }) => failureOf(errorOf(event)).message }),
    recordConflict: assign({ conflict: ({ event }) => failureOf(errorOf(event)).message, next: null }),
    clearConflict: assign({ conflict: null, error: null }),
    setAutosave: assign({ autosave: (_, autosave: boolean) => autosave }),
  },
}).createMachine({
  id: 'articleEditor',
  context: ({ input }) => ({ autosave: input.autosave, next: null, current: null, editedWhileSaving: false, error: null, conflict: null }),
  on: {
    'editor.autosaveChanged': { actions: { type: 'setAutosave', params: ({ event }) => event.autosave } },
  },
  initial: 'clean',
  states: {
    clean: {
      on: {
        'editor.edit': 'dirty',
        'editor.save': 'saving',
        'editor.status': { target: 'publishing', actions: { type: 'rememberStatus', params: ({ event }) => event.action } },
        'editor.preview': { target: 'previewing', actions: 'rememberPreview' },
      },
    },
    dirty: {
      after: {
        autosaveDelay: { guard: 'autosaveAllowed', target: 'saving' },
      },
      on: {
        // Each change starts the delay again.
        'editor.edit': { target: 'dirty', reenter: true },
        'editor.save': 'saving',
        // The text on screen is what gets published, or previewed: saved first.
        'editor.status': { target: 'saving', actions: { type: 'rememberStatus', params: ({ event }) => event.action } },
        'editor.preview': { target: 'saving', actions: 'rememberPreview' },
      },
    },
    saving: {
      entry: 'startSave',
      invoke: {
        id: 'saveArticle',
        src: 'saveArticle',
        input: ({ event }) => ({
          reason: event.type === 'editor.save' || event.type === 'editor.status' || event.type === 'editor.preview' ? 'manual' : 'auto',
        }),
        onDone: [
          { guard: 'publishWaits', target: 'publishing' },
          { guard: 'previewWaits', target: 'previewing' },
          { guard: 'editedWhileSaving', target: 'dirty' },
          { target: 'clean' },
        ],
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'recordConflict' },
          { target: 'saveFailed', actions: ['recordFailure', 'forgetNext'] },
        ],
      },
      on: {
        'editor.edit': { actions: 'markEditedWhileSaving' },
        // A publish or a preview asked for during the save waits for it (never a second, racing save).
        'editor.status': { actions: { type: 'rememberStatus', params: ({ event }) => event.action } },
        'editor.preview': { actions: 'rememberPreview' },
      },
    },
    saveFailed: {
      on: {
        'editor.edit': 'dirty',
        'editor.save': 'saving',
        'editor.status': { target: 'saving', actions: { type: 'rememberStatus', params: ({ event }) => event.action } },
        // No preview of a text that could not be saved: the editor saves again first (its own button).
      },
    },
    publishing: {
      // The action asked for is taken now: a later one asked for meanwhile waits its turn (never dropped).
      entry: 'takeNext',
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }) => ({ action: context.current ?? 'publish' }),
        onDone: [
          { guard: 'publishWaits', target: 'publishing', reenter: true },
          { guard: 'previewWaits', target: 'previewing' },
          { guard: 'editedWhileSaving', target: 'dirty' },
          { target: 'clean' },
        ],
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'recordConflict' },
          // Text edited during the call is still to be saved.
          { guard: 'editedWhileSaving', target: 'dirty', actions: ['recordFailure', 'forgetNext'] },
          { target: 'clean', actions: ['recordFailure', 'forgetNext'] },
        ],
      },
      on: {
        'editor.edit': { actions: 'markEditedWhileSaving' },
        'editor.status': { actions: { type: 'rememberStatus', params: ({ event }) => event.action } },
        'editor.preview': { actions: 'rememberPreview' },
      },
    },
    previewing: {
      entry: 'takeNext',
      invoke: {
        id: 'makePreviewLink',
        src: 'makePreviewLink',
        onDone: [
          { guard: 'publishWaits', target: 'publishing' },
          { guard: 'previewWaits', target: 'previewing', reenter: true },
          { guard: 'editedWhileSaving', target: 'dirty' },
          { target: 'clean' },
        ],
        onError: [
          { guard: 'editedWhileSaving', target: 'dirty', actions: ['recordFailure', 'forgetNext'] },
          { target: 'clean', actions: ['recordFailure', 'forgetNext'] },
        ],
      },
      on: {
        'editor.edit': { actions: 'markEditedWhileSaving' },
        'editor.status': { actions: { type: 'rememberStatus', params: ({ event }) => event.action } },
        'editor.preview': { actions: 'rememberPreview' },
      },
    },
    conflict: {
      on: { 'editor.reload': 'reloading' },
    },
    reloading: {
      invoke: {
        id: 'reloadArticle',
        src: 'reloadArticle',
        onDone: { target: 'clean', actions: 'clearConflict' },
        onError: { target: 'conflict', actions: 'recordFailure' },
      },
    },
  },
});
