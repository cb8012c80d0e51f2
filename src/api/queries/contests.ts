/**
 * Format contests through the contract: list batches and one contest (reused by url once fetched).
 * A contest of a list is the whole contest (same contract shape as the single item), so every contest
 * a list brings is remembered: opening it from the list asks the server nothing.
 */
import { appConfig } from '../../../app.config.ts';
import type { FormatContest } from '../types.ts';
import { api } from '../client.ts';
import { required } from './answer.ts';
import { cachedItem, rememberItem } from './itemCache.ts';

const limit = appConfig.pagination.defaultLimit;

export function rememberContests(contests: readonly FormatContest[]): void {
  for (const contest of contests) rememberItem('contest', contest.url, contest);
}

export async function fetchContests(offset: number) {
  const { results } = required(await (await api()).GET('/api/format-contests', { params: { query: { limit, offset } } }));
  rememberContests(results);
  return results;
}

export async function loadContest(url: string) {
  return cachedItem('contest', url, async () =>
    required(await (await api()).GET('/api/format-contests/{url}', { params: { path: { url } } })),
  );
}

/** '/apercu-concours/{token}': a contest as it would be published, from a signed link (never remembered). */
export async function loadContestPreview(token: string): Promise<FormatContest> {
  return required(await (await api()).GET('/api/preview/concours/{token}', { params: { path: { token } } }));
}
