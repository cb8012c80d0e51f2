/**
 * The page-view beacon (decision 028), a lazy chunk started after the page has loaded: one beacon when the
 * page is shown (never while prerendered or in a hidden tab), then one per client-side navigation. A visit
 * is an arrival from outside the site: the first page's referrer host is sent, later pages send the site's
 * own host (a navigation inside it).
 */
import type { AudienceEvent } from '../../lib/audience.ts';
import { sendAudience, sendAudienceEvent } from './audienceSend.ts';

function utm(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const key of ['source', 'medium', 'campaign']) {
    const value = params.get(`utm_${key}`)?.trim().slice(0, 100);
    if (value) out[key] = value;
  }
  return out;
}

function referrerHost(): string {
  try {
    return document.referrer ? new URL(document.referrer).hostname : '';
  } catch {
    return '';
  }
}

/** Calls `send` once the page is really shown to the reader. */
function whenShown(send: () => void): () => void {
  const prerendering = (document as Document & { prerendering?: boolean }).prerendering === true;
  if (!prerendering && document.visibilityState === 'visible') {
    send();
    return () => {};
  }
  const check = () => {
    if ((document as Document & { prerendering?: boolean }).prerendering === true || document.visibilityState !== 'visible') return;
    stop();
    send();
  };
  const stop = () => {
    document.removeEventListener('prerenderingchange', check);
    document.removeEventListener('visibilitychange', check);
  };
  document.addEventListener('prerenderingchange', check);
  document.addEventListener('visibilitychange', check);
  return stop;
}

let started = false;

/**
 * Counts this page once shown, then every client-side navigation to another path (the router's
 * pushState and the back button; a replaceState of the query alone is not a new page).
 */
export function startAudience(): void {
  if (started) return;
  started = true;
  // The features' events queued before this chunk came (src/lib/audience.ts), then each one as it comes.
  const queued = window.piquanteAudience;
  window.piquanteAudience = { push: (event: AudienceEvent) => sendAudienceEvent(event) };
  if (Array.isArray(queued)) for (const event of queued as AudienceEvent[]) sendAudienceEvent(event);

  let counted = location.pathname;
  whenShown(() => sendAudience({ view: true, referrer: referrerHost(), ...utm(location.search) }));
  const navigated = () =>
    // After the router has rendered the new page (its title and content), as the analytics tag does.
    requestAnimationFrame(() => {
      if (location.pathname === counted) return;
      counted = location.pathname;
      sendAudience({ view: true, referrer: location.hostname, ...utm(location.search) });
    });
  const push = history.pushState.bind(history);
  history.pushState = (...args: Parameters<History['pushState']>) => {
    push(...args);
    navigated();
  };
  window.addEventListener('popstate', navigated);
}
