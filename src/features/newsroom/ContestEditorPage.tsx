/**
 * Writing a contest: title, address, description, image (from the media library, with its alt text), prize,
 * rules (one article per line), opening and closing (Paris time), the entrants' question; then saving (the version the editor
 * loaded: a 409 names who saved first), publishing, scheduling or unpublishing, and the revisions with
 * restore — the articles' workflow, the contest's fields.
 */
import { Link } from '@tanstack/react-router';
import type { PageData } from '../../api/queries/newsroom.ts';
import { contestDeclaration } from '../../formats/contestFormat.ts';
import { type AdminContest, newsroomContests } from '../../api/queries/newsroomContests.ts';
import { contestStatusLabel } from '../../components/contestStatus.ts';
import { contestFormOf, contestInputOf, emptyContestForm } from './contestFormModel.ts';
import { FieldRow } from './FieldRow.tsx';
import { FormatEditorFrame } from './FormatEditorFrame.tsx';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

export interface ContestEditorLoaded {
  contest: PageData<AdminContest> | null;
}

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
  const { item: contest, form, change, run, say } = editor;
  const field = (key: 'title' | 'slug' | 'prize' | 'description' | 'rules' | 'startsAt' | 'endsAt' | 'question' | 'questionChoices') => ({
    value: form[key],
    onChange: (value: string) => change(key, value),
  });

  return (
    <FormatEditorFrame
      editor={editor}
      format={contestDeclaration}
      loadError={loaded.contest?.error}
      title={contest?.title}
      details={
        contest ? (
          <>
            {` · pour les lectrices : ${contestStatusLabel[contest.state]} · `}
            <Link to="/admin/participations/$id" params={{ id: String(contest.id) }} className="font-bold underline">
              Participations et tirage au sort
            </Link>
          </>
        ) : null
      }
      publicLink={contest && { slug: contest.url, label: 'Voir la page du concours' }}
    >
      <FieldRow label="Titre" maxLength={200} {...field('title')} />
      <FieldRow label="Adresse (facultative : tirée du titre)" maxLength={200} {...field('slug')} />
      <FieldRow label="Description" maxLength={2000} rows={3} {...field('description')} />
      <FieldRow label="Lot à gagner" maxLength={300} {...field('prize')} />
      <FieldRow label="Règlement (un article par ligne)" rows={5} {...field('rules')} />
      <FieldRow label="Question posée aux participantes (facultative)" maxLength={300} {...field('question')} />
      <FieldRow label="Réponses proposées (une par ligne ; vide : réponse libre)" rows={3} {...field('questionChoices')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldRow label="Ouverture (heure de Paris)" type="datetime-local" {...field('startsAt')} />
        <FieldRow label="Clôture (heure de Paris)" type="datetime-local" {...field('endsAt')} />
      </div>
      <LibraryImageFields image={form.image} onChange={(image) => change('image', image)} run={run} say={say} aspect="aspect-[3/2]" />
    </FormatEditorFrame>
  );
}
