/** « Direct » for readers: how a poll's answer updates the page, what is announced, and the JSON-LD. */
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { LiveBlogEntry, LiveBlogResponse } from '../../api/types.ts';
import { liveBlogJsonLd } from '../../routes/direct.$slug.tsx';
import { announcement as announcementOf, mergeEntries } from '../../components/useChildItemsFeed.ts';
import { liveBlogDeclaration } from '../../formats/liveBlogFormat.ts';
import { hourOf } from './LiveBlogView.tsx';

const announcement = (count: number) => announcementOf(liveBlogDeclaration.children.noun, count);

const entry = (id: number, minute: number, extra: Partial<LiveBlogEntry> = {}): LiveBlogEntry => ({
  id,
  publishedAt: new Date(Date.UTC(2026, 1, 27, 20, minute)).toISOString(),
  correctedAt: null,
  pinned: false,
  body: [{ type: 'paragraph', text: `Entrée ${id}` }],
  image: null,
  quotation: null,
  article: null,
  ...extra,
});

describe('a poll’s answer on the page', () => {
  it('puts new entries on top, replaces corrected ones, drops removed ones, counts only the new', () => {
    const current = [entry(2, 10), entry(1, 5)];
    const merged = mergeEntries(current, {
      entries: [entry(4, 20), entry(3, 15), entry(1, 5, { correctedAt: '2026-02-27T20:30:00.000Z' })],
      removed: [2],
    });
    expect(merged.entries.map((e) => e.id)).toEqual([4, 3, 1]);
    expect(merged.entries[2]?.correctedAt).toBe('2026-02-27T20:30:00.000Z');
    expect(merged.added).toBe(2);
    expect(mergeEntries(current, { entries: [], removed: [] })).toEqual({ entries: current, added: 0 });
  });

  it('announces in French, with the count; shows times as the magazine writes them', () => {
    expect(announcement(1)).toBe('1 nouvelle entrée');
    expect(announcement(2)).toBe('2 nouvelles entrées');
    expect(hourOf('2026-02-27T20:05:00.000Z', new Date('2026-02-27T12:00:00Z'))).toBe('21 h 05');
    expect(hourOf('2026-02-27T20:05:00.000Z', new Date('2026-02-28T12:00:00Z'))).toBe('hier à 21 h 05');
    expect(hourOf('2026-02-27T20:05:00.000Z', new Date('2026-03-02T12:00:00Z'))).toBe('27 février à 21 h 05');
  });
});

describe('LiveBlogPosting JSON-LD', () => {
  const response = (state: 'live' | 'ended'): LiveBlogResponse =>
    contract.LiveBlogResponse.parse({
      liveBlog: {
        id: 1,
        url: 'les-cesars',
        title: 'Les Césars en direct',
        intro: 'Minute par minute.',
        mainImage: { url: '/media/x.webp', alt: 'x', width: 10, height: 10 },
        category: { slug: 'culture', name: 'Culture' },
        state,
        coverageStartAt: '2026-02-27T19:00:00.000Z',
        coverageEndAt: state === 'ended' ? '2026-02-27T23:00:00.000Z' : null,
      },
      entries: [entry(2, 10), entry(1, 5)],
      removed: [],
      version: 2,
    });

  it('has the coverage start, the entries as updates, and the end only once over', () => {
    const live = liveBlogJsonLd(response('live'), 'https://piquante.fr');
    expect(live).toMatchObject({
      '@type': 'LiveBlogPosting',
      url: 'https://piquante.fr/direct/les-cesars',
      coverageStartTime: '2026-02-27T19:00:00.000Z',
      liveBlogUpdate: [
        { '@type': 'BlogPosting', headline: 'Entrée 2', url: 'https://piquante.fr/direct/les-cesars#entree-2' },
        { '@type': 'BlogPosting', headline: 'Entrée 1' },
      ],
    });
    expect(live).not.toHaveProperty('coverageEndTime');
    expect(liveBlogJsonLd(response('ended'), 'https://piquante.fr')).toMatchObject({ coverageEndTime: '2026-02-27T23:00:00.000Z' });
  });
});
