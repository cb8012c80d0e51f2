/** JSON answers of the content service, with the contract's error body and cache policy. */
import { appConfig } from '../../../app.config.ts';
import type { ErrorResponse } from '../../api/types.ts';

export type CachePolicy = keyof typeof appConfig.apiCache;

const baseHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
} as const;

export function json(body: unknown, init: { status?: number; cache?: CachePolicy } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { ...baseHeaders, 'cache-control': appConfig.apiCache[init.cache ?? 'list'] },
  });
}

export function noContent(cache: CachePolicy = 'list'): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': appConfig.apiCache[cache] } });
}

const errorCodes = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  500: 'internal_error',
  503: 'service_unavailable',
  507: 'insufficient_storage',
} as const;

export type ErrorStatus = keyof typeof errorCodes;

export function errorJson(
  status: ErrorStatus,
  message: string,
  fields?: Record<string, string>,
  extraHeaders: Record<string, string> = {},
): Response {
  const body: ErrorResponse = { error: errorCodes[status], message, ...(fields ? { fields } : {}) };
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...baseHeaders,
      'cache-control': appConfig.apiCache[status === 404 ? 'notFound' : 'error'],
      ...extraHeaders,
    },
  });
}

export const notFound = (message = 'Contenu introuvable.') => errorJson(404, message);
