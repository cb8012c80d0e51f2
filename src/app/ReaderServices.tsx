/**
 * What a reader's page runs beside what it shows, none of it needed to draw or hydrate the page: the navigation
 * progress bar (hidden until a navigation), the consent manager's start, the popin, analytics, the exempt audience
 * beacon and the service worker. SiteChrome loads this
 * module as one lazy chunk once the page's load event has passed (issue 38, decision 034): each of these waited for
 * the load event or for the reader's consent already, so their code no longer weighs on every page's start.
 */
import type { SiteFeatures } from '../lib/siteFeatures.ts';
import { ConsentLoader } from '../features/consent/ConsentLoader.tsx';
import { ProgressBar } from '../features/progress/ProgressBar.tsx';
import { ServiceWorkerUpdates } from '../features/serviceWorker/ServiceWorkerUpdates.tsx';
import { AnalyticsHost } from './AnalyticsHost.tsx';
import { AudienceHost } from './AudienceHost.tsx';
import { PopinHost } from './PopinHost.tsx';

export interface ReaderServicesProps {
  features: SiteFeatures | null | undefined;
  /** The app- variants get the progress bar and the service worker only: no consent, popins, analytics nor audience (SPEC §6). */
  appVariant: boolean;
  /** The reader clicked the footer's « Cookies » before this module was there: open the preferences at once. */
  openPreferences: boolean;
}

export function ReaderServices({ features, appVariant, openPreferences }: ReaderServicesProps) {
  const common = (
    <>
      <ProgressBar />
      {/* Registered after load, when idle; removed for every reader when the operator turned it off. */}
      <ServiceWorkerUpdates enabled={features?.serviceWorker ?? null} />
    </>
  );
  if (appVariant) return common;
  return (
    <>
      {common}
      <ConsentLoader
        analytics={features?.analytics?.provider ?? null}
        recaptcha={features?.recaptcha === true}
        openPreferences={openPreferences}
      />
      <PopinHost />
      <AnalyticsHost settings={features?.analytics ?? null} />
      {/* The exempt audience measurement: no consent needed, objection on the privacy policy page (decision 028). */}
      <AudienceHost />
    </>
  );
}
