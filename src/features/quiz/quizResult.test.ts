import { describe, expect, it } from 'vitest';
import { quizFixture, quizQuestion, quizResult } from '../../testing/quizFixture.ts';
import { computeQuizResult, quizResultErrors } from './quizResult.ts';

const boheme = quizResult(1, 'boheme');
const chemise = quizResult(2, 'chemise');
const nuisette = quizResult(3, 'nuisette');
const quiz = quizFixture(
  [
    quizQuestion(10, [
      [11, 'boheme'],
      [12, 'chemise'],
      [13, 'nuisette'],
      [14, 'boheme'],
    ]),
    quizQuestion(20, [
      [21, 'chemise'],
      [22, 'nuisette'],
      [23, 'boheme'],
      [24, 'chemise'],
    ]),
    quizQuestion(30, [
      [31, 'nuisette'],
      [32, 'boheme'],
      [33, 'chemise'],
      [34, 'nuisette'],
    ]),
  ],
  [boheme, chemise, nuisette],
);

describe('computeQuizResult', () => {
  it('gives the result with the most points', () => {
    expect(computeQuizResult(quiz, [12, 21, 31])).toEqual({ ok: true, result: chemise });
    expect(computeQuizResult(quiz, [13, 22, 33])).toEqual({ ok: true, result: nuisette });
    expect(computeQuizResult(quiz, [11, 23, 32])).toEqual({ ok: true, result: boheme });
  });

  it('breaks a tie in favour of the result listed first in the quiz', () => {
    // One point each: boheme is listed first.
    expect(computeQuizResult(quiz, [13, 21, 32])).toEqual({ ok: true, result: boheme });
    // chemise and nuisette tie, boheme has none: chemise is listed before nuisette.
    expect(computeQuizResult(quiz, [13, 21])).toEqual({ ok: true, result: chemise });
    // The order of the results, not of the answers, decides.
    const reordered = { ...quiz, results: [nuisette, chemise, boheme] };
    expect(computeQuizResult(reordered, [13, 21, 32])).toEqual({ ok: true, result: nuisette });
  });

  it('counts only answers of their own question', () => {
    // 21 belongs to question 2, not question 1: it counts nothing there.
    expect(computeQuizResult(quiz, [21, 22, 34])).toEqual({ ok: true, result: nuisette });
  });

  it('ignores answers naming a result the quiz does not have, and says so when none is left', () => {
    const broken = quizFixture(
      [
        quizQuestion(10, [
          [11, 'inconnu'],
          [12, 'boheme'],
          [13, 'inconnu'],
          [14, 'inconnu'],
        ]),
      ],
      [boheme],
    );
    expect(computeQuizResult(broken, [12])).toEqual({ ok: true, result: boheme });
    expect(computeQuizResult(broken, [11])).toEqual({ ok: false, error: quizResultErrors.noMatchingResult });
  });

  it('says so, without failing, for a quiz with no question, no result, or no answer picked', () => {
    expect(computeQuizResult(quizFixture([], [boheme]), [])).toEqual({ ok: false, error: quizResultErrors.noQuestion });
    expect(computeQuizResult({ ...quiz, results: [] }, [11, 21, 31])).toEqual({ ok: false, error: quizResultErrors.noResult });
    expect(computeQuizResult(quiz, [])).toEqual({ ok: false, error: quizResultErrors.noMatchingResult });
  });
});
