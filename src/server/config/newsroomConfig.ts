/**
 * The newsroom's settings (sign-in limit, media and import limits, its secret, the test clock), read from
 * the environment once, by readServerConfig: the handlers receive the values, never the environment.
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { appConfig } from '../../../app.config.ts';
import { type ContestConfig, contestConfigFromEnv } from './contestConfig.ts';

export interface NewsroomConfig {
  /** ADMIN_LOGIN_RATE_LIMIT: sign-in attempts per address per minute. */
  loginPerMinute: number;
  /** SITE_URL's origin: a write must come from it (null: any, as in development). */
  siteOrigin: string | null;
  /** NEWSROOM_SECRET: shared by every instance; null: generated once and kept in the database. */
  secret: string | null;
  /** NEWSROOM_TEST_CLOCK (tests only; refused with NODE_ENV=production). */
  testClock: boolean;
  /** MEDIA_MAX_BYTES: an uploaded (or imported) image's limit. */
  imageMaxBytes: number;
  /** MEDIA_AUDIO_MAX_BYTES: a sound's limit. */
  audioMaxBytes: number;
  /** IMPORT_MAX_BYTES: an uploaded export's limit. */
  importMaxBytes: number;
  /** Where uploaded exports wait for their job: IMPORT_DIR, else DATA_DIR/imports, else the system's temp dir. */
  importDir: string;
  /** IMPORT_DOWNLOAD_IMAGES=0: an import takes only the images its export holds. */
  importDownloadImages: boolean;
  /** Contests' entries: their retention after the draw (contestConfig.ts). */
  contests: ContestConfig;
  /** PUBLISH_WARNINGS_BLOCK=1: publishing waits until the publish warnings are dealt with (422); else they only warn. */
  publishWarningsBlock: boolean;
}

export const DEFAULT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_IMPORT_MAX_BYTES = 512 * 1024 * 1024;

/** The media limits when nothing is configured (MEDIA_MAX_BYTES, MEDIA_AUDIO_MAX_BYTES unset). */
export const DEFAULT_UPLOAD_LIMITS = { imageBytes: DEFAULT_IMAGE_MAX_BYTES, audioBytes: appConfig.newsroom.audioMaxBytes } as const;

function bytes(env: NodeJS.ProcessEnv, name: string, fallback: number, digits: number, what: string, min = 0): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!new RegExp(`^\\d{1,${digits}}$`).test(raw) || Number(raw) < min) throw new Error(`${name} must be ${what} (got "${raw}").`);
  return Number(raw);
}

function loginLimit(env: NodeJS.ProcessEnv): number {
  const raw = env.ADMIN_LOGIN_RATE_LIMIT?.trim();
  if (!raw) return appConfig.newsroom.loginPerMinute;
  if (!/^\d{1,6}$/.test(raw)) throw new Error(`ADMIN_LOGIN_RATE_LIMIT must be a whole number (got "${raw}").`);
  return Number(raw);
}

/** NEWSROOM_TEST_CLOCK lets an HTTP call move the server's clock: for end-to-end tests, never in production. */
export function testClockFromEnv(env: NodeJS.ProcessEnv): boolean {
  if (env.NEWSROOM_TEST_CLOCK !== '1') return false;
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'NEWSROOM_TEST_CLOCK=1 lets a request move the server clock: refused with NODE_ENV=production (tests set NODE_ENV=test).',
    );
  }
  return true;
}

function importDir(env: NodeJS.ProcessEnv): string {
  if (env.IMPORT_DIR?.trim()) return resolve(env.IMPORT_DIR.trim());
  if (env.DATA_DIR?.trim()) return join(resolve(env.DATA_DIR.trim()), 'imports');
  return join(tmpdir(), 'piquante-imports');
}

function publishWarningsBlock(env: NodeJS.ProcessEnv): boolean {
  const raw = env.PUBLISH_WARNINGS_BLOCK?.trim().toLowerCase() ?? '';
  if (raw === '' || ['0', 'false', 'off', 'no'].includes(raw)) return false;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  throw new Error(`PUBLISH_WARNINGS_BLOCK must be 1 or 0 (got "${raw}").`);
}

function siteOrigin(env: NodeJS.ProcessEnv): string | null {
  if (!env.SITE_URL) return null;
  try {
    return new URL(env.SITE_URL).origin;
  } catch {
    throw new Error(`SITE_URL must be a URL (got "${env.SITE_URL}").`);
  }
}

export function newsroomConfigFromEnv(env: NodeJS.ProcessEnv): NewsroomConfig {
  return {
    loginPerMinute: loginLimit(env),
    siteOrigin: siteOrigin(env),
    secret: env.NEWSROOM_SECRET?.trim() || null,
    testClock: testClockFromEnv(env),
    imageMaxBytes: bytes(env, 'MEDIA_MAX_BYTES', DEFAULT_IMAGE_MAX_BYTES, 10, 'a number of bytes, 1 or more', 1),
    audioMaxBytes: bytes(env, 'MEDIA_AUDIO_MAX_BYTES', appConfig.newsroom.audioMaxBytes, 10, 'a number of bytes'),
    importMaxBytes: bytes(env, 'IMPORT_MAX_BYTES', DEFAULT_IMPORT_MAX_BYTES, 12, 'a whole number of bytes'),
    importDir: importDir(env),
    importDownloadImages: env.IMPORT_DOWNLOAD_IMAGES !== '0',
    contests: contestConfigFromEnv(env),
    publishWarningsBlock: publishWarningsBlock(env),
  };
}
