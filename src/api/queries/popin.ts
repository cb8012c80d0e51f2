/** The marketing popin of a page (GET /api/popin, SPEC §7). */
import { api } from '../client.ts';
import type { Popin, PopinSurveyAnswerInput } from '../types.ts';

/** Failures are ignored silently (SPEC §7): null means no popin. */
export async function fetchPopin(path: string): Promise<Popin | null> {
  try {
    const { data } = await (await api()).GET('/api/popin', { params: { query: { url: path } } });
    return data ?? null;
  } catch {
    return null;
  }
}

/** A popin's working copy for a signed preview link (`?apercu-popin=`); null when the link is invalid or expired. */
export async function fetchPopinPreview(token: string): Promise<Popin | null> {
  try {
    const { data } = await (await api()).GET('/api/preview/popin/{token}', { params: { path: { token } } });
    return data ?? null;
  } catch {
    return null;
  }
}

/**
 * Counts a survey answer (POST /api/popin/survey). Best effort: the reader already sees the thank-you
 * text, and a count that cannot be sent (offline, rate limit) is not worth an error message.
 */
export async function answerPopinSurvey(answer: PopinSurveyAnswerInput): Promise<boolean> {
  try {
    const { response } = await (await api()).POST('/api/popin/survey', { body: answer });
    return response.status === 204;
  } catch {
    return false;
  }
}
