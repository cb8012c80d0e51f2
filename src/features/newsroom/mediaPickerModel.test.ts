import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../api/queries/newsroom.ts';
import { joinPage, libraryStatus, PICKER_MEDIA_PAGE, thumbnailUrl } from './mediaPickerModel.ts';

const item = (id: number, variants: MediaItem['variants'] = []): MediaItem => ({
  id,
  kind: 'image',
  mimeType: 'image/webp',
  url: `/media/${id}/1600.webp`,
  alt: `Image ${id}`,
  name: `image-${id}.png`,
  width: 1600,
  height: 1067,
  focalX: null,
  focalY: null,
  variants,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => item(from + i));

describe('joinPage', () => {
  it('keeps a page and says there is more when one image beyond it came back', () => {
    const first = joinPage([], range(1, PICKER_MEDIA_PAGE + 1));
    expect(first.items.map((i) => i.id)).toEqual(range(1, PICKER_MEDIA_PAGE).map((i) => i.id));
    expect(first.hasMore).toBe(true);
  });

  it('appends the next page, and stops at the last one', () => {
    const second = joinPage(range(1, 24), range(25, 6));
    expect(second.items).toHaveLength(30);
    expect(second.items.at(-1)?.id).toBe(30);
    expect(second.hasMore).toBe(false);
    expect(joinPage(range(1, 24), range(25, 24)).hasMore).toBe(false);
  });

  it('never lists an image twice when an upload shifted the pages', () => {
    const joined = joinPage(range(1, 24), range(24, 3));
    expect(joined.items.map((i) => i.id)).toEqual(range(1, 26).map((i) => i.id));
  });

  it('takes the page size it is given', () => {
    expect(joinPage([], range(1, 4), 3)).toMatchObject({ hasMore: true, items: range(1, 3) });
    expect(joinPage([], [], 3)).toEqual({ items: [], hasMore: false });
  });
});

describe('thumbnailUrl', () => {
  it('draws the smallest WebP variant, never an AVIF one', () => {
    const variants: MediaItem['variants'] = [
      { format: 'avif', width: 320, height: 213, url: '/media/1/320.avif' },
      { format: 'webp', width: 800, height: 533, url: '/media/1/800.webp' },
      { format: 'webp', width: 480, height: 320, url: '/media/1/480.webp' },
    ];
    expect(thumbnailUrl(item(1, variants))).toBe('/media/1/480.webp');
  });

  it('falls back on the image itself without WebP variants', () => {
    expect(thumbnailUrl(item(2))).toBe('/media/2/1600.webp');
  });
});

describe('libraryStatus', () => {
  it('says nothing before the first answer unless it is loading', () => {
    expect(libraryStatus(null, false, '')).toBe('');
    expect(libraryStatus(null, true, '')).toBe('Chargement de la médiathèque…');
  });

  it('tells an empty library from a search that found nothing', () => {
    expect(libraryStatus([], false, '')).toBe('La médiathèque est vide.');
    expect(libraryStatus([], false, 'zèbre')).toBe('Aucune image ne correspond à « zèbre ».');
  });

  it('counts the images shown, in the singular and the plural, with the search', () => {
    expect(libraryStatus(range(1, 1), false, '')).toBe('1 image affichée');
    expect(libraryStatus(range(1, 24), false, '')).toBe('24 images affichées');
    expect(libraryStatus(range(1, 2), false, 'rayé')).toBe('2 images affichées pour « rayé »');
  });
});
