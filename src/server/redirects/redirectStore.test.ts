/** The redirect table's store on PGlite and PostgreSQL (TEST_DATABASE_URL): refusals, chains, variants, listing. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsroomArticles, redirects } from '../../db/schema.ts';
import { seededArticle } from '../../testing/seededArticle.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { backfillNewsroom } from '../newsroom/articles/articleReaderCopy.ts';
import { seedDemoContent } from '../seed/seedDemoContent.server.ts';
import { deleteRedirect, findStoredRedirect, listRedirects, type RedirectInput, saveRedirect } from './redirectStore.server.ts';

describe.each(testDatabaseKinds)('redirect store on %s', (kind) => {
  let database: TestDatabase;
  let article: { id: number; address: string };
  let changes = 0;
  const options = { changed: () => void changes++, siteUrl: 'https://www.piquante.fr' };
  const db = () => database.db;
  const save = (input: RedirectInput, origin: 'newsroom' | 'import:wordpress' = 'newsroom') => saveRedirect(db(), input, origin, options);
  const reason = async (input: RedirectInput) => {
    const result = await save(input);
    if (result.ok) throw new Error(`accepted: ${JSON.stringify(input)}`);
    expect(result.kind).toBe('bad');
    return result.kind === 'bad' ? result.message : '';
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoContent(database.db);
    await backfillNewsroom(database.db);
    article = await seededArticle(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('saves an imported permalink to an article, found under its /amp and /feed variants too', async () => {
    const before = changes;
    const saved = await save({ from: 'https://old.example/2019/05/old-post/', articleId: article.id }, 'import:wordpress');
    expect(saved.ok && saved.value).toMatchObject({
      from: '/2019/05/old-post',
      to: article.address,
      origin: 'import:wordpress',
      articleId: article.id,
    });
    expect(changes).toBe(before + 1);
    expect(await findStoredRedirect(db(), '/2019/05/old-post')).toBe(article.address);
    expect(await findStoredRedirect(db(), '/2019/05/old-post/amp')).toBe(article.address);
    expect(await findStoredRedirect(db(), '/2019/05/old-post/feed')).toBe(article.address);
    expect(await findStoredRedirect(db(), '/2019/05/other')).toBeNull();
  });

  it('upserts on the old address', async () => {
    await save({ from: '/upsert', toPath: '/mode' });
    const again = await save({ from: '/upsert/', toPath: '/beaute' });
    expect(again.ok && again.value.to).toBe('/beaute');
    const rows = await db().select().from(redirects).where(eq(redirects.fromPath, '/upsert'));
    expect(rows).toHaveLength(1);
  });

  it('refuses off-site targets, a target equal to its source, and no path at all, in French', async () => {
    expect(await reason({ from: '/x1', toPath: 'https://evil.example/x' })).toMatch(/ce site/);
    expect(await reason({ from: '/x1', toPath: '//evil.example' })).toMatch(/ce site/);
    expect(await reason({ from: '/x1', toPath: 'javascript:alert(1)' })).toMatch(/ce site/);
    expect(await reason({ from: 'javascript:alert(1)', toPath: '/mode' })).toMatch(/ancienne adresse/i);
    expect(await reason({ from: '', toPath: '/mode' })).toMatch(/ancienne adresse/i);
    expect(await reason({ from: `/${'a'.repeat(3000)}`, toPath: '/mode' })).toMatch(/ancienne adresse/i);
    expect(await reason({ from: '/x1/', toPath: '/x1' })).toMatch(/elle-même/);
    expect(await reason({ from: '/x1', articleId: 999_999 })).toMatch(/introuvable/);
    // Wrong types from untyped callers (an import's parsed file): a refusal, not a crash.
    expect(await reason({ from: 42 as unknown as string, toPath: '/mode' })).toMatch(/ancienne adresse/i);
    expect(await reason({ from: '/x1', toPath: null as unknown as string })).toMatch(/ce site/);
    const ok = await save({ from: '/x2', toPath: 'https://www.piquante.fr/mode/' });
    expect(ok.ok && ok.value.to).toBe('/mode');
  });

  it('refuses a live address of the site as a source', async () => {
    expect(await reason({ from: article.address, toPath: '/mode' })).toMatch(/article publié/);
    expect(await reason({ from: '/mode/', toPath: '/beaute' })).toMatch(/rubrique/);
    expect(await reason({ from: '/', toPath: '/mode' })).toMatch(/page du site/);
    expect(await reason({ from: '/admin/articles', toPath: '/mode' })).toMatch(/appartiennent au site/);
    expect(await reason({ from: '/api/articles', toPath: '/mode' })).toMatch(/appartiennent au site/);
    expect(await reason({ from: '/style/robe', toPath: '/mode' })).toMatch(/configuration/);
  });

  it('never stores a chain: a target that is a source is followed, sources pointing at a new source re-pointed', async () => {
    await save({ from: '/c', toPath: '/final' });
    const ab = await save({ from: '/a', toPath: '/b' });
    expect(ab.ok && ab.value.to).toBe('/b');
    // b → c → /final: a, which pointed at b, now points at /final as well.
    const bc = await save({ from: '/b', toPath: '/c' });
    expect(bc.ok && bc.value.to).toBe('/final');
    const rows = await db().select().from(redirects).where(eq(redirects.fromPath, '/a'));
    expect(rows[0]?.toPath).toBe('/final');
    // Through an article: the chain ends at the article, followed wherever it moves.
    await save({ from: '/vers-article', articleId: article.id });
    const d = await save({ from: '/d', toPath: '/vers-article' });
    expect(d.ok && d.value).toMatchObject({ articleId: article.id, to: article.address });
  });

  it('refuses a loop a → b → a', async () => {
    await save({ from: '/loop-b', toPath: '/loop-a' });
    expect(await reason({ from: '/loop-a', toPath: '/loop-b' })).toMatch(/boucle/);
  });

  it('answers nothing for an article that is not published, and lists it without a target', async () => {
    const [draft] = await db()
      .insert(newsroomArticles)
      .values({
        slug: 'brouillon-importe',
        status: 'draft',
        categoryId: 1,
        authorId: 1,
        title: 'Brouillon importé',
        subtitle: '',
        mainImage: { url: '/media/x.svg', alt: 'x', width: 1, height: 1 },
      })
      .returning({ id: newsroomArticles.id });
    if (!draft) throw new Error('no draft');
    const saved = await save({ from: '/brouillon', articleId: draft.id });
    expect(saved.ok && saved.value).toMatchObject({ to: null, title: 'Brouillon importé' });
    expect(await findStoredRedirect(db(), '/brouillon')).toBeNull();
  });

  it('lists newest first, filters on the path, deletes', async () => {
    const listed = await listRedirects(db(), { limit: 2, offset: 0, q: 'OLD-POST' });
    expect(listed.total).toBe(1);
    expect(listed.results[0]).toMatchObject({ from: '/2019/05/old-post', title: expect.any(String) });
    const all = await listRedirects(db(), { limit: 100, offset: 0 });
    expect(all.total).toBeGreaterThan(5);
    expect(all.results.map((r) => r.id)).toEqual([...all.results.map((r) => r.id)].sort((a, b) => b - a));
    expect((await listRedirects(db(), { limit: 10, offset: 0, q: '%_' })).total).toBe(0);
    const id = listed.results[0]?.id ?? 0;
    const before = changes;
    expect(await deleteRedirect(db(), id, options)).toEqual({ ok: true, value: null });
    expect(changes).toBe(before + 1);
    expect(await deleteRedirect(db(), id, options)).toEqual({ ok: false, kind: 'notFound' });
    expect(await findStoredRedirect(db(), '/2019/05/old-post')).toBeNull();
  });
});
