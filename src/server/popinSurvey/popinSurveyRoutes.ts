/**
 * POST /api/popin/survey (openapi/magazine.yaml, tag Popin): counts a reader's answer to a survey popin.
 * Order of the checks: per-IP rate limit (before reading the body), body (415/413/400, the contract's
 * schema), then the popin and its button (404/400). Only totals per popin, button and day are kept: the
 * IP counts towards the rate limit (in memory or Redis) and nothing else about the reader is seen.
 */
import type { z } from 'zod';
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import type { ApiHandler, ApiHandlerTable } from '../http/apiTypes.ts';
import { readJson } from '../http/jsonBody.ts';
import { type ClientLimitOptions, clientRateLimiter } from '../http/rateLimit.ts';
import { errorJson, noContent } from '../http/responses.ts';
import { countSurveyAnswer, findActiveSurvey, surveyButtonText } from './popinSurveyAnswers.server.ts';

export const surveyMessages = {
  required: (field: string) => `Le champ « ${field} » est obligatoire.`,
  unexpectedField: (field: string) => `Le champ « ${field} » n'est pas attendu.`,
  popin: "L'identifiant de la popin n'est pas valide.",
  button: 'Le numéro de bouton doit être un nombre entier de 1 à 4.',
  unknownSurvey: "Ce sondage n'existe pas ou n'est plus en ligne.",
  unknownButton: (button: number) => `Ce sondage n'a pas de bouton n° ${button}.`,
  tooManyRequests: 'Trop de réponses envoyées, merci de réessayer dans une minute.',
} as const;

function describeIssue(field: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return surveyMessages.unexpectedField(issue.keys.join(', '));
  if (issue.code === 'invalid_type' && issue.input === undefined) return surveyMessages.required(field);
  return field === 'button' ? surveyMessages.button : surveyMessages.popin;
}

export interface PopinSurveyRouteOptions extends ClientLimitOptions {
  rateLimitPerMinute?: number;
  now?: () => Date;
}

export function popinSurveyHandlers(options: PopinSurveyRouteOptions = {}) {
  const { rateLimited } = clientRateLimiter(options);
  const { maxBodyBytes, rateLimitPerMinute } = appConfig.popin.survey;
  const perMinute = options.rateLimitPerMinute ?? rateLimitPerMinute;
  const now = options.now ?? (() => new Date());

  const answer: ApiHandler = async ({ db, request }) => {
    const limited = await rateLimited(request, 'survey', perMinute, surveyMessages.tooManyRequests);
    if (limited) return limited;
    const body = await readJson(request, contract.AnswerPopinSurveyBody, maxBodyBytes, describeIssue);
    if (!body.ok) return body.response;
    const survey = await findActiveSurvey(db, body.value.popin);
    if (!survey) return errorJson(404, surveyMessages.unknownSurvey);
    const { button } = body.value;
    if (surveyButtonText(survey.parts, button) === null) {
      const message = surveyMessages.unknownButton(button);
      return errorJson(400, message, { button: message });
    }
    await countSurveyAnswer(db, survey.id, button, now());
    return noContent('error');
  };

  return { answerPopinSurvey: answer } satisfies ApiHandlerTable;
}
