/**
 * Where sign-in sends the person back (issue 34, part 2): `?retour=https://evil.example/` used to send them
 * there once signed in. Only a path of this site under /admin is kept; anything else is /admin.
 */
import { describe, expect, it } from 'vitest';
import { newsroomReturnPath } from './returnPath.ts';

describe('the sign-in page’s return address', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin/', '/admin/'],
    ['/admin/articles/12', '/admin/articles/12'],
    ['/admin/quiz?statut=brouillon#liste', '/admin/quiz?statut=brouillon#liste'],
    ['/admin/articles/%C3%A9t%C3%A9', '/admin/articles/%C3%A9t%C3%A9'],
  ])('keeps the newsroom page %s', (retour, kept) => {
    expect(newsroomReturnPath(retour)).toBe(kept);
  });

  it.each([
    ['absolute', 'https://evil.example/'],
    ['absolute under /admin', 'https://evil.example/admin'],
    ['protocol-relative', '//evil.example/admin'],
    ['backslash', '/\\evil.example/admin'],
    ['backslash after /admin', '/admin\\..\\..\\evil'],
    ['tab in the authority', '/\t/evil.example/admin'],
    ['encoded slashes', '%2F%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example/admin'],
    ['encoded dot segments', '/admin/%2e%2e/%2e%2e/evil'],
    ['dot segments', '/admin/../evil'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['javascript: under a path', '/admin/../javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a reader page', '/mode/un-article'],
    ['a lookalike prefix', '/administration'],
    ['a lookalike host', '/admin.evil.example'],
    ['the sign-in page itself', '/admin/connexion?retour=/admin'],
    ['NUL', '/admin/\u0000'],
    ['empty', ''],
    ['not a string', ['/admin']],
    ['missing', undefined],
  ])('sends %s (%j) to /admin', (_what, retour) => {
    expect(newsroomReturnPath(retour)).toBe('/admin');
  });
});
