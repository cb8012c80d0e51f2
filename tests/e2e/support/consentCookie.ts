/**
 * A remembered consent choice, as the consent manager writes it, for browser tests that are not about
 * consent: they run as a returning reader who refused everything (no banner over the page, no popin).
 * The consent specs start without it.
 */
import { consentConfig } from '../../../consent.config.ts';

export interface StoredChoice {
  categories: string[];
  services: Record<string, string[]>;
}

export const refusedEverything: StoredChoice = { categories: ['necessary'], services: { necessary: [], marketing: [] } };
export const acceptedEverything: StoredChoice = {
  categories: ['necessary', 'marketing', 'analytics', 'security'],
  services: { necessary: [], marketing: ['piquante'], analytics: ['matomo', 'plausible'], security: ['google-recaptcha'] },
};

export function consentCookieValue(choice: StoredChoice, now = Date.now()): string {
  const at = new Date(now).toISOString();
  return encodeURIComponent(
    JSON.stringify({
      categories: choice.categories,
      revision: consentConfig.policyVersion,
      data: null,
      consentTimestamp: at,
      consentId: '00000000-0000-4000-8000-00000000e2e0',
      services: choice.services,
      languageCode: 'fr',
      lastConsentTimestamp: at,
      expirationTime: now + consentConfig.keepDays * 86_400_000,
    }),
  );
}

export function consentCookie(choice: StoredChoice) {
  return {
    name: consentConfig.consentCookie.name,
    value: consentCookieValue(choice),
    domain: '127.0.0.1',
    path: '/',
    expires: Math.floor(Date.now() / 1000) + 86_400,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
}
