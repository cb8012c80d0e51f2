/**
 * POST /api/audience/hits (openapi/resources/audience.yaml, decision 028): the readers' beacon. Order: the
 * per-IP flood limit (before the body), the body (415/413/400 in French: the same input rules as every
 * operation, whoever sends it), then what is not counted and still answered 204 (GPC, prefetch, bots, the
 * newsroom and previews), then a map increment. No database call on this path: the recorder writes in batches.
 */
import type { z } from 'zod';
import * as contract from '../../api/generated/zod.ts';
import type { ApiHandler, ApiHandlerTable } from '../http/apiTypes.ts';
import { defaultClientIp } from '../http/clientIp.ts';
import { readJson } from '../http/jsonBody.ts';
import { createRateLimiter } from '../http/rateLimit.ts';
import { noContent } from '../http/responses.ts';
import { createMemoryStore, type SharedStore } from '../http/sharedStore.ts';
import { incrementsOf, isStaffPath, notCountedByHeaders } from './audienceInput.ts';
import type { AudienceRecorder } from './audienceRecorder.ts';
import { audienceSettings } from './audienceSettings.ts';

export const audienceMessages = {
  required: (field: string) => `Le champ « ${field} » est obligatoire.`,
  unexpectedField: (field: string) => `Le champ « ${field} » n'est pas attendu.`,
  invalid: (field: string) => `Le champ « ${field} » n'est pas valide.`,
  tooManyRequests: 'Trop de mesures envoyées depuis cette adresse, merci de réessayer dans une minute.',
} as const;

function describeIssue(field: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return audienceMessages.unexpectedField(issue.keys.join(', '));
  if (issue.code === 'invalid_type' && issue.input === undefined) return audienceMessages.required(field);
  return audienceMessages.invalid(field);
}

export interface AudienceRouteOptions {
  recorder: AudienceRecorder;
  /** The site's own hosts: a referrer among them is a navigation inside the site, not a new visit. */
  siteHosts: readonly string[];
  trustProxy?: boolean;
  clientIp?: (request: Request) => string;
  store?: SharedStore;
  rateLimitPerMinute?: number;
  now?: () => Date;
}

export function audienceBeaconHandlers(options: AudienceRouteOptions) {
  const { recorder } = options;
  const clientIp = options.clientIp ?? defaultClientIp(options.trustProxy ?? false);
  const rateLimited = createRateLimiter(options.store ?? createMemoryStore(), clientIp);
  const perMinute = options.rateLimitPerMinute ?? audienceSettings.rateLimitPerMinute;
  const now = options.now ?? (() => new Date());

  const record: ApiHandler = async ({ db, request, url }) => {
    const limited = await rateLimited(request, 'audience', perMinute, audienceMessages.tooManyRequests);
    if (limited) return limited;
    const body = await readJson(request, contract.RecordAudienceHitBody, audienceSettings.maxBodyBytes, describeIssue, [
      'text/plain',
      'application/json',
    ]);
    if (!body.ok) return body.response;
    if (notCountedByHeaders(request.headers) !== null || isStaffPath(body.value.path)) return noContent('error');
    // Host names without ports: what the page sends (location.hostname, a referrer's hostname).
    const hosts = [...options.siteHosts, url.host].map((host) => host.replace(/:\d+$/, ''));
    recorder.add(incrementsOf(body.value, request.headers.get('user-agent') ?? '', hosts, now()));
    // A flood of distinct paths is written early rather than held in memory.
    if (recorder.pending() >= audienceSettings.maxPendingKeys) void recorder.flush(db).catch(() => {});
    return noContent('error');
  };

  return { recordAudienceHit: record } satisfies ApiHandlerTable;
}
