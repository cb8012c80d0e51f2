/** Mosaics through the contract: list batches and one mosaic (reused by url once fetched). */
import { notFound } from '@tanstack/react-router';
import { appConfig } from '../../../app.config.ts';
import { api } from '../client.ts';
import { required } from './answer.ts';
import { cachedItem } from './itemCache.ts';

const limit = appConfig.pagination.defaultLimit;

export async function fetchMosaics(offset: number) {
  return required(await (await api()).GET('/api/mosaics', { params: { query: { limit, offset } } })).results;
}

/** '/mosaique/{slug?}': the mosaic, or the latest one without a slug. */
export async function loadMosaic(slug: string | undefined) {
  let url = slug;
  if (!url) {
    const latest = required(await (await api()).GET('/api/mosaics', { params: { query: { limit: 1, offset: 0 } } }));
    url = latest.results[0]?.url;
    if (!url) throw notFound();
  }
  const found = url;
  return cachedItem(
    'mosaic',
    found,
    async () => required(await (await api()).GET('/api/mosaic/{url}', { params: { path: { url: found } } })).result,
  );
}

/** '/apercu-mosaique/{token}': a mosaic as it would be published, from a signed link (never remembered). */
export async function loadMosaicPreview(token: string) {
  return required(await (await api()).GET('/api/preview/mosaique/{token}', { params: { path: { token } } }));
}
