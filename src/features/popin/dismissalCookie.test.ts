import { describe, expect, it } from 'vitest';
import { dismissalCookieName, dismissalCookiePresent, dismissalCookieString } from './dismissalCookie.ts';

describe('dismissal cookie', () => {
  it('is regie_<hash>, for the given seconds, on the whole site', () => {
    expect(dismissalCookieString({ hash: '7f3a9c2e', seconds: 86_400 }, false)).toBe(
      'regie_7f3a9c2e=1; Max-Age=86400; Path=/; SameSite=Lax',
    );
    expect(dismissalCookieString({ hash: 'x', seconds: 0.2 }, true)).toBe('regie_x=1; Max-Age=1; Path=/; SameSite=Lax; Secure');
  });

  it('keeps a hostile hash from writing another cookie or attribute', () => {
    expect(dismissalCookieName('a; Domain=evil.test; x=')).toBe('regie_aDomaineviltestx');
  });

  it('finds the cookie among others, and only that one', () => {
    expect(dismissalCookiePresent('abc', 'x=1; regie_abc=1; y=2')).toBe(true);
    expect(dismissalCookiePresent('abc', 'regie_abcd=1')).toBe(false);
    expect(dismissalCookiePresent('abc', '')).toBe(false);
  });
});
