import { describe, expect, it } from 'vitest';
import { consentConfig } from '../../../consent.config.ts';
import { activePurposes, consentFromChoice, readStoredConsent, vendorEnabled } from './consentState.ts';

const plain = { analytics: null, recaptcha: false };
const full = { analytics: 'plausible' as const, recaptcha: true };
const NOW = Date.parse('2026-11-23T10:00:00Z');

function cookie(value: unknown): string {
  return `autre=1; ${consentConfig.consentCookie.name}=${encodeURIComponent(JSON.stringify(value))}; x=y`;
}

describe('consent state', () => {
  it('asks only about what the deployment runs', () => {
    expect(activePurposes(plain)).toEqual(['necessary', 'marketing']);
    expect(activePurposes(full)).toEqual(['necessary', 'marketing', 'analytics', 'security']);
  });

  it('maps accepted categories and services to purposes and vendors, with the aliases of SPEC §3', () => {
    const state = consentFromChoice(
      { categories: ['necessary', 'analytics'], services: { analytics: ['plausible'], marketing: ['piquante'] } },
      full,
    );
    expect(state).toEqual({
      initialized: true,
      vendorAliases: { app: 'piquante', analytics: 'plausible', recaptcha: 'google-recaptcha' },
      purposes: { enabled: ['necessary', 'analytics'], disabled: ['marketing', 'security'] },
      vendors: { enabled: ['plausible'], disabled: ['piquante', 'google-recaptcha'] },
    });
    expect(vendorEnabled(state, 'analytics')).toBe(true);
    // A service listed under a refused category does not count.
    expect(vendorEnabled(state, 'app')).toBe(false);
  });

  it('reads a remembered choice; ignores it when expired, of an older policy, or damaged', () => {
    const good = {
      categories: ['necessary', 'marketing'],
      services: { marketing: ['piquante'] },
      revision: consentConfig.policyVersion,
      expirationTime: NOW + 1000,
    };
    const state = readStoredConsent(cookie(good), plain, NOW);
    expect(state && vendorEnabled(state, 'app')).toBe(true);
    expect(readStoredConsent('', plain, NOW)).toBeNull();
    expect(readStoredConsent(cookie({ ...good, expirationTime: NOW - 1 }), plain, NOW)).toBeNull();
    expect(readStoredConsent(cookie({ ...good, revision: consentConfig.policyVersion - 1 }), plain, NOW)).toBeNull();
    expect(readStoredConsent(`${consentConfig.consentCookie.name}=%7Bnot-json`, plain, NOW)).toBeNull();
    expect(readStoredConsent(cookie({ ...good, categories: 'all' }), plain, NOW)).toBeNull();
    expect(readStoredConsent(cookie(null), plain, NOW)).toBeNull();
  });
});
