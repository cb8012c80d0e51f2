/**
 * The audience measurement tag (a lazy chunk): added to the page only after the reader consents to the
 * analytics vendor, from the operator's self-hosted Matomo or Plausible (ANALYTICS_URL). Client-side
 * navigations are counted as page views; withdrawing consent reloads the page (the consent manager does
 * it), which is what removes the tag.
 */
import type { AnalyticsSettings } from '../../lib/siteFeatures.ts';

export interface AnalyticsTag {
  trackPageView(url: string, title: string): void;
}

/** The command queue: an array until matomo.js loads, then Matomo's own object with a `push`. */
type Queue = { push: (...commands: unknown[][]) => unknown };
type PlausibleFn = ((...args: unknown[]) => void) & { q?: unknown[] };
declare global {
  interface Window {
    _paq?: Queue;
    plausible?: PlausibleFn;
  }
}

function addScript(src: string, attributes: Record<string, string> = {}): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
}

function startMatomo({ url, siteId }: AnalyticsSettings): AnalyticsTag {
  // Always the queue of the moment: matomo.js replaces the array with its own object once loaded, and a
  // command pushed to the old array would be lost (client-side page views were, before this was tested).
  const paq = (): Queue => {
    const queue: Queue = window._paq ?? ([] as unknown[][]);
    window._paq = queue;
    return queue;
  };
  paq().push(['setTrackerUrl', `${url}/matomo.php`]);
  paq().push(['setSiteId', siteId]);
  paq().push(['enableLinkTracking']);
  addScript(`${url}/matomo.js`, { 'data-piquante-analytics': 'matomo' });
  return {
    trackPageView(pageUrl, title) {
      paq().push(['setCustomUrl', pageUrl]);
      paq().push(['setDocumentTitle', title]);
      paq().push(['trackPageView']);
    },
  };
}

function startPlausible({ url, siteId }: AnalyticsSettings): AnalyticsTag {
  // The manual script: page views are ours to send, so client-side navigations are counted once each.
  window.plausible =
    window.plausible ??
    Object.assign(
      (...args: unknown[]) => {
        const fn = window.plausible as PlausibleFn;
        fn.q = fn.q ?? [];
        fn.q.push(args);
      },
      { q: [] as unknown[] },
    );
  addScript(`${url}/js/script.manual.js`, {
    'data-domain': siteId,
    'data-api': `${url}/api/event`,
    'data-piquante-analytics': 'plausible',
  });
  return {
    trackPageView(pageUrl) {
      window.plausible?.('pageview', { u: pageUrl });
    },
  };
}

export function startAnalytics(settings: AnalyticsSettings): AnalyticsTag {
  return settings.provider === 'matomo' ? startMatomo(settings) : startPlausible(settings);
}
