import { describe, expect, it } from 'vitest';
import { computeQuizResult } from './quizResult.ts';
import { type PlayableShape, quizProblems } from '../../lib/quiz/quizPlayability.ts';

const answers = (...slugs: (string | null)[]) => slugs.map((resultSlug) => ({ resultSlug }));
const results = (...slugs: string[]) => slugs.map((slug) => ({ slug }));

/** Every combination of answers, scored by the readers' rule: the results that can come out. */
function reachable(quiz: PlayableShape): Set<string> {
  const out = new Set<string>();
  const withIds = {
    questions: quiz.questions.map((q, i) => ({
      answers: q.answers.map((a, j) => ({ id: i * 100 + j + 1, text: '', image: null, resultUrl: a.resultSlug ?? '' })),
    })),
    results: quiz.results.map((r, i) => ({
      id: i + 1,
      url: r.slug,
      title: r.slug,
      description: '',
      image: { url: '/x', alt: '', width: 1, height: 1 },
    })),
  };
  const walk = (index: number, picked: number[]) => {
    if (index === withIds.questions.length) {
      const outcome = computeQuizResult(withIds, picked);
      if (outcome.ok) out.add(outcome.result.url);
      return;
    }
    for (const answer of withIds.questions[index]?.answers ?? []) walk(index + 1, [...picked, answer.id]);
  };
  walk(0, []);
  return out;
}

describe('quizProblems', () => {
  it('accepts a quiz where every result can come out', () => {
    const quiz = {
      questions: [{ answers: answers('a', 'b', 'c', 'a') }, { answers: answers('b', 'c', 'a', 'b', 'c', 'a') }],
      results: results('a', 'b', 'c'),
    };
    expect(quizProblems(quiz)).toEqual([]);
  });

  it('names the question without answers, the wrong count, the answer scoring nothing or an unknown result', () => {
    const quiz = {
      questions: [
        { answers: answers('a', 'b', 'a', 'b') },
        { answers: [] },
        { answers: answers('a', 'b', 'a', 'b', 'a') },
        { answers: answers('a', null, 'zzz', 'b') },
      ],
      results: results('a', 'b'),
    };
    expect(quizProblems(quiz).map((p) => p.message)).toEqual([
      'Question 2 : aucune réponse.',
      'Question 3 : 5 réponses ; une liste de réponses en compte 4 ou 6.',
      'Question 4, réponse 2 : elle ne compte pour aucun résultat.',
      "Question 4, réponse 3 : le résultat « zzz » n'existe pas dans ce quiz.",
    ]);
    expect(quizProblems(quiz)[0]?.field).toBe('questions.1.answers');
  });

  it('says so when there is no question or no result, and refuses two results at one address', () => {
    expect(quizProblems({ questions: [], results: [] }).map((p) => p.field)).toEqual(['questions', 'results']);
    expect(quizProblems({ questions: [{ answers: answers('a', 'a', 'a', 'a') }], results: results('a', 'a') })[0]?.message).toMatch(
      /Résultat 2 : l'adresse « a » est déjà/,
    );
    const empty = quizProblems({ questions: [{ answers: answers('a', 'a', 'a', 'a') }], results: results('a', '', '') });
    expect(empty.filter((p) => p.field.endsWith('.slug')).map((p) => p.message)).toEqual([
      "Résultat 2 : l'adresse est vide ; donnez-lui une adresse.",
      "Résultat 3 : l'adresse est vide ; donnez-lui une adresse.",
    ]);
    expect(empty.map((p) => p.message).join('\n')).not.toContain('« »');
  });

  it('names a result no answer leads to', () => {
    const quiz = { questions: [{ answers: answers('a', 'b', 'a', 'b') }], results: results('a', 'b', 'orphelin') };
    expect(quizProblems(quiz)).toEqual([{ field: 'results.2', message: "Résultat « orphelin » : aucune réponse n'y mène." }]);
  });

  it('names a result that is named but can never win (the tie goes to an earlier one)', () => {
    // "b" gets at most one point, and "a" always gets the other question's point: a tie, which "a" wins.
    const quiz = {
      questions: [{ answers: answers('a', 'b', 'a', 'a') }, { answers: answers('a', 'a', 'a', 'a') }],
      results: results('a', 'b'),
    };
    expect(quizProblems(quiz).map((p) => p.field)).toEqual(['results.1']);
    expect(reachable(quiz)).toEqual(new Set(['a']));
  });

  it('agrees with every combination of answers played by the readers’ rule', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const slugs = ['a', 'b', 'c', 'd'].slice(0, 2 + random(3));
      const questions = Array.from({ length: 1 + random(3) }, () => ({
        answers: answers(...Array.from({ length: 4 }, () => slugs[random(slugs.length)] as string)),
      }));
      const quiz = { questions, results: results(...slugs) };
      const blocked = new Set(quizProblems(quiz).map((p) => quiz.results[Number(p.field.split('.')[1])]?.slug));
      const expected = new Set(slugs.filter((s) => !reachable(quiz).has(s)));
      expect(blocked, JSON.stringify(quiz)).toEqual(expected);
    }
  });
});
