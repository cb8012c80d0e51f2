/**
 * Strict-Transport-Security: sent only when the site is served over HTTPS — SITE_URL says https, or a
 * proxy we trust (TRUST_PROXY=1) says the request came in over https — since browsers ignore it over
 * plain HTTP and a local `npm start` must stay reachable. HSTS_MAX_AGE sets its lifetime (0 turns it off).
 */
import { envFlag } from './envValues.ts';

const ONE_YEAR = 31_536_000;

export interface TransportSecurity {
  maxAge: number;
  siteIsHttps: boolean;
  trustProxy: boolean;
}

export function transportSecurityFromEnv(env: NodeJS.ProcessEnv): TransportSecurity {
  const raw = env.HSTS_MAX_AGE?.trim() ?? '';
  if (raw !== '' && !/^\d{1,9}$/.test(raw)) throw new Error(`HSTS_MAX_AGE must be a whole number of seconds (got "${raw}").`);
  return {
    maxAge: raw === '' ? ONE_YEAR : Number(raw),
    siteIsHttps: (env.SITE_URL ?? '').trim().toLowerCase().startsWith('https://'),
    trustProxy: envFlag(env, 'TRUST_PROXY', (message) => new Error(message)),
  };
}

/** The header's value for this request, or null when it must not be sent. */
export function strictTransportSecurity(request: Request, config: TransportSecurity): string | null {
  return strictTransportSecurityOf(request.headers.get('x-forwarded-proto'), new URL(request.url).protocol === 'https:', config);
}

/** The same decision from the request's parts (the node:http hit path has no Web Request). */
export function strictTransportSecurityOf(forwardedProto: string | null, directHttps: boolean, config: TransportSecurity): string | null {
  if (config.maxAge === 0) return null;
  const forwardedHttps = config.trustProxy && (forwardedProto ?? '').split(',').pop()?.trim() === 'https';
  if (!config.siteIsHttps && !forwardedHttps && !directHttps) return null;
  return `max-age=${config.maxAge}`;
}
