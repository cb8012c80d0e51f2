/**
 * Asks for the page's popin (GET /api/popin, failures ignored) once the reader's consent enables the
 * `app` vendor, and only then fetches the popin's code (a lazy chunk) when one applies and was not
 * dismissed. Composes the signup feature's popin form into the popin feature's dialog.
 */
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fetchPopin } from '../api/queries/popin.ts';
import type { Popin } from '../api/types.ts';
import { dismissalCookiePresent } from '../features/popin/dismissalCookie.ts';
import { useConsent } from '../lib/consent/consentStore.ts';
import { vendorEnabled } from '../lib/consent/consentState.ts';

// The signup form's code (machine, captcha) comes with the popin, never with the page.
const PopinSignupForm = lazy(() => import('../features/signup/PopinSignupForm.tsx').then((m) => ({ default: m.PopinSignupForm })));
const PopinRunner = lazy(() => import('../features/popin/PopinRunner.tsx').then((m) => ({ default: m.PopinRunner })));

export function PopinHost() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const appConsent = vendorEnabled(useConsent(), 'app');
  const [popin, setPopin] = useState<Popin | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!appConsent) return;
    let current = true;
    void fetchPopin(pathname).then((found) => {
      if (!current) return;
      const applies = found !== null && !dismissalCookiePresent(found.cookie.hash, document.cookie);
      setPopin(applies ? found : null);
      if (applies) setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, [pathname, appConsent]);

  // Once its code is here, the runner stays: its machine remembers that a popin was already shown.
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <PopinRunner
        popin={popin}
        appConsent={appConsent}
        renderSignup={(slot) => (
          <Suspense fallback={null}>
            <PopinSignupForm {...slot} />
          </Suspense>
        )}
      />
    </Suspense>
  );
}
