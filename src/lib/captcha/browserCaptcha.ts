/** The captcha client as the browser runs it: proof of work in a Web Worker, reCAPTCHA from Google. */
import type { AltchaChallenge } from '../../api/types.ts';
import { solveAltcha } from '../altcha/altchaSolver.ts';
import { type CaptchaClient, type CaptchaProvider, createCaptchaClient } from './captchaClient.ts';
import { browserRecaptchaHost, loadRecaptcha } from './recaptchaLoader.ts';
import { fetchCaptchaSetup } from '../../api/queries/newsletter.ts';
import { consentStore } from '../consent/consentStore.ts';
import { vendorEnabled } from '../consent/consentState.ts';

function solveInWorker(challenge: AltchaChallenge): Promise<number | null> {
  if (typeof Worker === 'undefined') return Promise.resolve(solveAltcha(challenge));
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./altchaWorker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(solveAltcha(challenge));
      return;
    }
    worker.onmessage = (event: MessageEvent<{ number: number | null }>) => {
      worker.terminate();
      resolve(event.data.number);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(solveAltcha(challenge));
    };
    worker.postMessage(challenge);
  });
}

export function createBrowserCaptchaClient(onProvider?: (provider: CaptchaProvider) => void): CaptchaClient {
  return createCaptchaClient({
    // Google's script only with the recaptcha vendor's consent; otherwise the self-hosted ALTCHA, which the
    // server accepts too (a reader who refuses can still subscribe).
    fetchSetup: () => fetchCaptchaSetup({ altcha: !vendorEnabled(consentStore.get(), 'recaptcha') }),
    solve: solveInWorker,
    loadRecaptcha: (setup) => loadRecaptcha(setup, browserRecaptchaHost()),
    onProvider,
  });
}
