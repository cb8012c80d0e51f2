/**
 * The server's configuration, read from the environment once, at boot, and validated as a whole: every
 * problem is listed in one error before anything opens (a database, a port, a Redis connection), instead
 * of surfacing at the first request that needs the value. The generic values are a zod schema; each
 * domain's own set (newsletter, push, HTTPS, media storage, the newsroom's) is read by its parser, called
 * here. Domains receive what they need from this object; tests may still build theirs from an env.
 * process.env is read here and nowhere else in src/ (scripts/architecture/configReads.test.ts).
 */
import { z } from 'zod';
import { appConfig } from '../../../app.config.ts';
import type { DatabaseTarget } from '../../db/client.ts';
import type { SiteFeatures } from '../../lib/siteFeatures.ts';
import { pageCacheBytes } from '../http/pageCache.ts';
import type { ContentChangeRoutes } from '../http/pageCacheInvalidation.ts';
import type { MediaStorage } from '../newsroom/mediaStorage.ts';
import type { PageSources } from '../security/securityHeaders.server.ts';
import { databaseTargetFromEnv } from './databaseTarget.ts';
import { type IndexNowConfig, indexNowConfigFromEnv } from './indexNowConfig.ts';
import { mediaStorageFromEnv } from './mediaStorageConfig.ts';
import { type NewsletterConfig, newsletterConfigFromEnv } from './newsletterConfig.ts';
import { type NewsroomConfig, newsroomConfigFromEnv } from './newsroomConfig.ts';
import { pageSourcesFromEnv } from './pageSources.ts';
import { type PushConfig, pushConfigFromEnv } from './pushConfig.ts';
import { siteFeaturesFromEnv } from './siteFeaturesConfig.ts';
import type { OutboundPolicy } from '../security/guardedFetch.ts';
import { type CdnPurgeConfig, cdnPurgeConfigFromEnv } from './cdnPurgeConfig.ts';
import { outboundPolicyFromEnv } from './outboundConfig.ts';
import { type ContentSourceConfig, contentSourceConfigFromEnv } from './contentSourceConfig.ts';
import { type TransportSecurity, transportSecurityFromEnv } from './transportSecurity.ts';

const OFF = ['0', 'false', 'off', 'no'];
const ON = ['1', 'true', 'on', 'yes'];

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || ON.includes(v) || OFF.includes(v), 'must be 1 or 0')
  .optional();

const wholeNumber = (min: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= min, `must be ${min} or more`)
    .optional();

/** The generic variables (docs/operating/configuration.md); the domains' own sets are read by their parsers. */
const genericSchema = z.object({
  PORT: wholeNumber(1).refine((n) => n === undefined || n <= 65535, 'must be a port number (1–65535)'),
  SEED_DEMO: flag,
  QA_INSPECTOR: flag,
  SERVICE_WORKER: flag,
  WORKERS: wholeNumber(1),
  PAGE_CACHE_MAX_BYTES: wholeNumber(0),
  PROXY_REVALIDATE_SECONDS: wholeNumber(0),
  STOP_TIMEOUT_MS: wholeNumber(0),
  NEWSROOM_SCHEDULER_SECONDS: wholeNumber(1),
  DATABASE_QUERY_TIMEOUT_MS: wholeNumber(100),
  DATABASE_ACQUIRE_TIMEOUT_MS: wholeNumber(100),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
    .optional(),
  API_BASE_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || URL.canParse(v), 'must be a URL')
    .optional(),
});

export interface ServerConfig {
  database: DatabaseTarget;
  /** Load the demo content when the database is empty (default: with the embedded database only). */
  seedDemo: (kind: DatabaseTarget['kind']) => boolean;
  schedulerSeconds: number;
  newsletter: NewsletterConfig;
  push: PushConfig;
  transport: TransportSecurity;
  /** Built once: the media library's storage (MEDIA_DIR or S3). */
  mediaStorage: MediaStorage;
  newsroom: NewsroomConfig;
  /** The canonical origin (SITE_URL, else app.config's default), without a trailing slash: feeds, sitemaps, the pages. */
  siteUrl: string;
  /** REDIS_URL: pages, rate limits and content-changed messages shared between processes; null: none. */
  redisUrl: string | null;
  /** Where content-changed messages travel (NOTIFY with PostgreSQL, Redis with REDIS_URL). */
  contentChanges: ContentChangeRoutes;
  /** PAGE_CACHE_MAX_BYTES (0: no page cache). */
  pageCacheBytes: number;
  /** PROXY_REVALIDATE_SECONDS: nginx's lifetime of a shared answer (0: no X-Accel-Expires, nginx keeps s-maxage). */
  proxyRevalidateSeconds: number;
  /** PAGE_CACHE_HIT_PATH=0 sends cache hits through the normal path (to compare, as bench:http does). */
  pageCacheHitPath: boolean;
  /** AUDIENCE_BEACON_PATH=0 sends audience beacons through the normal path (to compare, as bench:audience-http can). */
  audienceBeaconPath: boolean;
  /** What the readers' browsers may use (service worker, push, analytics…), handed to the render. */
  siteFeatures: SiteFeatures;
  /** The origins the pages' Content-Security-Policy allows, decided once. */
  pageSources: PageSources;
  /** API_BASE_URL: an external implementation of the contract the pages read; null: this process's API. */
  apiBaseUrl: string | null;
  /** OUTBOUND_ALLOW_HOSTS: requests to outside addresses (import images, push) go only to public ones but these. */
  outbound: OutboundPolicy;
  /** INDEXNOW_KEY and INDEXNOW_ENDPOINT: telling the search engines of changed addresses (decision 031). */
  indexNow: IndexNowConfig;
  /** CDN_PURGE_URL/TOKEN/KIND: the CDN purged by tag after each change (decision 032); null: none. */
  cdnPurge: CdnPurgeConfig | null;
  /** CONTENT_SOURCE and its source's variables (issue 35): `piquante`, or a Ghost or WordPress kept in sync. */
  contentSource: ContentSourceConfig;
}

