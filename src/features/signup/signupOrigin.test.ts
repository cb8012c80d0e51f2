import { describe, expect, it } from 'vitest';
import { computeSignupOrigin, toOriginSlug } from './signupOrigin.ts';

const CONTRACT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('computeSignupOrigin (SPEC §7)', () => {
  it('is the route parameter on /inscription/{origin}', () => {
    expect(computeSignupOrigin({ routeOrigin: 'header', source: 'inscription', pathname: '/inscription/header' })).toBe('header');
    expect(computeSignupOrigin({ routeOrigin: 'side-bar', source: 'inscription', pathname: '/inscription/side-bar' })).toBe('side-bar');
  });

  it("is the source, a dash and 'home' on the root path", () => {
    expect(computeSignupOrigin({ source: 'footer', pathname: '/' })).toBe('footer-home');
    expect(computeSignupOrigin({ source: 'popin', pathname: '' })).toBe('popin-home');
    expect(computeSignupOrigin({ routeOrigin: null, source: 'footer', pathname: '/' })).toBe('footer-home');
    expect(computeSignupOrigin({ routeOrigin: '', source: 'footer', pathname: '/' })).toBe('footer-home');
  });

  it('is the source, a dash and the path without its leading slash, inner slashes as dashes', () => {
    expect(computeSignupOrigin({ source: 'footer', pathname: '/mode' })).toBe('footer-mode');
    expect(computeSignupOrigin({ source: 'popin', pathname: '/mode/les-jeans-larges-font-leur-grand-retour' })).toBe(
      'popin-mode-les-jeans-larges-font-leur-grand-retour',
    );
    expect(computeSignupOrigin({ source: 'footer', pathname: '/quizz/quel-parfum/vanille' })).toBe('footer-quizz-quel-parfum-vanille');
    expect(computeSignupOrigin({ source: 'footer', pathname: '/app-piquante/mission' })).toBe('footer-app-piquante-mission');
  });

  it('always fits the contract (lower-case slug, 500 characters at most), whatever the URL', () => {
    const cases = [
      { source: 'footer', pathname: '/mode/' },
      { source: 'footer', pathname: '/Mode/Été_2026' },
      { source: 'footer', pathname: '/mode//double' },
      { source: 'footer', pathname: '/caf%C3%A9/cr%C3%A8me' },
      { source: 'footer', pathname: '/bad%E0%A4%A' },
      { source: 'footer', pathname: `/${'tres-long-'.repeat(80)}` },
      { source: 'footer', pathname: '/mode?q=robe#haut' },
      { routeOrigin: 'Header Mobile!', source: 'inscription', pathname: '/inscription/Header%20Mobile!' },
      { routeOrigin: '---', source: 'inscription', pathname: '/inscription/---' },
      { source: '', pathname: '/' },
    ];
    for (const input of cases) {
      const origin = computeSignupOrigin(input);
      expect(origin, JSON.stringify(input)).toMatch(CONTRACT);
      expect(origin.length).toBeLessThanOrEqual(500);
    }
    expect(computeSignupOrigin({ source: 'footer', pathname: '/mode/' })).toBe('footer-mode');
    expect(computeSignupOrigin({ source: 'footer', pathname: '/Mode/Été_2026' })).toBe('footer-mode-ete-2026');
    expect(computeSignupOrigin({ source: 'footer', pathname: '/caf%C3%A9/cr%C3%A8me' })).toBe('footer-cafe-creme');
    expect(computeSignupOrigin({ source: 'footer', pathname: '/mode?q=robe#haut' })).toBe('footer-mode');
    expect(computeSignupOrigin({ routeOrigin: 'Header Mobile!', source: 'inscription', pathname: '/x' })).toBe('header-mobile');
    expect(computeSignupOrigin({ routeOrigin: '---', source: 'inscription', pathname: '/inscription/---' })).toBe(
      'inscription-inscription',
    );
  });

  it('toOriginSlug keeps slugs as they are', () => {
    expect(toOriginSlug('popin-mode-les-jeans')).toBe('popin-mode-les-jeans');
    expect(toOriginSlug('-a--b-')).toBe('a-b');
  });
});
