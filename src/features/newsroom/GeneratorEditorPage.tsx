/**
 * Writing a repartee generator: its title, address, introduction and image, its replies; then saving (the
 * version the editor loaded: a 409 names who saved first), publishing, scheduling or unpublishing, and the
 * revisions with restore — the articles' workflow, the generator's fields.
 */
import { type FormEvent, useId, useState } from 'react';
import type { PageData, Revision } from '../../api/queries/newsroom.ts';
import { NewsroomError } from '../../api/queries/newsroom.ts';
import { type AdminGenerator, newsroomGenerators } from '../../api/queries/newsroomGenerators.ts';
import { FormatRevisions } from './FormatRevisions.tsx';
import { GeneratorRepliesField } from './GeneratorRepliesField.tsx';
import { MediaPickerButton } from './MediaPickerDialog.tsx';
import { useNewsroomSession } from './NewsroomShell.tsx';
import { emptyForm, formOf, type GeneratorForm, inputOf, localInputValue } from './generatorFormModel.ts';
import { statusLabels } from './newsroomLabels.ts';
import { PreviewLinkButton } from './PreviewLinkButton.tsx';

const fieldClass = 'rounded border-2 border-encre px-2 py-1';
const buttonClass = 'rounded border-2 border-encre px-3 py-1 font-bold';

