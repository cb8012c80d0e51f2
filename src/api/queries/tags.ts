/** Tag pages through the contract (issue 20): the tag and its first articles, then the 'more' batches. */
import { appConfig } from '../../../app.config.ts';
import { api } from '../client.ts';
import { required } from './answer.ts';

const pageSize = appConfig.pagination.defaultLimit;

/** A public tag and its first articles; an unknown or internal tag is a 404. */
export async function loadTagArticles(slug: string) {
  return required(await (await api()).GET('/api/tags/{slug}', { params: { path: { slug }, query: { limit: pageSize } } }));
}

/** The next batch of a tag's articles ('more'). */
export async function fetchTagArticles(slug: string, offset: number) {
  const { data, error } = await (await api()).GET('/api/tags/{slug}', { params: { path: { slug }, query: { limit: pageSize, offset } } });
  if (error || !data) throw new Error('Les articles suivants sont indisponibles.');
  return data.results;
}
