/**
 * Asks for the page's popin (GET /api/popin, failures ignored) once the reader's consent enables the
 * `app` vendor, and only then fetches the popin's code (a lazy chunk) when one applies and was not
 * dismissed. Composes the signup feature's popin form into the popin feature's dialog.
 * A newsroom preview link (`?apercu-popin=<signed token>`) shows that popin's working copy instead, over the
 * real page: without waiting for the `app` vendor's consent, whatever dismissal cookie exists, and writing
 * none (the runner's preview mode); readers never carry such a token. Preview or not, a popin waits while
 * the consent banner or its preferences are open: the two never share the screen.
 */
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fetchPopin, fetchPopinPreview } from '../api/queries/popin.ts';
import type { Popin } from '../api/types.ts';
import { dismissalCookiePresent } from '../features/popin/dismissalCookie.ts';
import { useConsent } from '../lib/consent/consentStore.ts';
import { useConsentPromptOpen } from '../lib/consent/consentPrompt.ts';
import { vendorEnabled } from '../lib/consent/consentState.ts';

// The signup form's code (machine, captcha) comes with the popin, never with the page.
const PopinSignupForm = lazy(() => import('../features/signup/PopinSignupForm.tsx').then((m) => ({ default: m.PopinSignupForm })));
const PopinRunner = lazy(() => import('../features/popin/PopinRunner.tsx').then((m) => ({ default: m.PopinRunner })));

/** The query parameter of the newsroom's popin preview links (server: newsroom/popins/popinWorkflow.ts). */
const PREVIEW_PARAM = 'apercu-popin';

export function PopinHost() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const previewToken = useRouterState({ select: (s) => new URLSearchParams(s.location.searchStr).get(PREVIEW_PARAM) });
  const appConsent = vendorEnabled(useConsent(), 'app');
  const consentPromptOpen = useConsentPromptOpen();
  const [popin, setPopin] = useState<Popin | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!previewToken) return;
    let current = true;
    void fetchPopinPreview(previewToken).then((found) => {
      if (!current) return;
      setPopin(found);
      if (found) setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, [previewToken]);

  useEffect(() => {
    if (!appConsent || previewToken) return;
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
  }, [pathname, appConsent, previewToken]);

  // Once its code is here, the runner stays: its machine remembers that a popin was already shown.
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <PopinRunner
        popin={popin}
        appConsent={appConsent || previewToken !== null}
        consentPromptOpen={consentPromptOpen}
        preview={previewToken !== null}
        renderSignup={(slot) => (
          <Suspense fallback={null}>
            <PopinSignupForm {...slot} />
          </Suspense>
        )}
      />
    </Suspense>
  );
}
