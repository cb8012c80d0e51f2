import { expect, it } from 'vitest';
import { answerGridClass, answerListSize } from './answerLayout.ts';

it('snaps a question to the configured list sizes (4 or 6)', () => {
  expect([1, 3, 4, 5, 6, 7].map(answerListSize)).toEqual([4, 4, 4, 6, 6, 6]);
});

it('lays text and pictures out differently for 4 and 6 answers', () => {
  const classes = [answerGridClass('text', 4), answerGridClass('text', 6), answerGridClass('picture', 4), answerGridClass('picture', 6)];
  expect(new Set(classes).size).toBe(4);
  expect(answerGridClass('text', 4)).toContain('md:grid-cols-2');
  expect(answerGridClass('picture', 6)).toContain('md:grid-cols-3');
});