export class ServerConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server's configuration is wrong; fix the environment and start again:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ServerConfigError';
  }
}

export function readServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const problems: string[] = [];
  const generic = genericSchema.safeParse(env);
  if (!generic.success) {
    for (const issue of generic.error.issues)
      problems.push(`${issue.path.join('.')} ${issue.message} (got "${env[String(issue.path[0])] ?? ''}").`);
  }
  /** Each domain's parser, its error collected with the others'. */
  const read = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      problems.push((error as Error).message);
      return undefined;
    }
  };
  const newsletter = read(() => newsletterConfigFromEnv(env));
  const push = read(() => pushConfigFromEnv(env));
  const transport = read(() => transportSecurityFromEnv(env));
  const mediaStorage = read(() => mediaStorageFromEnv(env));
  const newsroom = read(() => newsroomConfigFromEnv(env));
  const cacheBytes = read(() => pageCacheBytes(env.PAGE_CACHE_MAX_BYTES));
  const outbound = read(() => outboundPolicyFromEnv(env));
  const indexNow = read(() => indexNowConfigFromEnv(env));
  const cdnPurge = read(() => cdnPurgeConfigFromEnv(env));
  const contentSource = read(() => contentSourceConfigFromEnv(env));
  if (
    problems.length > 0 ||
    !generic.success ||
    !newsletter ||
    !push ||
    !transport ||
    !mediaStorage ||
    !newsroom ||
    cacheBytes === undefined ||
    !outbound ||
    !indexNow ||
    cdnPurge === undefined ||
    !contentSource
  ) {
    throw new ServerConfigError(problems);
  }
  const seed = generic.data.SEED_DEMO ?? '';
  const target = databaseTargetFromEnv(env);
  // The server's bounds; batch commands (imports, backups) open the database without them.
  const database: DatabaseTarget =
    target.kind === 'postgres'
      ? {
          ...target,
          queryTimeoutMs: generic.data.DATABASE_QUERY_TIMEOUT_MS ?? appConfig.database.queryTimeoutMs,
          acquireTimeoutMs: generic.data.DATABASE_ACQUIRE_TIMEOUT_MS ?? appConfig.database.acquireTimeoutMs,
        }
      : target;
  return {
    database,
    seedDemo: (kind) => (seed === '' ? kind === 'pglite' : ON.includes(seed)),
    schedulerSeconds: generic.data.NEWSROOM_SCHEDULER_SECONDS ?? appConfig.newsroom.schedulerSeconds,
    newsletter,
    push,
    transport,
    mediaStorage,
    newsroom,
    siteUrl: (env.SITE_URL || appConfig.site.defaultSiteUrl).replace(/\/+$/, ''),
    redisUrl: newsletter.redisUrl,
    contentChanges: { database, redisUrl: newsletter.redisUrl },
    pageCacheBytes: cacheBytes,
    proxyRevalidateSeconds: generic.data.PROXY_REVALIDATE_SECONDS ?? appConfig.pageCache.proxyRevalidateSeconds,
    pageCacheHitPath: env.PAGE_CACHE_HIT_PATH !== '0',
    audienceBeaconPath: env.AUDIENCE_BEACON_PATH !== '0',
    siteFeatures: siteFeaturesFromEnv(env),
    pageSources: pageSourcesFromEnv(env),
    apiBaseUrl: env.API_BASE_URL || null,
    outbound,
    indexNow,
    cdnPurge,
    contentSource,
  };
}

const CONFIG_KEY = Symbol.for('piquante.serverConfig');
type GlobalWithConfig = typeof globalThis & { [CONFIG_KEY]?: ServerConfig };

/**
 * This process's configuration, read from process.env the first time it is asked for (a wrong setting
 * throws a ServerConfigError naming each variable), then the same object for every module copy.
 */
export function processServerConfig(): ServerConfig {
  const g = globalThis as GlobalWithConfig;
  g[CONFIG_KEY] ??= readServerConfig(process.env);
  return g[CONFIG_KEY];
}
