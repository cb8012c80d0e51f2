/**
 * The quiz editor (issue 19): the quiz, its results, its questions and their answers, saved through the
 * shared editorial workflow (versions: a 409 says who saved first), published, scheduled or withdrawn,
 * previewed by a signed link, restored from a revision. What keeps the quiz from being played shows
 * while it is written, in the server's own words (src/lib/quiz/quizPlayability.ts).
 */
import { saveLabel } from '../editorVocabulary.ts';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { PageData } from '../../../api/queries/newsroom.ts';
import { type AdminQuiz, newsroomQuizzes, type QuizDraftInput } from '../../../api/queries/newsroomQuizzes.ts';
import { quizDeclaration } from '../../../formats/quizFormat.ts';
import { EditorialRevisions } from '../EditorialRevisions.tsx';
import { thisItem } from '../../../formats/formatWords.ts';
import { EditorialStatusActions } from '../EditorialStatusActions.tsx';
import { EditorMessageBox } from '../EditorMessageBox.tsx';
import { statusLabels } from '../newsroomLabels.ts';
import { PreviewLinkButton } from '../PreviewLinkButton.tsx';
import { doneSentences, type FormInput, useFormatEditor } from '../useFormatEditor.ts';
import { MoveButtons } from '../MoveButtons.tsx';
import { LibraryImageField } from './LibraryImageField.tsx';
import { QuestionSoundField } from './QuestionSoundField.tsx';
import {
  ANSWER_COUNTS,
  bodyOf,
  type DraftAnswer,
  type DraftQuestion,
  type DraftResult,
  draftOf,
  draftProblems,
  emptyQuestion,
  emptyQuiz,
  emptyResult,
  moved,
  type QuizDraft,
  renameResult,
  resized,
  slugOf,
} from './quizDraft.ts';

const input = 'rounded border-2 border-encre px-2 py-1';
const button = 'rounded border-2 border-encre px-3 py-1 font-bold';

/** A quiz that cannot be played yet is not sent: the first problem says why, in the server's own words. */
function quizInputOf(draft: QuizDraft): FormInput<QuizDraftInput> {
  const problem = draftProblems(draft)[0];
  return problem
    ? { ok: false, message: `Ce quiz ne peut pas encore être enregistré : ${problem.message}` }
    : { ok: true, input: bodyOf(draft) };
}

