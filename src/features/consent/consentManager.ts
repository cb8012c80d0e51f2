/**
 * The consent manager: vanilla-cookieconsent v3 (MIT), bundled and served from our own origin as a lazy
 * chunk, configured from consent.config.ts. It shows the banner when no valid choice is remembered, keeps
 * the choice 6 months (then asks again; a new policy version asks again), writes every choice to the
 * consent store, sends its proof to POST /api/consent, and reloads the page when the reader withdraws the
 * analytics vendor (SPEC §4: the tag must go).
 */
import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consentTheme.css';
import { activeVendors, type ConsentDeployment, consentConfig } from '../../../consent.config.ts';
import { consentDescriptions } from '../../../consent.descriptions.ts';
import { recordConsent } from '../../api/queries/consent.ts';
import { consentPrompt } from '../../lib/consent/consentPrompt.ts';
import { consentStore } from '../../lib/consent/consentStore.ts';
import { activePurposes, aliasesFor, type ConsentState, consentFromChoice, vendorEnabled } from '../../lib/consent/consentState.ts';
import { consentTranslation } from './consentTexts.ts';

function categoriesFor(deployment: ConsentDeployment): Record<string, CookieConsent.Category> {
  const aliases = aliasesFor(deployment);
  const vendors = activeVendors(deployment);
  const categories: Record<string, CookieConsent.Category> = {};
  for (const purpose of activePurposes(deployment)) {
    if (purpose === 'necessary') {
      categories[purpose] = { enabled: true, readOnly: true };
      continue;
    }
    const own = vendors.filter((alias) => consentConfig.vendors[alias].purpose === purpose);
    categories[purpose] = {
      enabled: false,
      services: Object.fromEntries(own.map((alias) => [aliases[alias], { label: consentDescriptions.vendors[alias].label }])),
      autoClear: { cookies: own.flatMap((alias) => consentDescriptions.vendors[alias].cookies.map((c) => ({ name: c.pattern }))) },
    };
  }
  return categories;
}

function stateOf(cookie: CookieConsent.CookieValue, deployment: ConsentDeployment): ConsentState {
  return consentFromChoice({ categories: cookie.categories, services: cookie.services }, deployment);
}

function acceptTypeOf(): 'all' | 'custom' | 'necessary' {
  return CookieConsent.getUserPreferences().acceptType;
}

async function sendProof(state: ConsentState, cookie: CookieConsent.CookieValue): Promise<void> {
  await recordConsent({
    consentId: cookie.consentId,
    policyVersion: consentConfig.policyVersion,
    acceptType: acceptTypeOf(),
    purposes: state.purposes,
    vendors: state.vendors,
  });
}

export interface ConsentManager {
  showPreferences(): void;
}

/** Lets the browser run what waits (a reader's tap, a paint) between two pieces of work, in tasks of their own. */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function startConsentManager(deployment: ConsentDeployment): Promise<ConsentManager> {
  // This chunk's evaluation and the banner's construction would otherwise be one long task (issue 38).
  await yieldToMain();
  await CookieConsent.run({
    cookie: { name: consentConfig.consentCookie.name, expiresAfterDays: consentConfig.keepDays, sameSite: 'Lax' },
    revision: consentConfig.policyVersion,
    mode: 'opt-in',
    autoClearCookies: true,
    hideFromBots: false,
    disablePageInteraction: false,
    guiOptions: {
      consentModal: { layout: 'box wide', position: 'bottom center', equalWeightButtons: true, flipButtons: false },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: categoriesFor(deployment),
    language: { default: 'fr', translations: { fr: consentTranslation(deployment) } },
    // The popin waits while the banner or the preferences are open (they never share the screen).
    onModalShow: ({ modalName }) => consentPrompt.modalShown(modalName, true),
    onModalHide: ({ modalName }) => consentPrompt.modalShown(modalName, false),
    onConsent: ({ cookie }) => {
      consentStore.set(stateOf(cookie, deployment));
    },
    onFirstConsent: ({ cookie }) => {
      void sendProof(stateOf(cookie, deployment), cookie);
    },
    onChange: ({ cookie }) => {
      const before = consentStore.get();
      const after = stateOf(cookie, deployment);
      consentStore.set(after);
      void sendProof(after, cookie).finally(() => {
        if (vendorEnabled(before, 'analytics') && !vendorEnabled(after, 'analytics')) window.location.reload();
      });
    },
  });
  return { showPreferences: () => CookieConsent.showPreferences() };
}
