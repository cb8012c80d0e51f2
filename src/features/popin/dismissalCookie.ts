/**
 * The popin's dismissal cookie (SPEC §9): `regie_<hash>`, the hash given by the server for each popin.
 * Written only with the `app` vendor's consent (the machine's guard decides; this only writes).
 */
import { appConfig } from '../../../app.config.ts';
import type { CookieWrite } from './popinMachine.ts';

/** Hashes are the server's; anything but letters and digits is dropped so a cookie name stays valid. */
export function dismissalCookieName(hash: string): string {
  return `${appConfig.popin.cookiePrefix}${hash.replace(/[^A-Za-z0-9]/g, '').slice(0, 64)}`;
}

export function dismissalCookiePresent(hash: string, cookieHeader: string): boolean {
  const name = `${dismissalCookieName(hash)}=`;
  return cookieHeader.split(/;\s*/).some((part) => part.startsWith(name));
}

export function dismissalCookieString({ hash, seconds }: CookieWrite, secure: boolean): string {
  const maxAge = Math.max(1, Math.floor(seconds));
  return `${dismissalCookieName(hash)}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function writeDismissalCookie(write: CookieWrite, secure: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one small first-party cookie; the Cookie Store API is not in every browser.
  document.cookie = dismissalCookieString(write, secure);
}
