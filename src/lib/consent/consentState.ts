/**
 * The reader's consent, in SPEC §3's shape, and the rules that read it. Pure: no browser, no library.
 * The consent manager (src/features/consent) writes it; the popin, analytics and the captcha read it
 * through consentStore / useConsent.
 */
import {
  activeVendors,
  type ConsentDeployment,
  consentConfig,
  type PurposeId,
  type VendorAlias,
  vendorIdOf,
} from '../../../consent.config.ts';

import type { ConsentRecordInput } from '../../api/types.ts';

/** Enabled and disabled names: the contract's shape of a proof's lists. */
export type ConsentLists = ConsentRecordInput['purposes'];

export interface ConsentState {
  /** A choice is known (made now or remembered); false until then, and on the server. */
  initialized: boolean;
  /** The code's names for vendors → the ids recorded in the proof. */
  vendorAliases: Record<VendorAlias, string>;
  purposes: ConsentLists;
  vendors: ConsentLists;
}

export function aliasesFor(deployment: ConsentDeployment): Record<VendorAlias, string> {
  return {
    app: vendorIdOf('app', deployment),
    analytics: vendorIdOf('analytics', deployment),
    recaptcha: vendorIdOf('recaptcha', deployment),
  };
}

export function uninitializedConsent(deployment: ConsentDeployment): ConsentState {
  return {
    initialized: false,
    vendorAliases: aliasesFor(deployment),
    purposes: { enabled: [], disabled: [] },
    vendors: { enabled: [], disabled: [] },
  };
}

/** The purposes (categories) this deployment asks about: the necessary one, and those of its vendors. */
export function activePurposes(deployment: ConsentDeployment): PurposeId[] {
  const used = new Set<PurposeId>(activeVendors(deployment).map((alias) => consentConfig.vendors[alias].purpose));
  return consentConfig.purposes.filter((id) => id === 'necessary' || used.has(id));
}

/**
 * The state from what the consent manager keeps: the accepted categories and, per category, the
 * accepted services. Anything this deployment does not ask about is left out.
 */
export function consentFromChoice(
  accepted: { categories: readonly string[]; services: Readonly<Record<string, readonly string[]>> },
  deployment: ConsentDeployment,
): ConsentState {
  const purposes = activePurposes(deployment);
  const vendorAliases = aliasesFor(deployment);
  const vendors = activeVendors(deployment).map((alias) => ({
    id: vendorAliases[alias],
    on:
      accepted.categories.includes(consentConfig.vendors[alias].purpose) &&
      (accepted.services[consentConfig.vendors[alias].purpose] ?? []).includes(vendorAliases[alias]),
  }));
  return {
    initialized: true,
    vendorAliases,
    purposes: {
      enabled: purposes.filter((p) => p === 'necessary' || accepted.categories.includes(p)),
      disabled: purposes.filter((p) => p !== 'necessary' && !accepted.categories.includes(p)),
    },
    vendors: { enabled: vendors.filter((v) => v.on).map((v) => v.id), disabled: vendors.filter((v) => !v.on).map((v) => v.id) },
  };
}

export function vendorEnabled(state: ConsentState, alias: VendorAlias): boolean {
  return state.initialized && state.vendors.enabled.includes(state.vendorAliases[alias]);
}

interface StoredConsent {
  categories?: unknown;
  services?: unknown;
  revision?: unknown;
  expirationTime?: unknown;
}

/**
 * The choice remembered in the consent cookie, read before the consent manager loads (it loads 1 s after
 * the page): a returning reader's popin and analytics need not wait for it. Null when there is no valid
 * choice (none, expired after 6 months, an older policy version, or a damaged cookie): then the consent
 * manager asks again.
 */
export function readStoredConsent(cookieHeader: string, deployment: ConsentDeployment, now: number): ConsentState | null {
  const name = `${consentConfig.consentCookie.name}=`;
  const raw = cookieHeader
    .split(/;\s*/)
    .find((part) => part.startsWith(name))
    ?.slice(name.length);
  if (!raw) return null;
  let value: StoredConsent;
  try {
    value = JSON.parse(decodeURIComponent(raw)) as StoredConsent;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (value.revision !== consentConfig.policyVersion) return null;
  if (typeof value.expirationTime !== 'number' || value.expirationTime <= now) return null;
  if (!Array.isArray(value.categories) || typeof value.services !== 'object' || value.services === null) return null;
  const categories = value.categories.filter((c): c is string => typeof c === 'string');
  const services: Record<string, string[]> = {};
  for (const [category, list] of Object.entries(value.services as Record<string, unknown>)) {
    if (Array.isArray(list)) services[category] = list.filter((s): s is string => typeof s === 'string');
  }
  return consentFromChoice({ categories, services }, deployment);
}
