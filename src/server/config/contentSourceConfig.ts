/**
 * CONTENT_SOURCE (issue 35): where the magazine's articles come from. `piquante` (the default) is today's
 * behaviour: the newsroom writes them. `ghost` and `wordpress` keep a local copy of a CMS the team already
 * runs, synchronised continuously (src/server/sources/). Each source's variables are checked here, at boot,
 * with one sentence naming the variable: a wrong setting stops the server before anything opens. The keys
 * stay in this object and the adapters: never in a page, an answer or a log line.
 */
import type { ContentSourceKind } from '../sources/liveSource.ts';

export interface WordPressSourceConfig {
  kind: 'wordpress';
  /** The site's address (its REST API is at `/wp-json/`), without a trailing slash. */
  url: string;
  /** WORDPRESS_USER + WORDPRESS_APP_PASSWORD (an application password: drafts and private posts); null: public reads. */
  credentials: { user: string; password: string } | null;
}

export interface GhostSourceConfig {
  kind: 'ghost';
  url: string;
  contentApiKey: string;
  /** GHOST_ADMIN_API_KEY as `id:secret` (draft previews); null: none. */
  adminApiKey: { id: string; secret: string } | null;
  /** SOURCE_WEBHOOK_SECRET: Ghost signs each webhook with it (X-Ghost-Signature); null: webhooks refused. */
  webhookSecret: string | null;
}

export interface SyncTiming {
  /** SOURCE_POLL_SECONDS: how often changes are asked for (default 60, at most 2 minutes late). */
  pollSeconds: number;
  /** SOURCE_RECONCILE_SECONDS: how often every published id is listed to notice deletions (default 300). */
  reconcileSeconds: number;
  /** SOURCE_TIMEOUT_MS: one request to the source, answer read whole (default 15 000). */
  timeoutMs: number;
  /** SOURCE_MAX_BYTES: the largest answer read from the source (default 8 MB). */
  maxBytes: number;
}

export type ContentSourceConfig = { kind: 'piquante' } | ((WordPressSourceConfig | GhostSourceConfig) & { timing: SyncTiming });

export const SYNC_DEFAULTS: SyncTiming = { pollSeconds: 60, reconcileSeconds: 300, timeoutMs: 15_000, maxBytes: 8 * 1024 * 1024 };

const KINDS: readonly ContentSourceKind[] = ['piquante', 'ghost', 'wordpress'];

function sourceUrl(env: NodeJS.ProcessEnv, name: string, kind: string): string {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') throw new Error(`${name} is required with CONTENT_SOURCE=${kind} (the site's address, e.g. https://blog.exemple.fr).`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} is not a valid URL (got "${raw}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must start with http:// or https:// (got "${raw}").`);
  if (url.username || url.password) throw new Error(`${name} must not hold credentials (use the dedicated variables).`);
  if (url.search || url.hash) throw new Error(`${name} must be the site's address, without ?query or #fragment.`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function whole(env: NodeJS.ProcessEnv, name: string, min: number, max: number, fallback: number): number {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return fallback;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return Number(raw);
}

function timingFromEnv(env: NodeJS.ProcessEnv): SyncTiming {
  return {
    pollSeconds: whole(env, 'SOURCE_POLL_SECONDS', 1, 120, SYNC_DEFAULTS.pollSeconds),
    reconcileSeconds: whole(env, 'SOURCE_RECONCILE_SECONDS', 1, 86_400, SYNC_DEFAULTS.reconcileSeconds),
    timeoutMs: whole(env, 'SOURCE_TIMEOUT_MS', 100, 120_000, SYNC_DEFAULTS.timeoutMs),
    maxBytes: whole(env, 'SOURCE_MAX_BYTES', 64 * 1024, 256 * 1024 * 1024, SYNC_DEFAULTS.maxBytes),
  };
}

export function contentSourceConfigFromEnv(env: NodeJS.ProcessEnv): ContentSourceConfig {
  const raw = (env.CONTENT_SOURCE ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'piquante') return { kind: 'piquante' };
  if (!KINDS.includes(raw as ContentSourceKind)) {
    throw new Error(`CONTENT_SOURCE must be piquante, ghost or wordpress (got "${env.CONTENT_SOURCE}").`);
  }
  const timing = timingFromEnv(env);
  if (raw === 'wordpress') {
    const url = sourceUrl(env, 'WORDPRESS_URL', raw);
    const user = env.WORDPRESS_USER?.trim() ?? '';
    // Application passwords are shown with spaces (« abcd efgh … »); WordPress accepts them either way.
    const password = (env.WORDPRESS_APP_PASSWORD ?? '').replace(/\s+/g, '');
    if (user !== '' && password === '') throw new Error('WORDPRESS_APP_PASSWORD is required when WORDPRESS_USER is set.');
    if (user === '' && password !== '') throw new Error('WORDPRESS_USER is required when WORDPRESS_APP_PASSWORD is set.');
    if (password !== '' && !/^[A-Za-z0-9]{16,64}$/.test(password)) {
      throw new Error('WORDPRESS_APP_PASSWORD must be an application password (24 letters and digits, spaces allowed).');
    }
    return { kind: 'wordpress', url, credentials: user ? { user, password } : null, timing };
  }
  const url = sourceUrl(env, 'GHOST_URL', raw);
  const contentApiKey = env.GHOST_CONTENT_API_KEY?.trim() ?? '';
  if (contentApiKey === '')
    throw new Error('GHOST_CONTENT_API_KEY is required with CONTENT_SOURCE=ghost (Ghost: Settings → Integrations).');
  if (!/^[0-9a-f]{26}$/i.test(contentApiKey)) throw new Error('GHOST_CONTENT_API_KEY must be the 26 hexadecimal characters Ghost shows.');
  const admin = env.GHOST_ADMIN_API_KEY?.trim() ?? '';
  let adminApiKey: GhostSourceConfig['adminApiKey'] = null;
  if (admin !== '') {
    const match = /^([0-9a-f]{24}):([0-9a-f]{64})$/i.exec(admin);
    if (!match) throw new Error('GHOST_ADMIN_API_KEY must be id:secret as Ghost shows it (24 and 64 hexadecimal characters).');
    adminApiKey = { id: match[1] as string, secret: match[2] as string };
  }
  const webhookSecret = env.SOURCE_WEBHOOK_SECRET?.trim() ?? '';
  if (webhookSecret !== '' && webhookSecret.length < 16) throw new Error('SOURCE_WEBHOOK_SECRET must be at least 16 characters.');
  return { kind: 'ghost', url, contentApiKey, adminApiKey, webhookSecret: webhookSecret || null, timing };
}

/** Where an editor changes post `sourceId` in the source's own admin (the newsroom links there); null for piquante. */
export function sourceEditUrl(config: ContentSourceConfig, sourceId: string): string | null {
  if (config.kind === 'wordpress') return `${config.url}/wp-admin/post.php?post=${encodeURIComponent(sourceId)}&action=edit`;
  if (config.kind === 'ghost') return `${config.url}/ghost/#/editor/post/${encodeURIComponent(sourceId)}`;
  return null;
}
