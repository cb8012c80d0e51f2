/**
 * What every image picker of the newsroom shares, without React: how many images a page of the picker
 * holds, how a page joins those already shown, the thumbnail to draw and the sentence that says what the
 * library shows (read once by screen readers too).
 */
import type { MediaItem } from '../../api/queries/newsroom.ts';

/** Images per page of a picker (the media library page itself shows more: see mediaPage.ts). */
export const PICKER_MEDIA_PAGE = 24;

/**
 * The list after one more page: `page` was asked for with one image more than a page, so that its size
 * says whether there is more to show without another request.
 */
export function joinPage(
  previous: readonly MediaItem[],
  page: readonly MediaItem[],
  size = PICKER_MEDIA_PAGE,
): { items: MediaItem[]; hasMore: boolean } {
  // An image uploaded between two pages shifts the offsets by one: never list an image twice.
  const shown = new Set(previous.map((item) => item.id));
  return { items: [...previous, ...page.slice(0, size).filter((item) => !shown.has(item.id))], hasMore: page.length > size };
}

/** The smallest WebP variant: thumbnails are small, and WebP is what every browser of the newsroom reads. */
export function thumbnailUrl(item: Pick<MediaItem, 'url' | 'variants'>): string {
  const webp = item.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  return webp[0]?.url ?? item.url;
}

/** What the library shows: loading, empty, nothing found, or how many images for which search. */
export function libraryStatus(items: readonly MediaItem[] | null, loading: boolean, query: string): string {
  if (items === null) return loading ? 'Chargement de la médiathèque…' : '';
  if (items.length === 0) return query === '' ? 'La médiathèque est vide.' : `Aucune image ne correspond à « ${query} ».`;
  const plural = items.length > 1 ? 's' : '';
  const count = `${items.length} image${plural} affichée${plural}`;
  return query === '' ? count : `${count} pour « ${query} »`;
}
