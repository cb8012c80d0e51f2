/**
 * Starts the consent manager once the page has loaded (SiteChrome mounts it among the reader services, issue 38):
 * at once, the remembered choice is read from its cookie (a returning reader's
 * popin and analytics need not wait). Without a valid choice (none yet, older than 6 months, or of an
 * older policy), the manager's own lazy chunk loads 1 s after the page's load event (SPEC §7) and shows
 * the banner; a reader whose choice is known never downloads it until they click the footer's 'Cookies',
 * which opens its preferences at any time. Never mounted on the app- variants (SPEC §6).
 */
import { useEffect } from 'react';
import { appConfig } from '../../../app.config.ts';
import { type ConsentDeployment, consentConfig } from '../../../consent.config.ts';
import { consentPrompt } from '../../lib/consent/consentPrompt.ts';
import { consentStore } from '../../lib/consent/consentStore.ts';
import type { ConsentManager } from './consentManager.ts';

/** openPreferences: the reader asked for the preferences before this was mounted (SiteChrome loads it after load). */
export function ConsentLoader({ analytics, recaptcha, openPreferences = false }: ConsentDeployment & { openPreferences?: boolean }) {
  useEffect(() => {
    const deployment: ConsentDeployment = { analytics, recaptcha };
    const known = consentStore.restore(deployment);
    let manager: Promise<ConsentManager> | null = null;
    const load = () => {
      manager ??= import('./consentManager.ts').then((m) => m.startConsentManager(deployment));
      return manager;
    };
    let timer: number | undefined;
    const schedule = () => {
      timer = window.setTimeout(() => void load(), consentConfig.loaderDelayMs);
    };
    if (!known) {
      consentPrompt.awaitChoice();
      if (document.readyState === 'complete') schedule();
      else window.addEventListener('load', schedule, { once: true });
    }
    const open = () => {
      void load().then((m) => m.showPreferences());
    };
    window.addEventListener(appConfig.consent.openPreferencesEvent, open);
    if (openPreferences) open();
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('load', schedule);
      window.removeEventListener(appConfig.consent.openPreferencesEvent, open);
    };
  }, [analytics, recaptcha, openPreferences]);
  return null;
}
