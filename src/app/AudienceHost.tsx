/**
 * Starts the exempt audience beacon (decision 028) once the page has loaded: its code, navigations
 * included, is a lazy chunk of a few hundred bytes, so nothing of it weighs on the page's start.
 */
import { useEffect } from 'react';

export function AudienceHost() {
  useEffect(() => {
    const start = () => void import('../features/audience/audienceBeacon.ts').then((m) => m.startAudience());
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }, []);
  return null;
}
