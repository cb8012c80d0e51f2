/**
 * Writing a footer quotation: its text, author and rank; then saving (the version the editor loaded: a 409
 * names who saved first), publishing, scheduling or unpublishing, and the revisions with restore.
 */
import { type FormEvent, useId, useState } from 'react';
import type { PageData, Revision } from '../../api/queries/newsroom.ts';
import { NewsroomError } from '../../api/queries/newsroom.ts';
import { type AdminQuotation, newsroomQuotations, type QuotationDraftInput } from '../../api/queries/newsroomQuotations.ts';
import { FormatRevisions } from './FormatRevisions.tsx';
import { useNewsroomSession } from './NewsroomShell.tsx';
import { localInputValue } from './generatorFormModel.ts';
import { statusLabels } from './newsroomLabels.ts';
import { PreviewLinkButton } from './PreviewLinkButton.tsx';

const fieldClass = 'rounded border-2 border-encre px-2 py-1';
const buttonClass = 'rounded border-2 border-encre px-3 py-1 font-bold';

interface Form {
  text: string;
  author: string;
  /** As typed: empty leaves the rank to the server (after the others). */
  position: string;
}

const formOf = (q: AdminQuotation): Form => ({ text: q.text, author: q.author, position: String(q.position) });

function inputOf(form: Form): QuotationDraftInput {
  const position = form.position.trim() === '' ? undefined : Number(form.position);
  return { text: form.text, author: form.author, ...(position === undefined ? {} : { position }) };
}

export function QuotationEditorPage({ loaded, onCreated }: { loaded: PageData<AdminQuotation> | null; onCreated: (id: number) => void }) {
  const { session } = useNewsroomSession();
  const [quotation, setQuotation] = useState<AdminQuotation | null>(loaded?.data ?? null);
  const [form, setForm] = useState<Form>(() => (loaded?.data ? formOf(loaded.data) : { text: '', author: '', position: '' }));
  const [message, setMessage] = useState<{ text: string; error: boolean; conflict?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [scheduleAt, setScheduleAt] = useState(() => localInputValue(new Date(Date.now() + 3600_000)));
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const ids = { text: useId(), author: useId(), position: useId(), schedule: useId() };

  if (loaded?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.error}
      </p>
    );
  }

  const change = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const role = session?.staff.role;
  const mayPublish =
    quotation !== null && (role === 'editor' || role === 'admin' || (role === 'author' && quotation.createdById === session?.staff.id));

  const adopt = (fresh: AdminQuotation, text: string) => {
    setQuotation(fresh);
    setForm(formOf(fresh));
    setMessage({ text, error: false });
    if (revisions) void newsroomQuotations.revisions(fresh.id).then(setRevisions);
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (caught) {
      const known = caught instanceof NewsroomError;
      setMessage({
        text: known ? caught.message : 'L’opération a échoué : réessayez.',
        error: true,
        conflict: known && caught.status === 409,
      });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const input = inputOf(form);
      if (!quotation) {
        onCreated((await newsroomQuotations.create(input)).id);
        return;
      }
      adopt(await newsroomQuotations.save(quotation.id, { ...input, version: quotation.version }), 'Citation enregistrée.');
    });
  };

  const act = (action: 'publish' | 'schedule' | 'unpublish' | 'draft') =>
    run(async () => {
      if (!quotation) return;
      const scheduledAt = action === 'schedule' ? new Date(scheduleAt).toISOString() : undefined;
      const done = {
        publish: 'Citation publiée.',
        schedule: 'Citation programmée.',
        unpublish: 'Citation dépubliée.',
        draft: 'Citation repassée en brouillon.',
      };
      adopt(await newsroomQuotations.changeStatus(quotation.id, { action, version: quotation.version, scheduledAt }), done[action]);
    });

  const reload = () =>
    run(async () => {
      if (quotation) adopt(await newsroomQuotations.get(quotation.id), 'Dernière version chargée.');
    });

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">{quotation ? 'Citation' : 'Nouvelle citation'}</h1>
      {quotation ? (
        <p className="mt-1 text-sm">
          {statusLabels[quotation.status]} · version {quotation.version}
          {quotation.updatedByName ? ` · modifiée par ${quotation.updatedByName}` : ''}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-4 grid max-w-2xl gap-4" noValidate>
        <div className="grid gap-1">
          <label htmlFor={ids.text} className="text-sm font-bold">
            Citation
          </label>
          <textarea
            id={ids.text}
            rows={3}
            maxLength={300}
            value={form.text}
            onChange={(e) => change('text', e.target.value)}
            className={fieldClass}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.author} className="text-sm font-bold">
            Auteur ou autrice
          </label>
          <input
            id={ids.author}
            maxLength={120}
            value={form.author}
            onChange={(e) => change('author', e.target.value)}
            className={fieldClass}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.position} className="text-sm font-bold">
            Rang dans le pied de page
          </label>
          <input
            id={ids.position}
            type="number"
            min={0}
            inputMode="numeric"
            value={form.position}
            onChange={(e) => change('position', e.target.value)}
            aria-describedby={`${ids.position}-aide`}
            className={`${fieldClass} w-32`}
          />
          <p id={`${ids.position}-aide`} className="text-xs">
            Le plus petit d’abord ; vide : après les autres.
          </p>
        </div>
        <div aria-live="polite" className="min-h-6">
          {message ? (
            <div role={message.error ? 'alert' : 'status'} className={message.error ? 'font-bold text-piment-dark' : 'font-bold'}>
              <p>{message.text}</p>
              {message.conflict ? (
                <button type="button" onClick={reload} className={`${buttonClass} mt-2`}>
                  Recharger la dernière version
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="justify-self-start rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-50"
        >
          {quotation ? 'Enregistrer' : 'Créer le brouillon'}
        </button>
        {quotation ? (
          <div className="grid gap-3 rounded border-2 border-encre/30 p-3">
            {mayPublish && quotation.status !== 'published' ? (
              <>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => act('publish')}
                  className="rounded bg-piment-dark px-3 py-1 font-bold text-white"
                >
                  Publier maintenant
                </button>
                <label htmlFor={ids.schedule} className="text-sm font-bold">
                  Date et heure de publication
                </label>
                <input
                  id={ids.schedule}
                  type="datetime-local"
                  value={scheduleAt}
                  onChange={(e) => setScheduleAt(e.target.value)}
                  className={fieldClass}
                />
                <button type="button" disabled={busy} onClick={() => act('schedule')} className={buttonClass}>
                  Programmer
                </button>
              </>
            ) : null}
            {mayPublish && quotation.status === 'published' ? (
              <button type="button" disabled={busy} onClick={() => act('unpublish')} className={buttonClass}>
                Dépublier
              </button>
            ) : null}
            {quotation.status === 'scheduled' || quotation.status === 'unpublished' ? (
              <button type="button" disabled={busy} onClick={() => act('draft')} className={buttonClass}>
                Repasser en brouillon
              </button>
            ) : null}
            {!mayPublish ? <p className="text-sm">Un éditeur ou une éditrice publiera cette citation.</p> : null}
          </div>
        ) : null}
        {quotation ? <PreviewLinkButton makeLink={() => newsroomQuotations.previewLink(quotation.id)} /> : null}
      </form>
      {quotation ? (
        <FormatRevisions
          item={quotation}
          revisions={revisions}
          setRevisions={setRevisions}
          list={newsroomQuotations.revisions}
          restore={newsroomQuotations.restore}
          onRestored={adopt}
          run={run}
        />
      ) : null}
    </section>
  );
}
