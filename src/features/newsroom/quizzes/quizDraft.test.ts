import { describe, expect, it } from 'vitest';
import { bodyOf, draftProblems, emptyQuiz, moved, type QuizDraft, renameResult, resized, slugOf } from './quizDraft.ts';

const picture = { url: '/media/library/x.webp', alt: 'Une image', width: 10, height: 10 };

function playable(): QuizDraft {
  const draft = emptyQuiz();
  draft.title = 'Un quiz';
  draft.image = picture;
  draft.results = [
    { slug: 'a', title: 'A', description: '', image: picture },
    { slug: 'b', title: 'B', description: '', image: picture },
  ];
  draft.questions[0] = {
    text: 'Q ?',
    answerKind: 'text',
    audio: null,
    answers: ['a', 'b', 'a', 'b'].map((resultSlug, i) => ({ text: `R${i}`, image: null, resultSlug })),
  };
  return draft;
}

describe('the quiz editor’s draft', () => {
  it('a new quiz says what it lacks, in the server’s words', () => {
    const messages = draftProblems(emptyQuiz()).map((p) => p.message);
    expect(messages).toContain('Question 1, réponse 1 : elle ne compte pour aucun résultat.');
    expect(messages).toContain("Choisissez l'image du quiz.");
    expect(draftProblems(playable())).toEqual([]);
  });

  it('resizes answer lists keeping the first answers, and renames a result in the answers that count for it', () => {
    const draft = playable();
    const six = resized(draft.questions[0] as QuizDraft['questions'][number], 6);
    expect(six.answers.map((a) => a.resultSlug)).toEqual(['a', 'b', 'a', 'b', null, null]);
    expect(resized(six, 4).answers.map((a) => a.text)).toEqual(['R0', 'R1', 'R2', 'R3']);
    const renamed = renameResult(draft, 0, 'alpha');
    expect(renamed.results.map((r) => r.slug)).toEqual(['alpha', 'b']);
    expect(renamed.questions[0]?.answers.map((a) => a.resultSlug)).toEqual(['alpha', 'b', 'alpha', 'b']);
  });

  it('moves items within bounds, makes slugs, and sends no picture with a text answer nor an empty slug', () => {
    expect(moved(['x', 'y', 'z'], 0, 1)).toEqual(['y', 'x', 'z']);
    expect(moved(['x', 'y'], 0, -1)).toEqual(['x', 'y']);
    expect(slugOf('Piment très « fort » !')).toBe('piment-tres-fort');
    const draft = playable();
    (draft.questions[0]?.answers[0] as { image: unknown }).image = picture;
    const body = bodyOf(draft);
    expect(body.questions[0]?.answers[0]?.image).toBeNull();
    expect('slug' in body).toBe(false);
  });
});
