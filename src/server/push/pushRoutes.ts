/**
 * The web push endpoints of the contract (openapi/magazine.yaml, tag Push): a route table composed into the
 * API at boot by `pushHandlers(options)`. Order of the checks: notifications configured (404 otherwise),
 * per-IP rate limit (before reading the body), body (415/413/400), endpoint policy (400), then the database.
 */
import type { z } from 'zod';
import * as contract from '../../api/generated/zod.ts';
import type { Database } from '../../db/client.ts';
import { drainBody } from '../http/requestBody.ts';
import { type ClientLimitOptions, clientRateLimiter } from '../http/rateLimit.ts';
import type { ApiHandler, ApiHandlerTable, JsonBody } from '../http/apiTypes.ts';
import { errorJson, json } from '../http/responses.ts';
import { appConfig } from '../../../app.config.ts';
import { checkEndpoint } from './endpointPolicy.ts';
import { readJson } from '../http/jsonBody.ts';
import type { PushConfig } from '../config/pushConfig.ts';
import { removePushSubscriptions, savePushSubscription } from './pushSubscriptions.server.ts';

export const pushMessages = {
  disabled: "Les notifications ne sont pas activées sur ce site pour l'instant.",
  subscribed: 'C’est noté : on vous prévient dès qu’un article sort.',
  unsubscribed: 'C’est fait : vous ne recevrez plus de notifications.',
  tooManyRequests: 'Trop de tentatives, merci de réessayer dans une minute.',
  endpointInvalid: "L'adresse du service de notification n'est pas valide.",
  endpointNotHttps: "L'adresse du service de notification doit être en https.",
  endpointUnknown: "Ce service de notification n'est pas reconnu : les notifications ne peuvent pas être envoyées à cette adresse.",
  keyInvalid: "Les clés de chiffrement de l'abonnement ne sont pas valides.",
  expirationInvalid: "La date d'expiration de l'abonnement n'est pas valide.",
  unexpectedField: (name: string) => `Le champ « ${name} » n'est pas attendu.`,
  required: (name: string) => `Le champ « ${name} » est obligatoire.`,
} as const;

function describeIssue(field: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return pushMessages.unexpectedField(issue.keys.join(', '));
  if (issue.code === 'invalid_type' && issue.input === undefined) return pushMessages.required(field);
  if (field === 'endpoint') return pushMessages.endpointInvalid;
  if (field.startsWith('keys')) return pushMessages.keyInvalid;
  if (field === 'expirationTime') return pushMessages.expirationInvalid;
  return pushMessages.endpointInvalid;
}

export interface PushRouteOptions extends ClientLimitOptions {
  config: PushConfig;
  now?: () => Date;
}

const noStore = { cache: 'error' } as const;

export function pushHandlers(options: PushRouteOptions) {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const maxBytes = appConfig.push.maxBodyBytes;
  const { rateLimited } = clientRateLimiter(options);

  /** The refusal to answer before the body is read, or null to go on. */
  async function refuseEarly(request: Request): Promise<Response | null> {
    if (!config.vapid) {
      drainBody(request);
      // A refusal of a POST: never cached, unlike the content service's 404s of missing items.
      return errorJson(404, pushMessages.disabled, undefined, { 'cache-control': appConfig.apiCache.error });
    }
    return rateLimited(request, 'push', config.rateLimitPerMinute, pushMessages.tooManyRequests);
  }

  function endpointRefusal(endpoint: string): Response | null {
    const verdict = checkEndpoint(endpoint, config.endpoints);
    if (verdict.ok) return null;
    const message =
      verdict.reason === 'not-https'
        ? pushMessages.endpointNotHttps
        : verdict.reason === 'unknown-service'
          ? pushMessages.endpointUnknown
          : pushMessages.endpointInvalid;
    return errorJson(400, message, { endpoint: message });
  }

  const subscribe: ApiHandler = async ({ db, request }: { db: Database; request: Request }) => {
    const refused = await refuseEarly(request);
    if (refused) return refused;
    const body = await readJson(request, contract.SubscribePushBody, maxBytes, describeIssue);
    if (!body.ok) return body.response;
    const { endpoint, keys, expirationTime } = body.value;
    const badEndpoint = endpointRefusal(endpoint);
    if (badEndpoint) return badEndpoint;
    if (Buffer.from(keys.p256dh, 'base64url')[0] !== 4) {
      return errorJson(400, pushMessages.keyInvalid, { 'keys.p256dh': pushMessages.keyInvalid });
    }
    const expiresAt = typeof expirationTime === 'number' ? new Date(expirationTime) : null;
    if (expiresAt && Number.isNaN(expiresAt.getTime())) {
      return errorJson(400, pushMessages.expirationInvalid, { expirationTime: pushMessages.expirationInvalid });
    }
    const created = await savePushSubscription(db, { endpoint, p256dh: keys.p256dh, auth: keys.auth, expiresAt }, now());
    return json({ status: 'subscribed', message: pushMessages.subscribed } satisfies JsonBody<'subscribePush', 201>, {
      ...noStore,
      status: created ? 201 : 200,
    });
  };

  const unsubscribe: ApiHandler = async ({ db, request }) => {
    const refused = await refuseEarly(request);
    if (refused) return refused;
    const body = await readJson(request, contract.UnsubscribePushBody, maxBytes, describeIssue);
    if (!body.ok) return body.response;
    // No policy check here: removing an address that could never have been stored is harmless.
    await removePushSubscriptions(db, [body.value.endpoint]);
    return json({ status: 'unsubscribed', message: pushMessages.unsubscribed } satisfies JsonBody<'unsubscribePush', 200>, noStore);
  };

  return { subscribePush: subscribe, unsubscribePush: unsubscribe } satisfies ApiHandlerTable;
}