export function QuizEditorPage({ loaded, onCreated }: { loaded: PageData<AdminQuiz> | null; onCreated: (id: number) => void }) {
  const editor = useFormatEditor({
    loaded: loaded?.data ?? null,
    api: newsroomQuizzes,
    emptyForm: emptyQuiz,
    formOf: draftOf,
    inputOf: quizInputOf,
    onCreated,
    done: { ...doneSentences(quizDeclaration), reloaded: 'Quiz rechargé.' },
  });
  const { item: quiz, form: draft, setForm, message, say, busy, mayPublish, submit, act, reload, revisions, preview } = editor;
  const problemsId = useId();
  const isNew = quiz === null;
  const problems = draftProblems(draft);

  const edit = (change: (d: QuizDraft) => QuizDraft) => setForm((d) => change(d));
  const editQuestion = (q: number, change: (question: DraftQuestion) => DraftQuestion) =>
    edit((d) => ({ ...d, questions: d.questions.map((question, i) => (i === q ? change(question) : question)) }));
  const editAnswer = (q: number, a: number, change: Partial<DraftAnswer>) =>
    editQuestion(q, (question) => ({
      ...question,
      answers: question.answers.map((answer, j) => (j === a ? { ...answer, ...change } : answer)),
    }));
  const editResult = (r: number, change: Partial<DraftResult>) =>
    edit((d) => ({ ...d, results: d.results.map((result, i) => (i === r ? { ...result, ...change } : result)) }));

  const imageError = (text: string) => say(text, true);

  if (loaded?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.error}
      </p>
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-6" aria-describedby={problems.length > 0 ? problemsId : undefined} noValidate>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">{isNew ? 'Nouveau quiz' : `Quiz : ${quiz?.title}`}</h1>
        <Link to="/admin/quizz" className="underline-offset-4 hover:underline">
          Tous les quiz
        </Link>
      </div>
      {quiz ? (
        <p className="text-sm">
          État : <strong>{statusLabels[quiz.status]}</strong> · version {quiz.version}
          {quiz.status === 'published' ? (
            <>
              {' · '}
              <a href={quiz.url} className="underline">
                Voir la page publique
              </a>
            </>
          ) : null}
        </p>
      ) : null}

      <fieldset className="grid gap-3 rounded border-2 border-encre p-4">
        <legend className="px-1 font-display text-xl font-bold">Le quiz</legend>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Titre</span>
          <input
            value={draft.title}
            onChange={(e) => edit((d) => ({ ...d, title: e.target.value }))}
            className={input}
            maxLength={200}
            required
          />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Adresse (facultative : tirée du titre)</span>
          <input value={draft.slug} onChange={(e) => edit((d) => ({ ...d, slug: e.target.value }))} className={input} maxLength={200} />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Introduction</span>
          <textarea
            value={draft.intro}
            onChange={(e) => edit((d) => ({ ...d, intro: e.target.value }))}
            className={input}
            rows={3}
            maxLength={2000}
          />
        </label>
        <LibraryImageField
          legend="Image du quiz"
          image={draft.image}
          onChange={(image) => edit((d) => ({ ...d, image }))}
          onError={imageError}
        />
      </fieldset>

      <fieldset className="grid gap-4 rounded border-2 border-encre p-4">
        <legend className="px-1 font-display text-xl font-bold">Résultats</legend>
        <p className="text-sm">Chaque réponse donne un point à un résultat ; en cas d’égalité, le résultat placé le plus haut l’emporte.</p>
        {draft.results.map((result, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: results are edited in place; their position is their identity here.
          <fieldset key={r} className="grid gap-2 rounded border-2 border-encre/40 p-3">
            <legend className="px-1 font-bold">Résultat {r + 1}</legend>
            <label className="grid gap-1">
              <span className="text-sm font-bold">Titre du résultat</span>
              <input
                value={result.title}
                onChange={(e) => {
                  const title = e.target.value;
                  // The address follows the title until it is written by hand.
                  const follows = result.slug === '' || result.slug === slugOf(result.title);
                  edit((d) => {
                    const named = { ...d, results: d.results.map((x, i) => (i === r ? { ...x, title } : x)) };
                    return follows ? renameResult(named, r, slugOf(title)) : named;
                  });
                }}
                className={input}
                maxLength={200}
              />
            </label>
            <label className="grid gap-1">
              <span className="text-sm font-bold">Adresse du résultat</span>
              <input
                value={result.slug}
                onChange={(e) => edit((d) => renameResult(d, r, e.target.value))}
                className={input}
                maxLength={200}
              />
            </label>
            <label className="grid gap-1">
              <span className="text-sm font-bold">Description du résultat</span>
              <textarea
                value={result.description}
                onChange={(e) => editResult(r, { description: e.target.value })}
                className={input}
                rows={2}
                maxLength={2000}
              />
            </label>
            <LibraryImageField
              legend={`Image du résultat ${r + 1}`}
              image={result.image}
              onChange={(image) => editResult(r, { image })}
              onError={imageError}
            />
            <MoveButtons
              what={`le résultat ${r + 1}`}
              index={r}
              count={draft.results.length}
              onMove={(by) => edit((d) => ({ ...d, results: moved(d.results, r, by) }))}
              onRemove={() => edit((d) => ({ ...d, results: d.results.filter((_, i) => i !== r) }))}
            />
          </fieldset>
        ))}
        <button
          type="button"
          onClick={() => edit((d) => ({ ...d, results: [...d.results, emptyResult()] }))}
          className={`${button} justify-self-start`}
        >
          Ajouter un résultat
        </button>
      </fieldset>

      <fieldset className="grid gap-4 rounded border-2 border-encre p-4">
        <legend className="px-1 font-display text-xl font-bold">Questions</legend>
        {draft.questions.map((question, q) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: questions are edited in place; their position is their identity here.
          <fieldset key={q} className="grid gap-3 rounded border-2 border-encre/40 p-3">
            <legend className="px-1 font-bold">Question {q + 1}</legend>
            <label className="grid gap-1">
              <span className="text-sm font-bold">Texte de la question</span>
              <input
                value={question.text}
                onChange={(e) => editQuestion(q, (x) => ({ ...x, text: e.target.value }))}
                className={input}
                maxLength={300}
              />
            </label>
            <div className="flex flex-wrap gap-4">
              <label className="grid gap-1">
                <span className="text-sm font-bold">Réponses en</span>
                <select
                  value={question.answerKind}
                  onChange={(e) => editQuestion(q, (x) => ({ ...x, answerKind: e.target.value as DraftQuestion['answerKind'] }))}
                  className={input}
                >
                  <option value="text">texte</option>
                  <option value="picture">images</option>
                </select>
              </label>
              <label className="grid gap-1">
                <span className="text-sm font-bold">Nombre de réponses</span>
                <select
                  value={question.answers.length}
                  onChange={(e) => editQuestion(q, (x) => resized(x, Number(e.target.value)))}
                  className={input}
                >
                  {ANSWER_COUNTS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <QuestionSoundField
              label={`Question ${q + 1}`}
              audio={question.audio ?? null}
              onChange={(audio) => editQuestion(q, (x) => ({ ...x, audio }))}
              onError={imageError}
            />
            <ol className="grid gap-3 md:grid-cols-2">
              {question.answers.map((answer, a) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: answers are edited in place; their position is their identity here.
                <li key={a}>
                  <fieldset className="grid gap-2 rounded border border-encre/40 p-2">
                    <legend className="px-1 text-sm font-bold">
                      Question {q + 1}, réponse {a + 1}
                    </legend>
                    <label className="grid gap-1">
                      <span className="text-sm">Texte de la réponse</span>
                      <input
                        value={answer.text}
                        onChange={(e) => editAnswer(q, a, { text: e.target.value })}
                        className={input}
                        maxLength={200}
                      />
                    </label>
                    <label className="grid gap-1">
                      <span className="text-sm">Compte pour le résultat</span>
                      <select
                        value={answer.resultSlug ?? ''}
                        onChange={(e) => editAnswer(q, a, { resultSlug: e.target.value || null })}
                        className={input}
                      >
                        <option value="">— aucun —</option>
                        {draft.results
                          .filter((r) => r.slug)
                          .map((r) => (
                            <option key={r.slug} value={r.slug}>
                              {r.title || r.slug}
                            </option>
                          ))}
                      </select>
                    </label>
                    {question.answerKind === 'picture' ? (
                      <LibraryImageField
                        legend={`Image de la réponse ${a + 1} (question ${q + 1})`}
                        image={answer.image ?? { url: '', alt: '', width: 1, height: 1 }}
                        onChange={(image) => editAnswer(q, a, { image })}
                        onError={imageError}
                      />
                    ) : null}
                  </fieldset>
                </li>
              ))}
            </ol>
            <MoveButtons
              what={`la question ${q + 1}`}
              index={q}
              count={draft.questions.length}
              onMove={(by) => edit((d) => ({ ...d, questions: moved(d.questions, q, by) }))}
              onRemove={() => edit((d) => ({ ...d, questions: d.questions.filter((_, i) => i !== q) }))}
            />
          </fieldset>
        ))}
        <button
          type="button"
          onClick={() => edit((d) => ({ ...d, questions: [...d.questions, emptyQuestion()] }))}
          className={`${button} justify-self-start`}
        >
          Ajouter une question
        </button>
      </fieldset>

      <section id={problemsId} aria-live="polite" className="rounded border-2 border-encre/40 p-3">
        {problems.length > 0 ? (
          <>
            <h2 className="font-bold">Ce quiz ne peut pas encore se jouer :</h2>
            <ul className="list-disc pl-6 text-sm">
              {problems.map((p) => (
                <li key={`${p.field}:${p.message}`}>{p.message}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="font-bold">Ce quiz peut se jouer jusqu’à chacun de ses résultats.</p>
        )}
      </section>

      <EditorMessageBox message={message} onReload={reload} />

      <div className="flex flex-wrap items-end gap-3 border-t-2 md:sticky md:bottom-0 border-encre bg-white py-3">
        <button type="submit" disabled={busy} className="rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-50">
          {saveLabel(!isNew)}
        </button>
        {quiz ? (
          <EditorialStatusActions
            status={quiz.status}
            mayPublish={mayPublish}
            busy={busy}
            act={act}
            whoPublishes={`Un éditeur ou une éditrice publiera ${thisItem(quizDeclaration.noun)}.`}
          />
        ) : null}
        {quiz ? <PreviewLinkButton link={preview.link} busy={busy} onPreview={preview.request} /> : null}
      </div>

      {revisions ? <EditorialRevisions {...revisions} /> : null}
    </form>
  );
}
