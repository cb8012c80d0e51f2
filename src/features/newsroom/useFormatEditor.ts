/**
 * The editorial workflow of every newsroom editor page (articles, quizzes and the small formats), driven by
 * editorMachine: the item as last saved, the form, saving (creating, then saving the version the editor
 * loaded: a 409 offers the latest one and keeps the text on screen), the status actions, the preview link,
 * the revisions and their restore, and the message that tells how it went. A format's page brings its API
 * calls, its form ↔ item mapping and its sentences; when to call the server is the machine's, so a fix to the
 * 409 or to the revisions lands here once.
 */
import { useMachine } from '@xstate/react';
import { type FormEvent, type SetStateAction, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { FormatDeclaration } from '../../formats/formatDeclaration.ts';
import { NewsroomError, type PreviewLink, type Revision } from '../../api/queries/newsroom.ts';
import { type EditorFailure, editorMachine, hasUnsavedText, isCalling, isReplacingText, type StatusAction } from './editorMachine.ts';
import { useNewsroomSession } from './NewsroomShell.tsx';

export type { StatusAction } from './editorMachine.ts';

/** What the workflow needs of a format's item. */
export interface EditorialItem {
  id: number;
  version: number;
  /** The editorial states (ArticleStatus), or another workflow's (a newsletter issue's sending). */
  status: string;
  createdById?: number | null;
}

/** A format's calls (src/api/queries/newsroom*.ts) that the workflow makes. */
export interface FormatEditorApi<Item, Input, Action extends string = StatusAction> {
  /** Absent where items are made elsewhere (a newsletter issue, from its list). */
  create?(input: Input): Promise<{ id: number }>;
  save(id: number, body: Input & { version: number }): Promise<Item>;
  changeStatus(id: number, body: { action: Action; version: number; scheduledAt?: string }): Promise<Item>;
  get(id: number): Promise<Item>;
  revisions?(id: number): Promise<Revision[]>;
  restore?(id: number, revisionId: number, version: number): Promise<Item>;
  previewLink?(id: number): Promise<PreviewLink>;
}

/** The form read as the call's body, or the sentence that says why it cannot be sent. */
export type FormInput<Input> = { ok: true; input: Input } | { ok: false; message: string };

export interface EditorMessage {
  text: string;
  error: boolean;
  /** A 409: someone saved first; the page offers to load the latest version. */
  conflict?: boolean;
}

/** The sentences of the workflow's outcomes ("Mosaïque publiée."…), or how to say them of the item; the optional ones have a default. */
export type DoneSentences<Item = unknown, Action extends string = StatusAction> = Record<
  'saved' | Action,
  string | ((item: Item) => string)
> & { autosaved?: string; reloaded?: string };

export interface FormatEditorOptions<Item extends EditorialItem, Form, Input, Action extends string = StatusAction> {
  loaded: Item | null;
  api: FormatEditorApi<Item, Input, Action>;
  emptyForm: () => Form;
  formOf: (item: Item) => Form;
  inputOf: (form: Form) => FormInput<Input>;
  /** After a creation: the item's own address loads it afresh (the page starts over there). */
  onCreated: (id: number) => void;
  done: DoneSentences<Item, Action>;
  /** A 409 that is a version conflict (offer the latest version); by default, one that names the version that won. */
  isConflict?: (caught: NewsroomError) => boolean;
  /**
   * Whether the item saves itself after a pause; by default every editor's drafts and unpublished items do
   * (the articles' rule, for every format), a published one only when asked: readers would see each pause.
   */
  autosave?: (item: Item) => boolean;
}

const FAILED = 'L’opération a échoué : réessayez.';

const AUTOSAVED = 'Brouillon enregistré automatiquement.';

/** The editorial rule of autosave: a working copy readers do not see saves itself. */
export const autosavesWhileUnpublished = (item: EditorialItem) => item.status === 'draft' || item.status === 'unpublished';

/** An autosave of a form that cannot be read yet: the machine keeps the text unsaved, nobody is interrupted. */
interface QuietFailure extends EditorFailure {
  quiet: true;
}
const namesTheWinner = (caught: NewsroomError) => Boolean((caught.body as { currentVersion?: number } | undefined)?.currentVersion);

/**
 * What the machine hears of a failed call: a 409 is a version conflict only when the server says which
 * version won (an address already taken is a 409 too, but the person fixes the field, not by reloading).
 */
export function failureOf(caught: unknown, isConflict = namesTheWinner): EditorFailure {
  if (!(caught instanceof NewsroomError)) return { status: 0, message: FAILED };
  const versionConflict = caught.status === 409 && isConflict(caught);
  return { status: versionConflict ? 409 : caught.status === 409 ? 400 : caught.status, message: caught.message };
}

/** A sentence of `done`, said of the item it is about. */
const sentence = <Item>(said: string | ((item: Item) => string), item: Item) => (typeof said === 'function' ? said(item) : said);

export function useFormatEditor<Item extends EditorialItem, Form, Input, Action extends string = StatusAction>(
  options: FormatEditorOptions<Item, Form, Input, Action>,
) {
  const { session } = useNewsroomSession();
  const [item, setItem] = useState<Item | null>(options.loaded);
  const [form, setFormState] = useState<Form>(() => (options.loaded ? options.formOf(options.loaded) : options.emptyForm()));
  const [message, setMessage] = useState<EditorMessage | null>(null);
  const [running, setRunning] = useState(false);
  const [preview, setPreview] = useState<PreviewLink | null>(null);
  /** Bumped when the server's copy replaces the text on screen (restore, reload): uncontrolled fields start over. */
  const [formKey, setFormKey] = useState(0);

  // The machine's calls read what is on screen now (the latest render, or newer), never a stale copy.
  const latest = useRef({ options, form, item });
  latest.current.options = options;
  /** Edits made so far: a save's answer replaces the form only if nothing was typed while it travelled. */
  const edits = useRef(0);
  const scheduledAt = useRef<string | undefined>(undefined);

  const say = (text: string, error: boolean) => setMessage({ text, error });

  /** Takes the server's copy; the form follows it unless the reader typed since the call left (then the text stays). */
  const adopt = (fresh: Item, sentAtEdit: number | 'replace', said: string | ((item: Item) => string)) => {
    latest.current.item = fresh;
    setItem(fresh);
    if (sentAtEdit === 'replace' || sentAtEdit === edits.current) {
      latest.current.form = latest.current.options.formOf(fresh);
      setFormState(latest.current.form);
      if (sentAtEdit === 'replace') setFormKey((k) => k + 1);
    }
    setMessage({ text: sentence(said, fresh), error: false });
  };

  /** A call for the machine: its failure said on screen and handed to the machine as `{ status, message }`. */
  const call =
    <I>(work: (input: I, current: Item | null) => Promise<void>) =>
    async ({ input }: { input: I }) => {
      try {
        await work(input, latest.current.item);
      } catch (caught) {
        const failure =
          caught instanceof NewsroomError || !(caught as EditorFailure)?.status
            ? failureOf(caught, latest.current.options.isConflict)
            : (caught as EditorFailure);
        if (!(failure as Partial<QuietFailure>).quiet) setMessage({ text: failure.message, error: true, conflict: failure.status === 409 });
        throw failure;
      }
    };

  // The actors read the page through `latest`: one machine for the page's life.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const machine = useMemo(
    () =>
      editorMachine.provide({
        actors: {
          saveItem: fromPromise(
            call(async ({ reason }: { reason: 'manual' | 'auto' }, current) => {
              const { options: o, form: now } = latest.current;
              const built = o.inputOf(now);
              if (!built.ok) {
                // Said when the person saves; a pause in typing is no time to point at a half-written form.
                if (reason === 'auto') throw { status: 400, message: built.message, quiet: true } satisfies QuietFailure;
                throw { status: 400, message: built.message } satisfies EditorFailure;
              }
              if (!current) {
                if (!o.api.create) throw { status: 400, message: FAILED } satisfies EditorFailure;
                o.onCreated((await o.api.create(built.input)).id);
                return;
              }
              const sentAt = edits.current;
              const saved = await o.api.save(current.id, { ...built.input, version: current.version });
              adopt(saved, sentAt, reason === 'auto' ? (o.done.autosaved ?? AUTOSAVED) : o.done.saved);
            }),
          ),
          changeStatus: fromPromise(
            call(async ({ action }: { action: string }, current) => {
              if (!current) return;
              const sentAt = edits.current;
              const at = action === 'schedule' ? scheduledAt.current : undefined;
              // The machine carries the action the page's act() gave it.
              const step = action as Action;
              const changed = await latest.current.options.api.changeStatus(current.id, {
                action: step,
                version: current.version,
                ...(at ? { scheduledAt: at } : {}),
              });
              adopt(changed, sentAt, latest.current.options.done[step]);
            }),
          ),
          makePreviewLink: fromPromise(
            call(async (_: unknown, current) => {
              const make = latest.current.options.api.previewLink;
              if (!current || !make) return;
              setPreview(null);
              setPreview(await make(current.id));
            }),
          ),
          restoreRevision: fromPromise(
            call(async ({ revision }: { revision: { id: number; version: number } }, current) => {
              const restore = latest.current.options.api.restore;
              if (!current || !restore) return;
              const restored = await restore(current.id, revision.id, current.version);
              adopt(restored, 'replace', `Version ${revision.version} restaurée.`);
            }),
          ),
          reloadItem: fromPromise(
            call(async (_: unknown, current) => {
              if (!current) return;
              const fresh = await latest.current.options.api.get(current.id);
              adopt(fresh, 'replace', latest.current.options.done.reloaded ?? 'Dernière version chargée.');
            }),
          ),
        },
      }),
    [],
  );
  const autosave = item !== null && (options.autosave ?? autosavesWhileUnpublished)(item);
  const [editor, send] = useMachine(machine, { input: { autosave } });
  useEffect(() => send({ type: 'editor.autosaveChanged', autosave }), [autosave, send]);

  const replacing = isReplacingText(editor);
  // Read by setForm when called from a closure of an earlier render (the rich text editor keeps its first one).
  const replacingNow = useRef(replacing);
  replacingNow.current = replacing;
  /** Every change of the form goes through here: the machine hears of it (autosave, unsaved text). */
  const setForm = (next: SetStateAction<Form>) => {
    // While the server's copy replaces the text (a restore, a reload the reader asked for), typing waits.
    if (replacingNow.current) return;
    const value = typeof next === 'function' ? (next as (f: Form) => Form)(latest.current.form) : next;
    latest.current.form = value;
    edits.current++;
    setFormState(value);
    send({ type: 'editor.edit' });
  };
  latest.current.form = form;
  latest.current.item = item && latest.current.item && latest.current.item.version > item.version ? latest.current.item : item;

  const change = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const role = session?.staff.role;
  const mayPublish =
    item !== null && (role === 'editor' || role === 'admin' || (role === 'author' && item.createdById === session?.staff.id));

  /** Work outside the machine (an upload, the revisions' list): busy while it runs, its failure said. */
  const run = async (work: () => Promise<void>) => {
    setRunning(true);
    setMessage(null);
    try {
      await work();
    } catch (caught) {
      const failure = failureOf(caught, options.isConflict);
      setMessage({ text: failure.message, error: true, conflict: failure.status === 409 });
    } finally {
      setRunning(false);
    }
  };

  const save = () => {
    const built = options.inputOf(form);
    // A form that cannot be read is said at once, without a call.
    if (!built.ok) {
      say(built.message, true);
      return;
    }
    setMessage(null);
    send({ type: 'editor.save' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };

  const act = (action: Action, at?: string) => {
    scheduledAt.current = at;
    send({ type: 'editor.status', action });
  };

  const reload = () => send({ type: 'editor.reload' });

  /** What EditorialRevisions needs for this item: its list, and a restore taken on as a new version. */
  const loadRevisions = options.api.revisions;
  const revisions =
    item && loadRevisions
      ? {
          version: item.version,
          run,
          load: () => loadRevisions(item.id),
          restore: async (revision: Revision) => send({ type: 'editor.restore', revision: { id: revision.id, version: revision.version } }),
        }
      : null;

  return {
    item,
    form,
    setForm,
    change,
    message,
    say,
    busy: running || isCalling(editor),
    run,
    mayPublish,
    save,
    submit,
    act,
    reload,
    revisions,
    /** The preview link last made (after a save: the machine saves first), and how to ask for one. */
    preview: { link: preview, request: () => send({ type: 'editor.preview' }) },
    unsaved: hasUnsavedText(editor),
    replacing,
    formKey,
    conflict: editor.context.conflict,
    /** The machine's state (`saving`, `publishing`…), for a page that says where the text stands. */
    state: String(editor.value),
    /** The item as a poll found it (its counts, its state), when nothing is under way that it would contradict. */
    refreshed: (fresh: Item) => {
      if (isCalling(editor) || fresh.version < (latest.current.item?.version ?? 0)) return;
      latest.current.item = fresh;
      setItem(fresh);
    },
  };
}

/** The workflow's sentences for a format, from its declaration's noun: "Mosaïque publiée.", "Concours programmé."… */
export function doneSentences(format: Pick<FormatDeclaration, 'noun'>): Record<'saved' | StatusAction, string> {
  const name = format.noun.short ?? format.noun.singular;
  const noun = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  const e = format.noun.gender === 'feminine' ? 'e' : '';
  return {
    saved: `${noun} enregistré${e}.`,
    publish: `${noun} publié${e}.`,
    schedule: `${noun} programmé${e}.`,
    unpublish: `${noun} dépublié${e}.`,
    draft: `${noun} repassé${e} en brouillon.`,
  };
}

/** A form whose reading cannot fail. */
export function always<Form, Input>(inputOf: (form: Form) => Input): (form: Form) => FormInput<Input> {
  return (form) => ({ ok: true, input: inputOf(form) });
}
