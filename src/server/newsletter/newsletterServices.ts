/**
 * The newsletter's keyed services for one database: the captcha (its ALTCHA key) and the one-click
 * unsubscribe key. Without NEWSLETTER_SECRET the secret lives in the database, so the keys are derived
 * once per database, on first use, and derived again if loading them failed.
 */
import type { Database } from '../../db/client.ts';
import { type Captcha, createCaptcha } from './captcha.server.ts';
import type { NewsletterConfig } from '../config/newsletterConfig.ts';
import type { SharedStore } from '../http/sharedStore.ts';
import { deriveKey, loadNewsletterSecret } from './subscribers.server.ts';

export interface NewsletterServices {
  captcha: Captcha;
  oneClickKey: string;
}

export interface ServicesDeps {
  config: NewsletterConfig;
  store: SharedStore;
  /** reCAPTCHA siteverify calls go through this fetch (tests). */
  fetch?: typeof fetch;
  now: () => Date;
}

export function createServicesFor(deps: ServicesDeps): (db: Database) => Promise<NewsletterServices> {
  const services = new WeakMap<Database, Promise<NewsletterServices>>();
  return (db) => {
    let ready = services.get(db);
    if (!ready) {
      ready = loadNewsletterSecret(db, deps.config.secret).then((secret) => ({
        captcha: createCaptcha({
          config: deps.config.captcha,
          altchaKey: deriveKey(secret, 'altcha'),
          store: deps.store,
          fetch: deps.fetch,
          now: () => deps.now().getTime(),
        }),
        oneClickKey: deriveKey(secret, 'one-click'),
      }));
      ready.catch(() => services.delete(db));
      services.set(db, ready);
    }
    return ready;
  };
}
