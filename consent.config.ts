/**
 * Purposes, vendors and cookies of the consent manager: one table read by the banner and its preferences
 * (src/features/consent), by the privacy policy page (which lists every cookie and its lifetime) and by the
 * server, which accepts only these names in a proof of consent (POST /api/consent).
 *
 * Vocabulary (SPEC §3's consent state): a purpose is a reason to store or read something (a category of
 * the consent manager); a vendor is who does it (a service inside a category). The code speaks of vendors
 * by alias (`app`, `analytics`, `recaptcha`); the alias maps to the vendor id recorded in the proof.
 */

export type VendorAlias = 'app' | 'analytics' | 'recaptcha';
export type PurposeId = 'necessary' | 'marketing' | 'analytics' | 'security';
export type AnalyticsProvider = 'matomo' | 'plausible';

export interface CookieDescription {
  /** As shown in the privacy policy ('regie_<empreinte>'). */
  name: string;
  /** What the consent manager erases when the vendor is withdrawn. */
  pattern: RegExp;
  lifetime: string;
  role: string;
}

export interface PurposeDescription {
  label: string;
  description: string;
  /** Always on, cannot be refused (only the consent record itself). */
  readOnly?: boolean;
}

/** What this deployment runs, decided by its environment (see SiteFeatures). */
export interface ConsentDeployment {
  analytics: AnalyticsProvider | null;
  recaptcha: boolean;
}

/**
 * What every page needs (it ships with every page: ids and numbers only). The words — labels, purposes'
 * descriptions, cookies and lifetimes — are in consent.descriptions.ts, a module of its own so that only
 * the consent manager's lazy chunk and the privacy policy page carry them.
 */
export const consentConfig = {
  consentCookie: { name: 'piquante_consent' },
  /**
   * The version of the cookie policy: raise it when purposes or vendors change, and every reader is
   * asked again (the consent manager's `revision`).
   */
  policyVersion: 1,
  /** CNIL: a choice is kept 6 months, then asked again. */
  keepDays: 182,
  /** SPEC §7: the consent manager's loader runs 1 s after the page has loaded. */
  loaderDelayMs: 1000,
  /** Proofs of consent per IP (IPv6: per /64) per minute. */
  rateLimitPerMinute: 30,
  maxBodyBytes: 2048,
  purposes: ['necessary', 'marketing', 'analytics', 'security'] as readonly PurposeId[],
  vendors: {
    app: { id: 'piquante', purpose: 'marketing' },
    analytics: { id: 'matomo', purpose: 'analytics' },
    recaptcha: { id: 'google-recaptcha', purpose: 'security' },
  } satisfies Record<VendorAlias, { id: string; purpose: PurposeId }>,
} as const;

/** The vendor id recorded for an alias on this deployment (the analytics vendor is its provider). */
export function vendorIdOf(alias: VendorAlias, deployment: ConsentDeployment): string {
  if (alias === 'analytics') return deployment.analytics ?? consentConfig.vendors.analytics.id;
  return consentConfig.vendors[alias].id;
}

/**
 * The vendors this deployment asks about: the magazine's own popins always; analytics and reCAPTCHA
 * only when configured (asking consent for something that never runs would mislead the reader).
 */
export function activeVendors(deployment: ConsentDeployment): VendorAlias[] {
  return (['app', 'analytics', 'recaptcha'] as const).filter(
    (alias) => alias === 'app' || (alias === 'analytics' ? deployment.analytics !== null : deployment.recaptcha),
  );
}

/** Every vendor id a proof of consent may name, whatever the deployment. */
export const knownVendorIds: readonly string[] = ['piquante', 'matomo', 'plausible', 'google-recaptcha'];
export const knownPurposeIds: readonly string[] = consentConfig.purposes;
