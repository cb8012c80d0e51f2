import { describe, expect, it } from 'vitest';
import { isStaffPath } from './staffPaths.ts';

describe('isStaffPath', () => {
  it.each([
    '/admin',
    '/admin/',
    '/admin/articles/12',
    '/admin/connexion',
    '/apercu/abc',
    '/apercu-quizz/abc',
    '/apercu-citation/$token',
    '/qa/machines',
  ])('%s is a staff page', (path) => {
    expect(isStaffPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/mode',
    '/mode/une-robe',
    '/administration',
    '/admin-mode/x',
    '/apercus',
    '/quizz/x',
    '/qa-mode',
    '/tag/admin',
    '/$slug/$url',
  ])('%s is a reader page', (path) => {
    expect(isStaffPath(path)).toBe(false);
  });
});
