/**
 * POST /api/audience/hits (openapi/resources/audience.yaml, decision 028): the readers' beacon. Order: the
 * per-IP flood limit (before the body), the body (415/413/400 in French: the same input rules as every
 * operation, whoever sends it), then what is not counted and still answered 204 (GPC, prefetch, bots, the
 * newsroom and previews), then a map increment. No database call on this path: the recorder writes in batches.
 */
import type { z } from 'zod';
import * as contract from '../../api/generated/zod.ts';
import type { Database } from '../../db/client.ts';
import type { ApiHandler, ApiHandlerTable } from '../http/apiTypes.ts';
import { defaultClientIp } from '../http/clientIp.ts';
import { readJson } from '../http/jsonBody.ts';
import { createRateLimiter } from '../http/rateLimit.ts';
import { noContent } from '../http/responses.ts';
import { createMemoryStore, type SharedStore } from '../http/sharedStore.ts';
import { type HeaderSource, incrementsOf, isStaffPath, notCountedByHeaders } from './audienceInput.ts';
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

/** How a beacon's body is read and checked, by the API handler and the node:http path (beaconFastPath.ts) alike. */
export const beaconBody = {
  schema: contract.RecordAudienceHitBody,
  maxBytes: audienceSettings.maxBodyBytes,
  /** text/plain: what navigator.sendBeacon sends for a string. */
  mimes: ['text/plain', 'application/json'],
  explain: describeIssue,
} as const;

/** The one answer to a beacon read and checked, counted or not: a bot learns nothing from it. */
export const beaconReceived = (): Response => noContent('error');

export interface BeaconCounter {
  /**
   * Adds a checked beacon to the counters, unless its headers (GPC, prefetch, bot) or its path (newsroom,
   * previews) say not to. `requestHost`: the Host the request was sent to, a port or not.
   */
  count(beacon: contract.AudienceBeaconOutput, headers: HeaderSource, requestHost: string, db: Database): void;
}

export function createBeaconCounter(options: Pick<AudienceRouteOptions, 'recorder' | 'siteHosts' | 'now'>): BeaconCounter {
  const { recorder, siteHosts } = options;
  const now = options.now ?? (() => new Date());
  // The site's hosts and the request's, without ports: what the page sends (location.hostname, a referrer's
  // hostname). Worked out again only when the request's host changes: one site is nearly always asked by one name.
  let lastHost: string | null = null;
  let ownHosts: string[] = [];
  const hostsFor = (requestHost: string) => {
    if (requestHost !== lastHost) {
      ownHosts = [...siteHosts, requestHost].map((host) => host.replace(/:\d+$/, ''));
      lastHost = requestHost;
    }
    return ownHosts;
  };
  return {
    count(beacon, headers, requestHost, db) {
      if (notCountedByHeaders(headers) !== null || isStaffPath(beacon.path)) return;
      recorder.add(incrementsOf(beacon, headers.get('user-agent') ?? '', hostsFor(requestHost), now()));
      // A flood of distinct paths is written early rather than held in memory.
      if (recorder.pending() >= audienceSettings.maxPendingKeys) void recorder.flush(db).catch(() => {});
    },
  };
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
  const clientIp = options.clientIp ?? defaultClientIp(options.trustProxy ?? false);
  const rateLimited = createRateLimiter(options.store ?? createMemoryStore(), clientIp);
  const perMinute = options.rateLimitPerMinute ?? audienceSettings.rateLimitPerMinute;
  const counter = createBeaconCounter(options);

  const record: ApiHandler = async ({ db, request, url }) => {
    const limited = await rateLimited(request, 'audience', perMinute, audienceMessages.tooManyRequests);
    if (limited) return limited;
    const body = await readJson(request, beaconBody.schema, beaconBody.maxBytes, beaconBody.explain, beaconBody.mimes);
    if (!body.ok) return body.response;
    counter.count(body.value, request.headers, url.host, db);
    return beaconReceived();
  };

  return { recordAudienceHit: record } satisfies ApiHandlerTable;
}
