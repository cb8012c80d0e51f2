/**
 * CDN_PURGE_URL, CDN_PURGE_TOKEN, CDN_PURGE_KIND: the CDN whose copies are purged by tag after each change
 * (decision 032). All three or none; the kind says which API shape the URL takes: `cloudflare`
 * (`…/zones/{zone}/purge_cache`, a Bearer token, `{"tags":[…]}`) or `fastly` (`…/service/{id}/purge`,
 * a `Fastly-Key`, the keys in a `Surrogate-Key` header).
 */
export type CdnKind = 'cloudflare' | 'fastly';

export interface CdnPurgeConfig {
  kind: CdnKind;
  url: string;
  token: string;
}

export class CdnPurgeConfigError extends Error {
  constructor(message: string) {
    super(`CDN purge configuration: ${message}`);
    this.name = 'CdnPurgeConfigError';
  }
}

const KINDS: readonly CdnKind[] = ['cloudflare', 'fastly'];

/** null when no CDN is configured; throws one sentence naming the variable when the setting is wrong. */
export function cdnPurgeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): CdnPurgeConfig | null {
  const url = env.CDN_PURGE_URL?.trim() ?? '';
  const token = env.CDN_PURGE_TOKEN?.trim() ?? '';
  const kind = env.CDN_PURGE_KIND?.trim().toLowerCase() ?? '';
  if (url === '') {
    if (token !== '' || kind !== '')
      throw new CdnPurgeConfigError('CDN_PURGE_URL is missing while CDN_PURGE_TOKEN or CDN_PURGE_KIND is set.');
    return null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CdnPurgeConfigError(`CDN_PURGE_URL must be an http(s) URL (got "${url}").`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new CdnPurgeConfigError(`CDN_PURGE_URL must be an http(s) URL (got "${url}").`);
  if (parsed.username || parsed.password)
    throw new CdnPurgeConfigError('CDN_PURGE_URL must not hold credentials: put the token in CDN_PURGE_TOKEN.');
  if (!KINDS.includes(kind as CdnKind)) throw new CdnPurgeConfigError(`CDN_PURGE_KIND must be cloudflare or fastly (got "${kind}").`);
  if (token === '') throw new CdnPurgeConfigError('CDN_PURGE_TOKEN is missing: the CDN refuses a purge without it.');
  if (/[\r\n]/.test(token)) throw new CdnPurgeConfigError('CDN_PURGE_TOKEN must be one line.');
  return { kind: kind as CdnKind, url: parsed.href, token };
}
