/**
 * The server's configuration, read from the environment once, at boot, and validated as a whole: every
 * problem is listed in one error before anything opens (a database, a port, a Redis connection), instead
 * of surfacing at the first request that needs the value. The generic values are a zod schema; each
 * domain's own set (newsletter, push, HTTPS, media storage, test switches) is read by its parser, called
 * here. Domains receive what they need from this object; tests may still build theirs from an env.
 */
import { z } from 'zod';
import { appConfig } from '../../../app.config.ts';
import { type DatabaseTarget, databaseTargetFromEnv } from '../../db/client.ts';
import { type MediaStorage, mediaStorageFromEnv } from '../newsroom/mediaStorage.ts';
import { testClockFromEnv } from '../newsroom/http/newsroomHandlers.ts';
import { type NewsletterConfig, newsletterConfigFromEnv } from '../newsletter/newsletterConfig.ts';
import { type PushConfig, pushConfigFromEnv } from '../push/pushConfig.ts';
import type { OutboundPolicy } from '../security/guardedFetch.ts';
import { outboundPolicyFromEnv } from './outboundConfig.ts';
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

/** The generic variables (the README's configuration table); the domains' own sets are read by their parsers. */
const genericSchema = z.object({
  PORT: wholeNumber(1).refine((n) => n === undefined || n <= 65535, 'must be a port number (1–65535)'),
  SEED_DEMO: flag,
  QA_INSPECTOR: flag,
  SERVICE_WORKER: flag,
  WORKERS: wholeNumber(1),
  PAGE_CACHE_MAX_BYTES: wholeNumber(0),
  STOP_TIMEOUT_MS: wholeNumber(0),
  NEWSROOM_SCHEDULER_SECONDS: wholeNumber(1),
  ADMIN_LOGIN_RATE_LIMIT: wholeNumber(0),
  MEDIA_MAX_BYTES: wholeNumber(1),
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
  /** NEWSROOM_TEST_CLOCK (tests only; refused with NODE_ENV=production). */
  testClock: boolean;
  /** OUTBOUND_ALLOW_HOSTS: requests to outside addresses (import images, push) go only to public ones but these. */
  outbound: OutboundPolicy;
}

export class ServerConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server's configuration is wrong; fix the environment and start again:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ServerConfigError';
  }
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
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
  const testClock = read(() => testClockFromEnv(env));
  const outbound = read(() => outboundPolicyFromEnv(env));
  if (
    problems.length > 0 ||
    !generic.success ||
    !newsletter ||
    !push ||
    !transport ||
    !mediaStorage ||
    testClock === undefined ||
    !outbound
  ) {
    throw new ServerConfigError(problems);
  }
  const seed = generic.data.SEED_DEMO ?? '';
  return {
    database: databaseTargetFromEnv(env),
    seedDemo: (kind) => (seed === '' ? kind === 'pglite' : ON.includes(seed)),
    schedulerSeconds: generic.data.NEWSROOM_SCHEDULER_SECONDS ?? appConfig.newsroom.schedulerSeconds,
    newsletter,
    push,
    transport,
    mediaStorage,
    testClock,
    outbound,
  };
}
