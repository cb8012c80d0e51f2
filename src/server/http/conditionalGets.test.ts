/**
 * Conformance (issue 23): every cacheable GET of the contract answers `If-None-Match` with a 304 that the
 * contract declares (status and headers), on the seeded database, through the same path as production
 * (the API, then the entity tags of resourceRequests.ts).
 */
import { describe, expect, it } from 'vitest';
import { apiOperations } from '../../api/generated/operations.ts';
import { categories, liveBlogs, sourcePages, tags } from '../../db/schema.ts';
import { declaredHeaderProblems } from '../../testing/contractHeaders.ts';
import { useSeededApi } from '../../testing/seededApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import type { ServerApp } from '../boot.server.ts';
import { answerResourceRequest } from './resourceRequests.ts';

describe.each(testDatabaseKinds)('conditional GETs on %s', (kind) => {
  const api = useSeededApi(kind);

  /** A real address for each public GET operation, from the seeded content. */
  async function concretePaths(): Promise<Record<string, string>> {
    const first = async <T>(path: string, pick: (body: never) => T): Promise<T> => pick((await (await api.get(path)).json()) as never);
    const article = await first('/api/articles?limit=1', (b: { results: { url: string }[] }) => b.results[0]?.url ?? '');
    const category = await first('/api/categories', (b: { results: { slug: string }[] }) => b.results[0]?.slug ?? '');
    const contest = await first('/api/format-contests', (b: { results: { url: string }[] }) => b.results[0]?.url ?? '');
    const mosaic = await first('/api/mosaics', (b: { results: { url: string }[] }) => b.results[0]?.url ?? '');
    const quiz = await first('/api/quizz', (b: { results: { url: string }[] }) => b.results[0]?.url ?? '');
    const result = await first(`/api/quizz/${quiz}`, (b: { results: { url: string }[] }) => b.results[0]?.url ?? '');
    const generator = await first('/api/repartee-generator', (b: { results: { url: string }[] }) => b.results[0]?.url ?? '');
    const issue = await first('/api/newsletters', (b: { results: { id: number }[] }) => String(b.results[0]?.id ?? ''));
    // The demo seed has no tags (imports bring them): one public tag, so that its page answers 200.
    await api.database().db.insert(tags).values({ slug: 'conditionnel', name: 'Conditionnel' }).onConflictDoNothing();
    // Nor live blogs: one being covered, so that its page and the list of those live answer 200 with content.
    const [someCategory] = await api.database().db.select({ id: categories.id }).from(categories).limit(1);
    await api
      .database()
      .db.insert(liveBlogs)
      .values({
        url: 'direct-conditionnel',
        title: 'Direct',
        intro: 'Chapô',
        mainImage: { url: '/media/x.webp', alt: 'x', width: 10, height: 10 },
        categoryId: someCategory?.id ?? 1,
        status: 'published',
        publishedAt: new Date(),
      })
      .onConflictDoNothing();
    // Nor pages of a live source (Ghost's « À propos »): one published, so that its page answers 200.
    await api
      .database()
      .db.insert(sourcePages)
      .values({
        sourceKind: 'ghost',
        sourceId: 'page-conditionnelle',
        slug: 'a-propos-conditionnel',
        status: 'published',
        title: 'À propos',
        doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Qui sommes-nous.' }] }] },
        body: [{ type: 'paragraph', text: 'Qui sommes-nous.' }],
        publishedAt: new Date(),
        updatedAt: new Date(),
      })
      .onConflictDoNothing();
    const values: Record<string, string> = { url: article, category, count: '4', offset: '0', quizUrl: quiz, resultUrl: result };
    const byOperation: Record<string, Record<string, string>> = {
      getFormatContest: { url: contest },
      getMosaic: { url: mosaic },
      getQuiz: { url: quiz },
      getReparteeGenerator: { url: generator },
      getNewsletterArchiveIssue: { id: issue },
      getTag: { slug: 'conditionnel' },
      // A demo byline: every author has a page.
      getAuthor: { slug: 'camille-roussel' },
      getLiveBlog: { url: 'direct-conditionnel' },
      getSourcePage: { slug: 'a-propos-conditionnel' },
    };
    const paths: Record<string, string> = {};
    for (const [id, { method, path }] of Object.entries(apiOperations)) {
      if (method !== 'GET' || !path.startsWith('/api/') || path.startsWith('/api/admin') || path.startsWith('/api/preview')) continue;
      const own = byOperation[id] ?? {};
      paths[id] = path.replace(/:(\w+)/g, (_m, name: string) => own[name] ?? values[name] ?? '');
    }
    paths.getPopin = '/api/popin?url=/';
    paths.searchArticles = '/api/search?q=robe';
    return paths;
  }

  it('every cacheable GET answers If-None-Match with a declared 304, and a changed tag with the 200', async () => {
    const app = { handleApi: api.handle } as ServerApp;
    const answer = async (path: string, headers: Record<string, string> = {}) => {
      const request = new Request(`http://magazine.test${path}`, { headers });
      const response = await answerResourceRequest(request, new URL(request.url), async () => app);
      if (!response) throw new Error(`${path}: left to server rendering`);
      return response;
    };
    const paths = await concretePaths();
    expect(Object.keys(paths)).toHaveLength(29);
    for (const [id, path] of Object.entries(paths)) {
      const full = await answer(path);
      if (full.status === 204) continue; // No popin for this address: nothing to revalidate.
      expect(full.status, `${id} ${path}`).toBe(200);
      const etag = full.headers.get('etag');
      expect(etag, `${id} ${path}`).toBeTruthy();
      const again = await answer(path, { 'if-none-match': etag ?? '' });
      expect(again.status, `${id} ${path}`).toBe(304);
      expect(declaredHeaderProblems('GET', `http://magazine.test${path}`, again), `${id} ${path}`).toEqual([]);
      expect((await answer(path, { 'if-none-match': 'W/"autre"' })).status, `${id} ${path}`).toBe(200);
    }
  });
});
