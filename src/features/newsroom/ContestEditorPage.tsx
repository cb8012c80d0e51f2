/**
 * Writing a contest: title, address, description, image (from the media library, with its alt text), prize,
 * rules (one article per line), opening and closing (Paris time), the entrants' question; then saving (the version the editor
 * loaded: a 409 names who saved first), publishing, scheduling or unpublishing, and the revisions with
 * restore — the articles' workflow, the contest's fields.
 */
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { contestDeclaration } from '../../formats/contestFormat.ts';
import { type AdminContest, newsroomContests } from '../../api/queries/newsroomContests.ts';
import { contestStatusLabel } from '../../components/contestStatus.ts';
import { contestFormOf, contestInputOf, emptyContestForm } from './contestFormModel.ts';
import { EditorialRevisions } from './EditorialRevisions.tsx';
import { EditorSidebar } from './EditorSidebar.tsx';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { statusLabels } from './newsroomLabels.ts';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

export interface ContestEditorLoaded {
  contest: PageData<AdminContest> | null;
}

const fieldClass = 'rounded border-2 border-encre px-2 py-1';

export function ContestEditorPage({ loaded, onCreated }: { loaded: ContestEditorLoaded; onCreated: (id: number) => void }) {
  const editor = useFormatEditor({
    loaded: loaded.contest?.data ?? null,
    api: newsroomContests,
    emptyForm: emptyContestForm,
    formOf: contestFormOf,
    inputOf: always(contestInputOf),
    onCreated,
    done: doneSentences(contestDeclaration),
  });
  const { item: contest, form, change, run, submit, say, revisions } = editor;
  const ids = {
    title: useId(),
    slug: useId(),
    description: useId(),
    prize: useId(),
    rules: useId(),
    startsAt: useId(),
    endsAt: useId(),
    question: useId(),
    questionChoices: useId(),
  };

  if (loaded.contest?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.contest.error}
      </p>
    );
  }

  const text = (key: 'title' | 'slug' | 'prize', label: string, maxLength: number) => (
    <div className="grid gap-1">
      <label htmlFor={ids[key]} className="text-sm font-bold">
        {label}
      </label>
      <input id={ids[key]} value={form[key]} onChange={(e) => change(key, e.target.value)} maxLength={maxLength} className={fieldClass} />
    </div>
  );

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">{contest ? contest.title : 'Nouveau concours'}</h1>
      {contest ? (
        <p className="mt-1 text-sm">
          {statusLabels[contest.status]} · version {contest.version} · pour les lectrices : {contestStatusLabel[contest.state]}
          {contest.updatedByName ? ` · modifié par ${contest.updatedByName}` : ''}
          {' · '}
          <Link to="/admin/participations/$id" params={{ id: String(contest.id) }} className="font-bold underline">
            Participations et tirage au sort
          </Link>
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-4 grid gap-4 lg:grid-cols-[2fr_1fr]" noValidate>
        <div className="grid content-start gap-4">
          {text('title', 'Titre', 200)}
          {text('slug', 'Adresse (facultative : tirée du titre)', 200)}
          <div className="grid gap-1">
            <label htmlFor={ids.description} className="text-sm font-bold">
              Description
            </label>
            <textarea
              id={ids.description}
              value={form.description}
              onChange={(e) => change('description', e.target.value)}
              maxLength={2000}
              rows={3}
              className={fieldClass}
            />
          </div>
          {text('prize', 'Lot à gagner', 300)}
          <div className="grid gap-1">
            <label htmlFor={ids.rules} className="text-sm font-bold">
              Règlement (un article par ligne)
            </label>
            <textarea id={ids.rules} value={form.rules} onChange={(e) => change('rules', e.target.value)} rows={5} className={fieldClass} />
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.question} className="text-sm font-bold">
              Question posée aux participantes (facultative)
            </label>
            <input
              id={ids.question}
              value={form.question}
              onChange={(e) => change('question', e.target.value)}
              maxLength={300}
              className={fieldClass}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.questionChoices} className="text-sm font-bold">
              Réponses proposées (une par ligne ; vide : réponse libre)
            </label>
            <textarea
              id={ids.questionChoices}
              value={form.questionChoices}
              onChange={(e) => change('questionChoices', e.target.value)}
              rows={3}
              className={fieldClass}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1">
              <label htmlFor={ids.startsAt} className="text-sm font-bold">
                Ouverture (heure de Paris)
              </label>
              <input
                id={ids.startsAt}
                type="datetime-local"
                value={form.startsAt}
                onChange={(e) => change('startsAt', e.target.value)}
                className={fieldClass}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={ids.endsAt} className="text-sm font-bold">
                Clôture (heure de Paris)
              </label>
              <input
                id={ids.endsAt}
                type="datetime-local"
                value={form.endsAt}
                onChange={(e) => change('endsAt', e.target.value)}
                className={fieldClass}
              />
            </div>
          </div>
          <LibraryImageFields image={form.image} onChange={(image) => change('image', image)} run={run} say={say} aspect="aspect-[3/2]" />
        </div>
        <div className="grid content-start gap-4">
          <EditorSidebar
            editor={editor}
            format={contestDeclaration}
            publicLink={contest && { slug: contest.url, label: 'Voir la page du concours' }}
          />
        </div>
      </form>
      {revisions ? <EditorialRevisions {...revisions} /> : null}
    </section>
  );
}
