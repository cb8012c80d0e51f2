/** The tag vocabulary (decision 032): headers, limits, hostile values, what a purge touches, what each read carries. */
import { describe, expect, it } from 'vitest';
import { PageCache, storePage } from '../http/pageCache.ts';
import { contentChangedMessage, parseContentChangedMessage } from '../http/pageCacheInvalidation.ts';
import { answerTags } from './answerTags.ts';
import { CACHE_TAG_LIMITS, cacheTagHeaders, isCacheTag, isTouched, normaliseTags } from './cacheTags.ts';

const url = new URL('http://in-process.piquante/api/x');

describe('cache tags', () => {
  it('the same tags in both headers, sorted, with `site`', () => {
    expect(cacheTagHeaders(['c:mode', 'a:12', 'a:12'])).toEqual([
      ['cache-tag', 'a:12,c:mode,site'],
      ['surrogate-key', 'a:12 c:mode site'],
    ]);
  });
  it('hostile values never reach a header', () => {
    expect(normaliseTags(['a b', 'a,b', 'x\r\nset-cookie: a=1', '', 'é', 'x'.repeat(CACHE_TAG_LIMITS.tagChars + 1), 't:ok'])).toEqual([
      't:ok',
    ]);
    expect(isCacheTag(12)).toBe(false);
  });
  it('over 16 KB an answer is tagged `site` alone (purged by every change)', () => {
    const many = Array.from({ length: 3000 }, (_, i) => `a:${i}`);
    expect(cacheTagHeaders(many)[0]).toEqual(['cache-tag', 'site']);
  });
  it('a purge touches what carries a purged tag, what carries none or `misc`, and everything for `site`', () => {
    const purged = new Set(['c:mode']);
    expect(isTouched(['a:1', 'c:mode', 'site'], purged)).toBe(true);
    expect(isTouched(['a:2', 'c:food', 'site'], purged)).toBe(false);
    expect(isTouched(null, purged)).toBe(true);
    expect(isTouched(['misc', 'site'], purged)).toBe(true);
    expect(isTouched(['a:2', 'site'], new Set(['site']))).toBe(true);
  });
  it('PageCache.purgeTags drops the touched entries only', async () => {
    const cache = new PageCache();
    const body = new TextEncoder().encode('x');
    cache.set('/mode/a', await storePage(200, cacheTagHeaders(['a:1', 'c:mode']), body));
    cache.set('/food/b', await storePage(200, cacheTagHeaders(['a:2', 'c:food']), body));
    cache.set('/ancienne', await storePage(200, [], body));
    expect(cache.purgeTags(['c:mode'])).toBe(2);
    expect([cache.get('/mode/a'), cache.get('/ancienne')]).toEqual([undefined, undefined]);
    expect(cache.get('/food/b')).toBeDefined();
  });
  it('the broadcast message: the id, then the tags; too long, the id alone (everything)', () => {
    expect(parseContentChangedMessage(contentChangedMessage('id-1', ['c:mode', 'a:1']))).toEqual({ id: 'id-1', tags: ['a:1', 'c:mode'] });
    expect(parseContentChangedMessage(contentChangedMessage('id-2'))).toEqual({ id: 'id-2' });
    const many = Array.from({ length: 2000 }, (_, i) => `a:${i}`);
    expect(contentChangedMessage('id-3', many)).toBe('id-3');
    expect(parseContentChangedMessage('id-4 a\r\nb ,, t:ok')).toEqual({ id: 'id-4', tags: ['t:ok'] });
  });
  it('each read carries what it shows; a read without a rule carries `misc`', () => {
    const article = {
      result: {
        id: 7,
        category: { slug: 'mode' },
        author: { slug: 'jeanne' },
        authors: [{ slug: 'jeanne' }, { slug: 'paul' }],
        tags: [{ slug: 'ete' }],
      },
    };
    expect(answerTags('getArticle', article, url)).toEqual(['a:7', 'c:mode', 'au:jeanne', 'au:paul', 't:ete']);
    expect(answerTags('listArticles', { results: [] }, new URL('http://x/api/articles?category=mode'))).toEqual(['c:mode']);
    expect(answerTags('listLastArticles', { results: [] }, url)).toEqual(['list:articles']);
    expect(answerTags('getQuiz', {}, url)).toEqual(['f:quiz']);
    expect(answerTags('getAuthor', { author: { slug: 'camille-roussel' }, results: [] }, url)).toEqual(['au:camille-roussel']);
    expect(answerTags('getSignupCaptcha', {}, url)).toEqual(['misc']);
    expect(answerTags('getArticle', null, url)).toEqual([]);
  });
});
