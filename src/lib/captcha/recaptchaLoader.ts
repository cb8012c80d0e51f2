/**
 * Google reCAPTCHA v2 invisible, loaded only when the server says CAPTCHA_PROVIDER=recaptcha: the script
 * (language fr) is injected on first use, the widget is rendered invisible with its badge inline in a
 * hidden box (the notice under the form replaces it). SPEC §8's errors: a missing site key or version
 * raises, a script that does not load gives 'ReCaptcha error: Failed to load script', a failed run
 * 'Failed to execute'.
 */
import { CaptchaError } from './captchaError.ts';

export const recaptchaErrors = {
  missingKeyOrVersion: 'ReCaptcha error: site key or version missing',
  loadFailed: 'ReCaptcha error: Failed to load script',
  executeFailed: 'Failed to execute',
} as const;

export interface Grecaptcha {
  ready?: (callback: () => void) => void;
  render(container: unknown, parameters: Record<string, unknown>): number;
  execute(widgetId: number): void | Promise<void>;
  reset(widgetId: number): void;
}

/** What the loader needs from the page; the browser one is `browserRecaptchaHost()`. */
export interface RecaptchaHost {
  /** Adds a script tag; resolves on load, rejects on error. */
  injectScript(src: string): Promise<void>;
  grecaptcha(): Grecaptcha | undefined;
  /** A hidden element to render the widget into. */
  createContainer(): unknown;
}

export interface RecaptchaWidget {
  /** A fresh token (runs the invisible challenge). */
  execute(): Promise<string>;
  reset(): void;
}

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&hl=fr';

export async function loadRecaptcha(options: { siteKey?: string; version?: number }, host: RecaptchaHost): Promise<RecaptchaWidget> {
  if (!options.siteKey || options.version !== 2) throw new CaptchaError(recaptchaErrors.missingKeyOrVersion);
  if (!host.grecaptcha()) {
    try {
      await host.injectScript(RECAPTCHA_SCRIPT);
    } catch {
      throw new CaptchaError(recaptchaErrors.loadFailed);
    }
  }
  const grecaptcha = host.grecaptcha();
  if (!grecaptcha) throw new CaptchaError(recaptchaErrors.loadFailed);
  // api.js finishes loading its own parts after the script's load event.
  await new Promise<void>((resolve) => (grecaptcha.ready ? grecaptcha.ready(resolve) : resolve()));

  let pending: { resolve: (token: string) => void; reject: (error: Error) => void } | null = null;
  const settle = (outcome: { token: string } | { error: Error }) => {
    const current = pending;
    pending = null;
    if (!current) return;
    if ('token' in outcome) current.resolve(outcome.token);
    else current.reject(outcome.error);
  };
  let widgetId: number;
  try {
    widgetId = grecaptcha.render(host.createContainer(), {
      sitekey: options.siteKey,
      size: 'invisible',
      badge: 'inline',
      hl: 'fr',
      callback: (token: string) => settle({ token }),
      'error-callback': () => settle({ error: new CaptchaError(recaptchaErrors.executeFailed) }),
      'expired-callback': () => settle({ error: new CaptchaError(recaptchaErrors.executeFailed) }),
    });
  } catch {
    throw new CaptchaError(recaptchaErrors.executeFailed);
  }
  return {
    execute() {
      return new Promise<string>((resolve, reject) => {
        pending?.reject(new CaptchaError(recaptchaErrors.executeFailed));
        pending = { resolve, reject };
        try {
          Promise.resolve(grecaptcha.execute(widgetId)).catch(() => settle({ error: new CaptchaError(recaptchaErrors.executeFailed) }));
        } catch {
          settle({ error: new CaptchaError(recaptchaErrors.executeFailed) });
        }
      });
    },
    reset() {
      try {
        grecaptcha.reset(widgetId);
      } catch {
        // A widget that cannot reset will fail its next execute, which says so.
      }
    },
  };
}

export function browserRecaptchaHost(): RecaptchaHost {
  return {
    injectScript: (src) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        script.async = true;
        script.defer = true;
        script.onload = () => resolve();
        script.onerror = () => {
          script.remove();
          reject(new Error('script error'));
        };
        document.head.appendChild(script);
      }),
    grecaptcha: () => (window as { grecaptcha?: Grecaptcha }).grecaptcha,
    createContainer: () => {
      // Invisible, not display:none (the widget must be laid out to run); Google's notice is under the form.
      const box = document.createElement('div');
      box.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;visibility:hidden';
      box.setAttribute('aria-hidden', 'true');
      document.body.appendChild(box);
      return box;
    },
  };
}
