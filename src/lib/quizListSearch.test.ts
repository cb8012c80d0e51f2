import { describe, expect, it } from 'vitest';
import { quizListQuery, quizListSearch } from './quizListSearch.ts';

describe('quizListSearch', () => {
  it('keeps a title search, a known state and a page start', () => {
    expect(quizListSearch({ q: ' café ', etat: 'published', debut: '40' })).toEqual({ q: 'café', etat: 'published', debut: 40 });
  });

  it('drops what the list does not understand', () => {
    expect(quizListSearch({ q: '   ', etat: 'toString', debut: '-3' })).toEqual({});
    expect(quizListSearch({ q: 42, etat: 'archived', debut: '1.5' })).toEqual({});
    expect(quizListSearch({ debut: 100_001 })).toEqual({});
  });
});

describe('quizListQuery', () => {
  it('asks the contract for one page, from the first by default', () => {
    expect(quizListQuery({}, 20)).toEqual({ offset: 0, limit: 20 });
    expect(quizListQuery({ q: 'café', etat: 'draft', debut: 20 }, 20)).toEqual({ q: 'café', status: 'draft', offset: 20, limit: 20 });
  });
});
