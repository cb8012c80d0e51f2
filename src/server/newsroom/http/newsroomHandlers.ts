/**
 * The newsroom's operations (openapi/magazine.yaml, tag Newsroom), one module per resource, composed here
 * with what they share. Every /api/admin call needs a session; every write also needs the session's CSRF
 * token in X-CSRF-Token (decision 011) and the role the action asks for (403 with a French sentence).
 */
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../../../db/client.ts';
import { transportSecurityFromEnv } from '../../config/transportSecurity.ts';
import { defaultClientIp } from '../../http/clientIp.ts';
import { createRateLimiter } from '../../http/rateLimit.ts';
import type { SharedStore } from '../../http/sharedStore.ts';
import type { Clock } from '../clock.ts';
import { type MediaStorage, mediaStorageFromEnv } from '../mediaStorage.ts';
import { loadNewsroomSecret } from '../previewTokens.ts';
import { articleHandlers } from './articleHandlers.ts';
import { auditHandlers } from './auditHandlers.ts';
import { categoryHandlers } from './categoryHandlers.ts';
import { importHandlers } from './importHandlers.ts';
import { generatorHandlers } from './generatorHandlers.ts';
import { instagramHandlers } from './instagramHandlers.ts';
import { mosaicHandlers } from './mosaicHandlers.ts';
import { liveBlogHandlers } from '../../liveblog/liveBlogHandlers.ts';
import { contestHandlers } from './contestHandlers.ts';
import { mediaHandlers } from './mediaHandlers.ts';
import { popinHandlers } from './popinHandlers.ts';
import { previewHandlers } from './previewHandlers.ts';
import { quizHandlers } from './quizHandlers.ts';
import { quotationHandlers } from './quotationHandlers.ts';
import { redirectHandlers } from './redirectHandlers.ts';
import { bestofHandlers } from './bestofHandlers.ts';
import { type IssueHandlerDeps, newsletterIssueHandlers } from './newsletterIssueHandlers.ts';
import { surveyHandlers } from './surveyHandlers.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';
import { sessionHandlers } from './sessionHandlers.ts';
import { shoppingHandlers } from './shoppingHandlers.ts';
import { staffHandlers } from './staffHandlers.ts';

export interface NewsroomOptions {
  env?: NodeJS.ProcessEnv;
  clock: Clock;
  /** The shared store of rate limits (memory or Redis), built once at boot. */
  store: SharedStore;
  clientIp?: (request: Request) => string;
  /** Called after a write that readers can see (purge pages, tell other processes). */
  contentChanged?: () => Promise<void> | void;
  /** Where uploaded media go (default: from the environment). */
  storage?: MediaStorage;
  /** The newsletter's issues: the queue, the mail's renderer, the site's address. Without it they answer 503. */
  issues?: IssueHandlerDeps;
  /** The job queue (imports). Without it, starting an import answers 503. */
  jobs?: IssueHandlerDeps['jobs'];
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

/** For tables composed without the newsletter's sending (tests of other parts): a clear refusal, not a crash. */
const issuesUnavailable: IssueHandlerDeps = {
  jobs: {
    enqueue: async () => {
      throw Object.assign(new Error('no job queue here'), { code: 'ECONNREFUSED' });
    },
  },
  render: async () => {
    throw Object.assign(new Error('no mail renderer here'), { code: 'ECONNREFUSED' });
  },
  siteUrl: 'http://localhost:3000',
};

export function newsroomHandlers(options: NewsroomOptions) {
  const env = options.env ?? process.env;
  const transport = transportSecurityFromEnv(env);
  let secret: Promise<string> | null = null;
  const deps: NewsroomDeps = {
    env,
    clock: options.clock,
    transport,
    rateLimited: createRateLimiter(options.store, options.clientIp ?? defaultClientIp(transport.trustProxy)),
    loginPerMinute: loginLimit(env),
    storage: options.storage ?? mediaStorageFromEnv(env),
    siteOrigin: env.SITE_URL ? new URL(env.SITE_URL).origin : null,
    testClock: testClockFromEnv(env),
    secretOf: (db: Database) => {
      secret ??= loadNewsroomSecret(db, env.NEWSROOM_SECRET);
      return secret;
    },
    changed: async () => {
      await options.contentChanged?.();
    },
  };
  return {
    ...sessionHandlers(deps),
    ...staffHandlers(deps),
    ...articleHandlers(deps),
    ...categoryHandlers(deps),
    ...mediaHandlers(deps),
    ...previewHandlers(deps),
    ...quizHandlers(deps),
    ...auditHandlers(deps),
    ...redirectHandlers(deps),
    ...bestofHandlers(deps),
    ...surveyHandlers(deps),
    ...popinHandlers(deps),
    ...generatorHandlers(deps),
    ...quotationHandlers(deps),
    ...shoppingHandlers(deps),
    ...instagramHandlers(deps),
    ...mosaicHandlers(deps),
    ...liveBlogHandlers(deps),
    ...contestHandlers(deps),
    ...newsletterIssueHandlers(deps, options.issues ?? issuesUnavailable),
    ...importHandlers(deps, options.jobs ?? issuesUnavailable.jobs),
  };
}
