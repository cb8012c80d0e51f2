/** Tag pages through the contract (issue 20): the tag and its first articles, then the 'more' batches. */
import { appConfig } from '../../../app.config.ts';
import { api } from '../client.ts';
import { required } from './answer.ts';

const pageSize = appConfig.pagination.defaultLimit;

/** A public tag and its first articles; an unknown or internal tag is a 404. */
export async function loadTagArticles(slug: string) {
  return required(await (await api()).GET('/api/tags/{slug}', { params: { path: { slug }, query: { limit: pageSize } } }));
}

/**
 * The next batch ('more'): after the previous batch's cursor (12 index entries however deep, issue 38), by
 * offset only when no cursor came (an answer from a server before cursors).
 */
export async function fetchTagArticles(slug: string, offset: number, after?: string) {
  const query = after ? { limit: pageSize, after } : { limit: pageSize, offset };
  const { data, error } = await (await api()).GET('/api/tags/{slug}', { params: { path: { slug }, query } });
  if (error || !data) throw new Error('Les articles suivants sont indisponibles.');
  return { results: data.results, next: data.next };
}
