/** Author pages through the contract (issue 36): the author and their first articles, then the 'more' batches. */
import { appConfig } from '../../../app.config.ts';
import { api } from '../client.ts';
import { required } from './answer.ts';

const pageSize = appConfig.pagination.defaultLimit;

/** An author and their first articles; an unknown author is a 404. */
export async function loadAuthorArticles(slug: string) {
  return required(await (await api()).GET('/api/authors/{slug}', { params: { path: { slug }, query: { limit: pageSize } } }));
}

/**
 * The next batch ('more'): after the previous batch's cursor (12 index entries however deep, issue 38), by
 * offset only when no cursor came (an answer from a server before cursors).
 */
export async function fetchAuthorArticles(slug: string, offset: number, after?: string) {
  const query = after ? { limit: pageSize, after } : { limit: pageSize, offset };
  const { data, error } = await (await api()).GET('/api/authors/{slug}', { params: { path: { slug }, query } });
  if (error || !data) throw new Error('Les articles suivants sont indisponibles.');
  return { results: data.results, next: data.next };
}
