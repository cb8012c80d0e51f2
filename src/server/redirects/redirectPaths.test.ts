import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_REDIRECT_PATH_LENGTH,
  normaliseRedirectPath,
  normaliseRedirectTarget,
  RESERVED_PAGES,
  RESERVED_PREFIXES,
  reservedPathReason,
  withoutVariantSuffix,
} from './redirectPaths.ts';

describe('normaliseRedirectPath', () => {
  it.each([
    ['https://old.example/2019/05/old-post/', '/2019/05/old-post'],
    ['http://www.ancien-site.fr/mode/robe-rouge/?utm_source=x#commentaires', '/mode/robe-rouge'],
    ['/old-post/', '/old-post'],
    ['old-post', '/old-post'],
    ['/tag/robe/', '/tag/robe'],
    ['//old.example/x/', '/x'],
    ['/a//b///', '/a/b'],
    ['/a/./b/../c', '/a/c'],
    ['/%7Emoi/%41%2f%c3%a9', '/~moi/A%2F%C3%A9'],
    ['/café', '/caf%C3%A9'],
    ['/caf%c3%a9', '/caf%C3%A9'],
    ['https://old.example/?p=0042', '/?p=42'],
    ['https://old.example/index.php?page_id=7&x=1', '/?page_id=7'],
    ['/?p=abc', '/'],
    ['/?p=12', '/?p=12'],
    ['/post?p=12', '/post'],
    ['/', '/'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseRedirectPath(input)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['mailto:a@b.fr'],
    ['data:text/html,x'],
    [''],
    ['   '],
    [`/${'a'.repeat(MAX_REDIRECT_PATH_LENGTH)}`],
    ['https://user:pw@old.example/x'],
  ])('refuses %s', (input) => {
    expect(normaliseRedirectPath(input)).toBeNull();
  });

  it('with a site, accepts absolute URLs of that site only', () => {
    expect(normaliseRedirectPath('https://www.piquante.fr/mode/', 'https://www.piquante.fr')).toBe('/mode');
    expect(normaliseRedirectPath('https://evil.example/x', 'https://www.piquante.fr')).toBeNull();
    expect(normaliseRedirectPath('//evil.example', 'https://www.piquante.fr')).toBeNull();
    expect(normaliseRedirectPath('https://evil.example/x', null)).toBeNull();
    expect(normaliseRedirectPath('/x', null)).toBe('/x');
  });

  it('is idempotent and never answers a protocol-relative path, whatever the input (random inputs)', () => {
    const alphabet = [
      '/',
      '/',
      '.',
      '%',
      '2',
      'e',
      'E',
      'f',
      'F',
      'a',
      '?',
      'p',
      '=',
      '1',
      '&',
      '#',
      '~',
      ':',
      'é',
      ' ',
      '\\',
      '\t',
      'h',
      't',
      's',
    ];
    const prefixes = ['', '/', '//', 'https://old.example', 'http:', '/?p=', 'javascript:'];
    for (let i = 0; i < 20_000; i++) {
      let input = prefixes[Math.floor(Math.random() * prefixes.length)] ?? '';
      for (let n = Math.floor(Math.random() * 16); n > 0; n--) input += alphabet[Math.floor(Math.random() * alphabet.length)];
      const once = normaliseRedirectPath(input);
      if (once === null) continue;
      expect(once.startsWith('/'), input).toBe(true);
      expect(once.startsWith('//'), input).toBe(false);
      expect(once === '/' || !once.endsWith('/'), input).toBe(true);
      expect(once).not.toMatch(/#/);
      expect(normaliseRedirectPath(once), input).toBe(once);
      // A request for the key finds the key: its parsed pathname normalises to the same.
      if (!once.includes('?')) expect(normaliseRedirectPath(new URL(once, 'http://magazine.test').pathname), input).toBe(once);
    }
  });
});

describe('normaliseRedirectTarget', () => {
  it('keeps a query, refuses off-site targets', () => {
    expect(normaliseRedirectTarget('/recherche?q=robe rouge', null)).toBe('/recherche?q=robe+rouge');
    expect(normaliseRedirectTarget('/mode/', null)).toBe('/mode');
    expect(normaliseRedirectTarget('//evil.example', null)).toBeNull();
    expect(normaliseRedirectTarget('https://evil.example/x', 'https://www.piquante.fr')).toBeNull();
    expect(normaliseRedirectTarget('https://www.piquante.fr/mode', 'https://www.piquante.fr')).toBe('/mode');
    expect(normaliseRedirectTarget('javascript:alert(1)', null)).toBeNull();
  });
});

describe('variants and reserved paths', () => {
  it('strips a final /amp or /feed segment', () => {
    expect(withoutVariantSuffix('/old-post/amp')).toBe('/old-post');
    expect(withoutVariantSuffix('/2019/05/old-post/feed')).toBe('/2019/05/old-post');
    expect(withoutVariantSuffix('/amp')).toBeNull();
    expect(withoutVariantSuffix('/old-post/ampoule')).toBeNull();
  });

  it('refuses the site’s own addresses', () => {
    for (const path of ['/', '/admin', '/admin/redirections', '/api/articles', '/equipe', '/rss.xml'])
      expect(reservedPathReason(path), path).toMatch(/site/);
    for (const path of ['/old-post', '/2019/05/x', '/administration', '/equipes']) expect(reservedPathReason(path), path).toBeNull();
  });

  it('names every fixed route of src/routes', () => {
    const routes = readdirSync(join(import.meta.dirname, '../../routes'));
    const reserved = new Set([...RESERVED_PAGES, ...RESERVED_PREFIXES]);
    for (const file of routes) {
      if (file.startsWith('__') || file.startsWith('$') || file === 'index.tsx' || file === 'qa') continue;
      const segment = file.replace(/\.tsx$/, '').split('.')[0] ?? '';
      expect(reserved.has(`/${segment}`), file).toBe(true);
    }
  });
});