export function GeneratorEditorPage({ loaded, onCreated }: { loaded: PageData<AdminGenerator> | null; onCreated: (id: number) => void }) {
  const { session } = useNewsroomSession();
  const [generator, setGenerator] = useState<AdminGenerator | null>(loaded?.data ?? null);
  const [form, setForm] = useState<GeneratorForm>(() => (loaded?.data ? formOf(loaded.data) : emptyForm()));
  const [message, setMessage] = useState<{ text: string; error: boolean; conflict?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [scheduleAt, setScheduleAt] = useState(() => localInputValue(new Date(Date.now() + 3600_000)));
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const ids = { title: useId(), slug: useId(), description: useId(), url: useId(), alt: useId(), schedule: useId() };

  if (loaded?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.error}
      </p>
    );
  }

  const change = <K extends keyof GeneratorForm>(key: K, value: GeneratorForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const role = session?.staff.role;
  const mayPublish =
    generator !== null && (role === 'editor' || role === 'admin' || (role === 'author' && generator.createdById === session?.staff.id));

  const adopt = (fresh: AdminGenerator, text: string) => {
    setGenerator(fresh);
    setForm(formOf(fresh));
    setMessage({ text, error: false });
    if (revisions) void newsroomGenerators.revisions(fresh.id).then(setRevisions);
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
      if (!generator) {
        // The generator's own address loads it afresh (the page starts over there).
        onCreated((await newsroomGenerators.create(input)).id);
        return;
      }
      adopt(await newsroomGenerators.save(generator.id, { ...input, version: generator.version }), 'Générateur enregistré.');
    });
  };

  const act = (action: 'publish' | 'schedule' | 'unpublish' | 'draft') =>
    run(async () => {
      if (!generator) return;
      const scheduledAt = action === 'schedule' ? new Date(scheduleAt).toISOString() : undefined;
      const done = {
        publish: 'Générateur publié.',
        schedule: 'Générateur programmé.',
        unpublish: 'Générateur dépublié.',
        draft: 'Générateur repassé en brouillon.',
      };
      adopt(await newsroomGenerators.changeStatus(generator.id, { action, version: generator.version, scheduledAt }), done[action]);
    });

  const reload = () =>
    run(async () => {
      if (generator) adopt(await newsroomGenerators.get(generator.id), 'Dernière version chargée.');
    });

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">{generator ? generator.title : 'Nouveau générateur de répartie'}</h1>
      {generator ? (
        <p className="mt-1 text-sm">
          {statusLabels[generator.status]} · version {generator.version}
          {generator.updatedByName ? ` · modifié par ${generator.updatedByName}` : ''}
          {generator.status === 'published' ? (
            <>
              {' · '}
              <a href={generator.fullUrl} className="underline">
                Voir la page publique
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-4 grid gap-4 lg:grid-cols-[2fr_1fr]" noValidate>
        <div className="grid content-start gap-4">
          <div className="grid gap-1">
            <label htmlFor={ids.title} className="text-sm font-bold">
              Titre (la situation)
            </label>
            <input
              id={ids.title}
              value={form.title}
              maxLength={200}
              onChange={(e) => change('title', e.target.value)}
              className={fieldClass}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.description} className="text-sm font-bold">
              Introduction
            </label>
            <textarea
              id={ids.description}
              rows={3}
              value={form.description}
              maxLength={400}
              onChange={(e) => change('description', e.target.value)}
              className={fieldClass}
            />
          </div>
          <GeneratorRepliesField
            replies={form.replies}
            onChange={(replies) => change('replies', replies)}
            shareBase={generator ? generator.fullUrl : null}
          />
        </div>
        <div className="grid content-start gap-4">
          <div className="grid gap-1">
            <label htmlFor={ids.slug} className="text-sm font-bold">
              Adresse
            </label>
            <input
              id={ids.slug}
              value={form.slug}
              maxLength={120}
              onChange={(e) => change('slug', e.target.value)}
              aria-describedby={`${ids.slug}-aide`}
              className={fieldClass}
            />
            <p id={`${ids.slug}-aide`} className="text-xs">
              /generateur-de-repartie/… ; vide : tirée du titre. Changer celle d’un générateur publié redirige l’ancienne.
            </p>
          </div>
          <fieldset className="grid gap-2 rounded border-2 border-encre/30 p-3">
            <legend className="px-1 font-bold">Image</legend>
            {/^\/(?!\/)/.test(form.image.url) ? (
              <img src={form.image.url} alt="" className="aspect-[3/2] w-full rounded object-cover" />
            ) : null}
            <label htmlFor={ids.url} className="text-sm font-bold">
              Adresse de l’image
            </label>
            <input
              id={ids.url}
              value={form.image.url}
              onChange={(e) => change('image', { ...form.image, url: e.target.value })}
              className={fieldClass}
            />
            <label htmlFor={ids.alt} className="text-sm font-bold">
              Texte alternatif (obligatoire)
            </label>
            <input
              id={ids.alt}
              required
              value={form.image.alt}
              onChange={(e) => change('image', { ...form.image, alt: e.target.value })}
              className={fieldClass}
            />
            <MediaPickerButton
              title="Image"
              onPick={(item) => change('image', { url: item.url, alt: form.image.alt || item.alt, width: item.width, height: item.height })}
            />
          </fieldset>
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
          <button type="submit" disabled={busy} className="rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-50">
            {generator ? 'Enregistrer' : 'Créer le brouillon'}
          </button>
          {generator ? (
            <div className="grid gap-3 rounded border-2 border-encre/30 p-3">
              {mayPublish && generator.status !== 'published' ? (
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
              {mayPublish && generator.status === 'published' ? (
                <button type="button" disabled={busy} onClick={() => act('unpublish')} className={buttonClass}>
                  Dépublier
                </button>
              ) : null}
              {generator.status === 'scheduled' || generator.status === 'unpublished' ? (
                <button type="button" disabled={busy} onClick={() => act('draft')} className={buttonClass}>
                  Repasser en brouillon
                </button>
              ) : null}
              {!mayPublish ? <p className="text-sm">Un éditeur ou une éditrice publiera ce générateur.</p> : null}
            </div>
          ) : null}
          {generator ? <PreviewLinkButton makeLink={() => newsroomGenerators.previewLink(generator.id)} /> : null}
        </div>
      </form>
      {generator ? (
        <FormatRevisions
          item={generator}
          revisions={revisions}
          setRevisions={setRevisions}
          list={newsroomGenerators.revisions}
          restore={newsroomGenerators.restore}
          onRestored={adopt}
          run={run}
        />
      ) : null}
    </section>
  );
}
