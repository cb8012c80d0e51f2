/**
 * The editorial workflow of one newsroom format's editor page (generators, quotations, popins, contests,
 * mosaics, shopping, Instagram posts): the item as last saved, the form, saving (creating, then saving the
 * version the editor loaded: a 409 offers the latest one), the status actions, and the message that tells how
 * it went. A format's page brings its API calls, its form ↔ item mapping and its sentences; the workflow is
 * this one, so a new format is its fields, not a copy of the handlers.
 */
import { type FormEvent, useState } from 'react';
import { type ArticleStatus, NewsroomError, type Revision } from '../../api/queries/newsroom.ts';
import type { StatusAction } from './EditorialStatusActions.tsx';
import { useNewsroomSession } from './NewsroomShell.tsx';

/** What the workflow needs of a format's item. */
export interface EditorialItem {
  id: number;
  version: number;
  status: ArticleStatus;
  createdById: number | null;
}

/** A format's calls (src/api/queries/newsroom*.ts) that the workflow makes. */
export interface FormatEditorApi<Item, Input> {
  create(input: Input): Promise<{ id: number }>;
  save(id: number, body: Input & { version: number }): Promise<Item>;
  changeStatus(id: number, body: { action: StatusAction; version: number; scheduledAt?: string }): Promise<Item>;
  get(id: number): Promise<Item>;
  revisions(id: number): Promise<Revision[]>;
  restore(id: number, revisionId: number, version: number): Promise<Item>;
}

/** The form read as the call's body, or the sentence that says why it cannot be sent. */
export type FormInput<Input> = { ok: true; input: Input } | { ok: false; message: string };

export interface EditorMessage {
  text: string;
  error: boolean;
  /** A 409: someone saved first; the page offers to load the latest version. */
  conflict?: boolean;
}

export interface FormatEditorOptions<Item extends EditorialItem, Form, Input> {
  loaded: Item | null;
  api: FormatEditorApi<Item, Input>;
  emptyForm: () => Form;
  formOf: (item: Item) => Form;
  inputOf: (form: Form) => FormInput<Input>;
  /** After a creation: the item's own address loads it afresh (the page starts over there). */
  onCreated: (id: number) => void;
  /** The sentences of a successful save and of each status action ("Mosaïque publiée."…). */
  done: Record<'saved' | StatusAction, string>;
}

const FAILED = 'L’opération a échoué : réessayez.';

export function useFormatEditor<Item extends EditorialItem, Form, Input>(options: FormatEditorOptions<Item, Form, Input>) {
  const { api, formOf, done } = options;
  const { session } = useNewsroomSession();
  const [item, setItem] = useState<Item | null>(options.loaded);
  const [form, setForm] = useState<Form>(() => (options.loaded ? formOf(options.loaded) : options.emptyForm()));
  const [message, setMessage] = useState<EditorMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const change = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const role = session?.staff.role;
  const mayPublish =
    item !== null && (role === 'editor' || role === 'admin' || (role === 'author' && item.createdById === session?.staff.id));

  const adopt = (fresh: Item, text: string) => {
    setItem(fresh);
    setForm(formOf(fresh));
    setMessage({ text, error: false });
  };

  const say = (text: string, error: boolean) => setMessage({ text, error });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (caught) {
      const known = caught instanceof NewsroomError;
      setMessage({ text: known ? caught.message : FAILED, error: true, conflict: known && caught.status === 409 });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = options.inputOf(form);
    if (!built.ok) {
      say(built.message, true);
      return;
    }
    void run(async () => {
      if (!item) {
        options.onCreated((await api.create(built.input)).id);
        return;
      }
      adopt(await api.save(item.id, { ...built.input, version: item.version }), done.saved);
    });
  };

  const act = (action: StatusAction, scheduledAt?: string) =>
    run(async () => {
      if (item) adopt(await api.changeStatus(item.id, { action, version: item.version, scheduledAt }), done[action]);
    });

  const reload = () =>
    run(async () => {
      if (item) adopt(await api.get(item.id), 'Dernière version chargée.');
    });

  /** What EditorialRevisions needs for this item: its list, and a restore taken on as a new version. */
  const revisions = item
    ? {
        version: item.version,
        run,
        load: () => api.revisions(item.id),
        restore: async (revision: Revision) =>
          adopt(await api.restore(item.id, revision.id, item.version), `Version ${revision.version} restaurée.`),
      }
    : null;

  return { item, form, setForm, change, message, say, busy, run, mayPublish, submit, act, reload, revisions };
}

/** The workflow's sentences for a format's noun: "Mosaïque publiée.", "Concours programmé."… */
export function doneSentences(noun: string, gender: 'f' | 'm'): Record<'saved' | StatusAction, string> {
  const e = gender === 'f' ? 'e' : '';
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
