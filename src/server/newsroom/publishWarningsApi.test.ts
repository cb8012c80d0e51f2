/**
 * Publish warnings and exact modification dates (issue 36), through the newsroom's API on PGlite and on
 * PostgreSQL: an article whose main image is 800 px wide carries the warning in French, publishing still
 * works (warnings only), or answers 422 with the same sentences when PUBLISH_WARNINGS_BLOCK=1; the reader's
 * copy's updated_at (dateModified, lastmod) moves on a change readers see, not on a save that changes nothing,
 * and each real change notes its addresses for IndexNow (the old one too after a move).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { articles, indexNowUrls, media } from '../../db/schema.ts';
import { draftBody, type NewsroomApi, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { newsroomConfigFromEnv } from '../config/newsroomConfig.ts';
import { publishWarningsOf } from './articles/publishWarnings.ts';

const NARROW = `/media/library/${'a'.repeat(64)}-800.webp`;
const WIDE = `/media/library/${'b'.repeat(64)}-1600.webp`;

async function libraryImages(api: NewsroomApi) {
  const db = api.database().db;
  for (const [hash, width] of [
    ['a'.repeat(64), 800],
    ['b'.repeat(64), 1600],
  ] as const) {
    await db
      .insert(media)
      .values({
        hash,
        alt: 'Une photo',
        kind: 'image',
        width,
        height: 600,
        sourceFormat: 'jpeg',
        variants: [{ format: 'webp', width, height: 600, url: `/media/library/${hash}-${width}.webp`, bytes: 1000 }],
      })
      .onConflictDoNothing();
  }
}

const image = (url: string) => ({ mainImage: { url, alt: 'Une photo', width: 1200, height: 800 } });

describe('publish warnings, in French', () => {
  it('names the width, the missing alternative text and the missing author', () => {
    expect(publishWarningsOf({ imageWidth: 800, imageAlt: ' ', authorName: null })).toEqual([
      'L’image principale fait 800 px de large : Google Discover demande au moins 1\u202f200 px.',
      'L’image principale n’a pas de texte alternatif.',
      'Cet article n’a pas d’auteur.',
    ]);
    expect(publishWarningsOf({ imageWidth: 1200, imageAlt: 'Une photo', authorName: 'Anne' })).toEqual([]);
    // An image the library did not measure (a generated SVG) scales to any width.
    expect(publishWarningsOf({ imageWidth: null, imageAlt: 'Une photo', authorName: 'Anne' })).toEqual([]);
  });

  it('refuses a PUBLISH_WARNINGS_BLOCK that is neither on nor off, naming it', () => {
    expect(() => newsroomConfigFromEnv({ PUBLISH_WARNINGS_BLOCK: 'peut-être' })).toThrow(/^PUBLISH_WARNINGS_BLOCK must be 1 or 0/);
    expect(newsroomConfigFromEnv({ PUBLISH_WARNINGS_BLOCK: '1' }).publishWarningsBlock).toBe(true);
    expect(newsroomConfigFromEnv({}).publishWarningsBlock).toBe(false);
  });
});

describe.each(testDatabaseKinds)('publish warnings and modification dates on %s', (kind) => {
  describe('warnings only (the default)', () => {
    const api = useNewsroomApi(kind);
    const { request, signed } = api;

    async function create(title: string, extra: Record<string, unknown>) {
      await libraryImages(api);
      const response = await request('POST', '/api/admin/articles', { as: signed('editor'), body: draftBody(title, extra) });
      expect(response.status, await response.clone().text()).toBe(201);
      return contract.AdminArticle.parse(await response.json());
    }

    it('carries the warnings with the article and publishes anyway', async () => {
      const narrow = await create('Une image étroite', image(NARROW));
      expect(narrow.publishWarnings).toEqual(['L’image principale fait 800 px de large : Google Discover demande au moins 1\u202f200 px.']);
      const wide = await create('Une image large', image(WIDE));
      expect(wide.publishWarnings).toEqual([]);
      const published = await request('POST', `/api/admin/articles/${narrow.id}/status`, {
        as: signed('editor'),
        body: { action: 'publish', version: narrow.version },
      });
      expect(published.status).toBe(200);
      expect(contract.AdminArticle.parse(await published.json()).publishWarnings).toHaveLength(1);
    });

    it('moves dateModified only on a change readers see, and notes the addresses of each change', async () => {
      const db = api.database().db;
      const article = await create('Une date exacte', image(WIDE));
      let response = await request('POST', `/api/admin/articles/${article.id}/status`, {
        as: signed('editor'),
        body: { action: 'publish', version: article.version },
      });
      let current = contract.AdminArticle.parse(await response.json());
      const path = current.fullUrl;
      const copy = async () => (await db.select({ updatedAt: articles.updatedAt }).from(articles).where(eq(articles.id, article.id)))[0];
      const noted = async () => (await db.select().from(indexNowUrls)).map((row) => row.path).sort();
      const publishedAt = current.updatedAt;
      expect((await copy())?.updatedAt.toISOString()).toBe(publishedAt);
      expect(await noted()).toContain(path);

      // Saved again with nothing changed, an hour later: the date stays, nothing is noted.
      await db.delete(indexNowUrls);
      api.clock.advance(3600);
      const same = { ...draftBody('Une date exacte', image(WIDE)), slug: current.slug, version: current.version, doc: current.doc };
      response = await request('PUT', `/api/admin/articles/${article.id}`, { as: signed('editor'), body: same });
      expect(response.status, await response.clone().text()).toBe(200);
      current = contract.AdminArticle.parse(await response.json());
      expect(current.updatedAt > publishedAt).toBe(true);
      expect((await copy())?.updatedAt.toISOString()).toBe(publishedAt);
      expect(await noted()).toEqual([]);

      // A new title: the date moves to the edit, the address is noted.
      api.clock.advance(3600);
      response = await request('PUT', `/api/admin/articles/${article.id}`, {
        as: signed('editor'),
        body: { ...same, title: 'Une date exacte, corrigée', version: current.version },
      });
      current = contract.AdminArticle.parse(await response.json());
      expect((await copy())?.updatedAt.toISOString()).toBe(current.updatedAt);
      expect(current.updatedAt > publishedAt).toBe(true);
      expect(await noted()).toEqual([path]);

      // A new address: both the new one and the one it left are noted.
      await db.delete(indexNowUrls);
      response = await request('PUT', `/api/admin/articles/${article.id}`, {
        as: signed('editor'),
        body: { ...same, title: 'Une date exacte, corrigée', slug: 'une-date-deplacee', version: current.version },
      });
      current = contract.AdminArticle.parse(await response.json());
      expect(await noted()).toEqual([path, current.fullUrl].sort());

      // Unpublished: its address is noted (the page is gone).
      await db.delete(indexNowUrls);
      response = await request('POST', `/api/admin/articles/${article.id}/status`, {
        as: signed('editor'),
        body: { action: 'unpublish', version: current.version },
      });
      expect(response.status).toBe(200);
      expect(await noted()).toEqual([current.fullUrl]);
    });
  });

  describe('blocking (PUBLISH_WARNINGS_BLOCK=1)', () => {
    const api = useNewsroomApi(kind, { PUBLISH_WARNINGS_BLOCK: '1' });
    const { request, signed } = api;

    it('refuses to publish or schedule with a 422 that says the same sentences; a clean article publishes', async () => {
      await libraryImages(api);
      const created = await request('POST', '/api/admin/articles', {
        as: signed('editor'),
        body: draftBody('Trop étroite', image(NARROW)),
      });
      const narrow = contract.AdminArticle.parse(await created.json());
      for (const body of [
        { action: 'publish', version: narrow.version },
        { action: 'schedule', version: narrow.version, scheduledAt: new Date(api.clock.now().getTime() + 86_400_000).toISOString() },
      ]) {
        const refused = await request('POST', `/api/admin/articles/${narrow.id}/status`, { as: signed('editor'), body });
        expect(refused.status).toBe(422);
        const answer = contract.PublishWarningsRefusal.parse(await refused.json());
        expect(answer.warnings).toEqual(narrow.publishWarnings);
        expect(answer.message).toContain(narrow.publishWarnings[0]);
      }
      // Nothing was published meanwhile.
      const [copy] = await api.database().db.select().from(articles).where(eq(articles.id, narrow.id));
      expect(copy).toBeUndefined();
      // An outdated version is a conflict, as without warnings; going back to draft is never blocked.
      const stale = await request('POST', `/api/admin/articles/${narrow.id}/status`, {
        as: signed('editor'),
        body: { action: 'publish', version: narrow.version + 5 },
      });
      expect(stale.status).toBe(409);
      const wide = contract.AdminArticle.parse(
        await (await request('POST', '/api/admin/articles', { as: signed('editor'), body: draftBody('Assez large', image(WIDE)) })).json(),
      );
      const published = await request('POST', `/api/admin/articles/${wide.id}/status`, {
        as: signed('editor'),
        body: { action: 'publish', version: wide.version },
      });
      expect(published.status).toBe(200);
    });

    it('answers hostile status bodies with a 400, never a 500', async () => {
      for (const body of [{ action: 'publish' }, { action: 'publish', version: 'un' }, { action: 'publier', version: 1 }, [], 'x']) {
        const response = await request('POST', '/api/admin/articles/1/status', { as: signed('editor'), body });
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
    });
  });
});
