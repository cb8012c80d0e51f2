/**
 * What the reader's browser may use on this deployment, decided by the operator's environment and handed
 * to the page by the root loader: the service worker (SERVICE_WORKER=0 turns it off, and the page then
 * unregisters it), web push (the VAPID public key, or null when the keys are not all configured) and the
 * QA machine inspector (/qa/machines, ?inspect).
 * Only the shapes live here: the server reads them from its configuration (src/server/config/siteFeaturesConfig.ts)
 * and hands them to the render (renderSettings.ts).
 */
import type { AnalyticsProvider } from '../../consent.config.ts';
export interface SiteFeatures {
  serviceWorker: boolean;
  /** The VAPID public key (base64url) the browser subscribes with; null: notifications are off. */
  pushPublicKey: string | null;
  /** The QA machine inspector: page and live panel. */
  qaInspector: boolean;
  /** Self-hosted audience measurement, loaded only with the analytics vendor's consent; null: none. */
  analytics: AnalyticsSettings | null;
  /** reCAPTCHA is the captcha (then a consent vendor; readers who refuse it get ALTCHA). */
  recaptcha: boolean;
}

export interface AnalyticsSettings {
  provider: AnalyticsProvider;
  /** Base URL of the operator's Matomo or Plausible (its script and its collector live there). */
  url: string;
  /** Matomo's site id, or Plausible's domain. */
  siteId: string;
}
