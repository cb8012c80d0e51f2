/**
 * POST /api/consent (openapi/magazine.yaml, tag Consent): the proof of each choice a reader makes in the
 * consent manager. Order of the checks: per-IP rate limit (before reading the body), body (415/413/400,
 * the contract's schema), names known to consent.config.ts (400), then the database. Nothing that could
 * identify the reader is stored: not the IP (it only counts towards the rate limit, in memory or Redis).
 */
import type { z } from 'zod';
import { consentConfig, knownPurposeIds, knownVendorIds } from '../../../consent.config.ts';
import * as contract from '../../api/generated/zod.ts';
import type { ApiHandler, ApiHandlerTable, JsonBody } from '../http/apiTypes.ts';
import { readJson } from '../http/jsonBody.ts';
import { type ClientLimitOptions, clientRateLimiter } from '../http/rateLimit.ts';
import { errorJson, json } from '../http/responses.ts';
import { saveConsentRecord } from './consentRecords.server.ts';

export const consentMessages = {
  required: (field: string) => `Le champ « ${field} » est obligatoire.`,
  unexpectedField: (field: string) => `Le champ « ${field} » n'est pas attendu.`,
  consentId: "L'identifiant de consentement n'est pas valide.",
  policyVersion: "La version de la politique de cookies n'est pas valide.",
  acceptType: 'Le type de choix doit être « all », « custom » ou « necessary ».',
  names: 'La liste des finalités ou des partenaires n’est pas valide.',
  unknownPurpose: (name: string) => `La finalité « ${name} » n'existe pas sur ce site.`,
  unknownVendor: (name: string) => `Le partenaire « ${name} » n'existe pas sur ce site.`,
  both: (name: string) => `« ${name} » ne peut pas être à la fois accepté et refusé.`,
  tooManyRequests: 'Trop de tentatives, merci de réessayer dans une minute.',
} as const;

function describeIssue(field: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return consentMessages.unexpectedField(issue.keys.join(', '));
  if (issue.code === 'invalid_type' && issue.input === undefined) return consentMessages.required(field);
  if (field === 'consentId') return consentMessages.consentId;
  if (field === 'policyVersion') return consentMessages.policyVersion;
  if (field === 'acceptType') return consentMessages.acceptType;
  return consentMessages.names;
}

/** The first reason the lists are not acceptable, or null. */
function listProblem(
  kind: 'purposes' | 'vendors',
  list: { enabled: string[]; disabled: string[] },
  known: readonly string[],
): { field: string; message: string } | null {
  for (const [side, names] of Object.entries(list) as ['enabled' | 'disabled', string[]][]) {
    for (const name of names) {
      if (!known.includes(name)) {
        const message = kind === 'purposes' ? consentMessages.unknownPurpose(name) : consentMessages.unknownVendor(name);
        return { field: `${kind}.${side}`, message };
      }
    }
  }
  const both = list.enabled.find((name) => list.disabled.includes(name));
  return both ? { field: kind, message: consentMessages.both(both) } : null;
}

export interface ConsentRouteOptions extends ClientLimitOptions {
  rateLimitPerMinute?: number;
  now?: () => Date;
}

export function consentHandlers(options: ConsentRouteOptions = {}) {
  const { rateLimited } = clientRateLimiter(options);
  const perMinute = options.rateLimitPerMinute ?? consentConfig.rateLimitPerMinute;
  const now = options.now ?? (() => new Date());

  const record: ApiHandler = async ({ db, request }) => {
    const limited = await rateLimited(request, 'consent', perMinute, consentMessages.tooManyRequests);
    if (limited) return limited;
    const body = await readJson(request, contract.RecordConsentBody, consentConfig.maxBodyBytes, describeIssue);
    if (!body.ok) return body.response;
    const choice = body.value;
    const problem = listProblem('purposes', choice.purposes, knownPurposeIds) ?? listProblem('vendors', choice.vendors, knownVendorIds);
    if (problem) return errorJson(400, problem.message, { [problem.field]: problem.message });
    const recordedAt = await saveConsentRecord(
      db,
      {
        consentId: choice.consentId.toLowerCase(),
        policyVersion: choice.policyVersion,
        acceptType: choice.acceptType,
        purposes: { enabled: [...new Set(choice.purposes.enabled)], disabled: [...new Set(choice.purposes.disabled)] },
        vendors: { enabled: [...new Set(choice.vendors.enabled)], disabled: [...new Set(choice.vendors.disabled)] },
      },
      now(),
    );
    return json(
      { consentId: choice.consentId.toLowerCase(), recordedAt: recordedAt.toISOString() } satisfies JsonBody<'recordConsent', 201>,
      {
        cache: 'error',
        status: 201,
      },
    );
  };

  return { recordConsent: record } satisfies ApiHandlerTable;
}
