/**
 * The browser side of the captcha switch. The server says which provider is on (GET /newsletter/captcha);
 * the client then prepares in the background (on first focus of the form): solves the ALTCHA proof of
 * work in a worker, or loads the reCAPTCHA script and widget. `getToken()` before each submit waits for
 * that work; `reset()` after each submit forgets the spent token (ALTCHA) or resets the widget.
 */
import type { AltchaChallenge, CaptchaSetup } from '../../api/types.ts';
import { encodeAltchaSolution } from '../altcha/altchaSolver.ts';
import { CaptchaError } from './captchaError.ts';
import type { RecaptchaWidget } from './recaptchaLoader.ts';

export type CaptchaProvider = CaptchaSetup['provider'];
type RecaptchaSetup = Extract<CaptchaSetup, { provider: 'recaptcha' }>;

export interface CaptchaClient {
  /** Starts the background work if it is not under way (idempotent). */
  prepare(): void;
  /** The token for the form about to be sent ('' when the server checks nothing). */
  getToken(): Promise<string>;
  /** Called after every submit: a token is never sent twice. */
  reset(): void;
}

export interface CaptchaClientDeps {
  fetchSetup: () => Promise<CaptchaSetup>;
  solve: (challenge: AltchaChallenge) => Promise<number | null>;
  loadRecaptcha: (setup: RecaptchaSetup) => Promise<RecaptchaWidget>;
  /** Told once the provider is known (the form shows Google's notice for reCAPTCHA). */
  onProvider?: (provider: CaptchaProvider) => void;
}

export const captchaMessages = {
  unsolvable: 'La vérification anti-robot a échoué : rechargez la page et réessayez.',
} as const;

type Prepared = { kind: 'token'; provider: 'altcha' | 'none'; token: string } | { kind: 'widget'; widget: RecaptchaWidget };

export function createCaptchaClient(deps: CaptchaClientDeps): CaptchaClient {
  let ready: Promise<Prepared> | null = null;
  let settled: Prepared | null = null;
  let widget: Promise<RecaptchaWidget> | null = null;

  async function work(): Promise<Prepared> {
    const setup = await deps.fetchSetup();
    deps.onProvider?.(setup.provider);
    switch (setup.provider) {
      case 'none':
        return { kind: 'token', provider: 'none', token: '' };
      case 'altcha': {
        const number = await deps.solve(setup.challenge);
        if (number === null) throw new CaptchaError(captchaMessages.unsolvable);
        return { kind: 'token', provider: 'altcha', token: encodeAltchaSolution(setup.challenge, number) };
      }
      case 'recaptcha': {
        widget ??= deps.loadRecaptcha(setup);
        widget.catch(() => {
          widget = null;
        });
        return { kind: 'widget', widget: await widget };
      }
    }
  }

  function prepare(): Promise<Prepared> {
    if (ready) return ready;
    const attempt = work();
    ready = attempt;
    attempt.then(
      (prepared) => {
        if (ready === attempt) settled = prepared;
      },
      () => {
        // A failure (network, script) is retried by the next prepare/getToken.
        if (ready === attempt) ready = null;
      },
    );
    return attempt;
  }

  return {
    prepare() {
      prepare().catch(() => {});
    },
    async getToken() {
      const prepared = await prepare();
      return prepared.kind === 'token' ? prepared.token : prepared.widget.execute();
    },
    reset() {
      const done = settled;
      if (done?.kind === 'widget') {
        done.widget.reset();
        return;
      }
      if (done?.kind === 'token' && done.provider === 'none') return;
      // ALTCHA (or work still under way): the next submit gets a fresh challenge.
      ready = null;
      settled = null;
    },
  };
}
