/**
 * The WordPress adapter against WordPress's answers played on loopback (fakeWordPress.ts): paging,
 * `modified_after` to the second, titles decoded, trashed slugs, Yoast, the application password — and hostile
 * answers (HTML, truncated JSON, 500s, a 50 MB body, no answer, an unreadable item), each refused with one
 * French sentence, never a key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plainText } from '../../import/plainText.ts';
import type { ImportPost } from '../../import/importModel.ts';
import { type LiveSource, SourceUnavailable } from '../liveSource.ts';
import { type FakePost, type FakeWordPress, startFakeWordPress } from './testing/fakeWordPress.ts';
import { toImportPost } from './wordpressJson.ts';
import { createWordPressSource } from './wordpressSource.ts';

const signal = new AbortController().signal;

const post = (id: number, over: Partial<FakePost> = {}): FakePost => ({
  id,
  status: 'publish',
  slug: `article-${id}`,
  title: `Article ${id}`,
  content: `<p>Texte ${id}</p>`,
  date: '2026-05-01T10:00:00',
  modified: '2026-05-01T10:00:00',
  author: 1,
  categories: [10],
  tags: [],
  ...over,
});

async function readAll(
  source: LiveSource,
  cursor: string | null = null,
): Promise<{ posts: ImportPost[]; cursor: string | null; calls: number }> {
  const posts: ImportPost[] = [];
  let calls = 0;
  for (;;) {
    const page = await source.changedPosts(cursor, signal);
    calls++;
    posts.push(...page.posts);
    cursor = page.next ?? cursor;
    if (page.caughtUp ?? page.next === null) return { posts, cursor, calls };
    if (calls > 50) throw new Error('no end');
  }
}

describe('the WordPress adapter', () => {
  let wp: FakeWordPress;
  const logged: string[] = [];
  const source = (
    over: { perPage?: number; credentials?: { user: string; password: string } | null; maxBytes?: number; timeoutMs?: number } = {},
  ) =>
    createWordPressSource({
      url: wp.url,
      credentials: over.credentials ?? null,
      policy: { allowHosts: [] },
      timeoutMs: over.timeoutMs ?? 3000,
      maxBytes: over.maxBytes ?? 8 * 1024 * 1024,
      imageMaxBytes: 1024 * 1024,
      perPage: over.perPage ?? 100,
      log: (line) => logged.push(line),
    });

  beforeAll(async () => {
    wp = await startFakeWordPress();
  });
  afterAll(() => wp.close());
  beforeEach(() => {
    wp.posts.clear();
    wp.fault = null;
    wp.credentials = null;
    wp.requests.length = 0;
    logged.length = 0;
    wp.categories = [{ id: 10, slug: 'mode', name: 'Mode &amp; style' }];
    wp.tags = [{ id: 20, slug: 'ete', name: 'Été' }];
    wp.users = [{ id: 1, slug: 'camille', name: 'Camille' }];
  });

  it('reads the terms, and posts with their title decoded, the trashed slug cleaned and Yoast’s fields', async () => {
    wp.posts.set(
      1,
      post(1, { title: 'Rouge &#038; noir&nbsp;: l&rsquo;été', tags: [20], yoast: { title: 'SEO titre', description: 'SEO desc' } }),
    );
    const terms = await source().terms(signal);
    expect(terms.categories).toMatchObject([{ sourceId: '10', slug: 'mode' }]);
    expect(plainText(terms.categories[0]?.name)).toBe('Mode & style');
    expect(terms.authors).toEqual([{ sourceId: '1', slug: 'camille', name: 'Camille' }]);
    const { posts } = await readAll(source());
    expect(posts).toHaveLength(1);
    expect(plainText(posts[0]?.title)).toBe('Rouge & noir : l’été');
    expect(posts[0]).toMatchObject({
      sourceId: '1',
      slug: 'article-1',
      status: 'published',
      seoTitle: 'SEO titre',
      seoDescription: 'SEO desc',
      tagSourceIds: ['20'],
    });
    expect(posts[0]?.updatedAt?.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    const trashed = toImportPost({ id: 5, status: 'trash', slug: 'robe-rouge__trashed', title: { rendered: 'x' } } as never);
    expect(trashed).toMatchObject({ slug: 'robe-rouge', status: 'trash' });
  });

  it('pages through changes oldest first, resumes one second back, and never loops on a second holding more than a page', async () => {
    // Seven posts in the same second, three later: pages of three.
    for (let id = 1; id <= 7; id++) wp.posts.set(id, post(id, { modified: '2026-05-01T10:00:00' }));
    for (let id = 8; id <= 10; id++) wp.posts.set(id, post(id, { modified: `2026-05-01T10:00:0${id - 6}` }));
    const first = await readAll(source({ perPage: 3 }));
    expect(new Set(first.posts.map((p) => p.sourceId))).toEqual(new Set(Array.from({ length: 10 }, (_, i) => String(i + 1))));
    // Polling again re-reads only the newest second (the writer finds it unchanged), not everything.
    const again = await readAll(source({ perPage: 3 }), first.cursor);
    expect(again.posts.map((p) => p.sourceId)).toEqual(['10']);
    // An edit in that very second is not missed.
    wp.posts.set(10, post(10, { modified: '2026-05-01T10:00:04', title: 'Corrigé' }));
    wp.posts.set(11, post(11, { modified: '2026-05-01T10:00:09' }));
    const later = await readAll(source({ perPage: 3 }), first.cursor);
    expect(later.posts.map((p) => [p.sourceId, p.title])).toEqual([
      ['10', 'Corrigé'],
      ['11', 'Article 11'],
    ]);
  });

  it('asks for drafts only with the application password, which it never sends elsewhere or logs', async () => {
    wp.credentials = 'camille:abcdEFGHijklMNOPqrstUVWX';
    wp.posts.set(1, post(1));
    wp.posts.set(2, post(2, { status: 'draft' }));
    const anonymous = await readAll(source());
    expect(anonymous.posts.map((p) => p.sourceId)).toEqual(['1']);
    const withPassword = await readAll(source({ credentials: { user: 'camille', password: 'abcdEFGHijklMNOPqrstUVWX' } }));
    expect(withPassword.posts.map((p) => [p.sourceId, p.status])).toEqual([
      ['1', 'published'],
      ['2', 'draft'],
    ]);
    expect(await source().post('2', { drafts: false }, signal)).toBeNull();
    expect(
      (await source({ credentials: { user: 'camille', password: 'abcdEFGHijklMNOPqrstUVWX' } }).post('2', { drafts: true }, signal))
        ?.status,
    ).toBe('draft');
    const wrong = source({ credentials: { user: 'camille', password: 'faux0000000000000000' } });
    await expect(wrong.changedPosts(null, signal)).rejects.toThrow(/WORDPRESS_USER|a répondu 400/);
    expect(logged.join('\n')).not.toContain('abcdEFGH');
  });

  it('lists the published ids for the reconciliation', async () => {
    for (let id = 1; id <= 205; id++) wp.posts.set(id, post(id, { status: id % 50 === 0 ? 'draft' : 'publish' }));
    const ids: string[] = [];
    for await (const page of source().publishedIds(signal)) ids.push(...page);
    expect(ids).toHaveLength(201);
    expect(ids).not.toContain('50');
  });

  it.each([
    ['html', /pas du JSON/],
    ['truncated', /JSON tronqué ou invalide/],
    ['500', /a répondu 500/],
    ['huge', /plus de 1 Mo refusée/],
    ['hang', /pas de réponse en 0.5 s/],
    ['not-a-list', /n’est pas une liste/],
  ] as const)('refuses an answer that is %s with one French sentence', async (fault, message) => {
    wp.posts.set(1, post(1));
    wp.fault = (url) => (url.pathname.endsWith('/posts') ? fault : null);
    const hostile = source({ maxBytes: 1024 * 1024, timeoutMs: 500 });
    const failure = await hostile.changedPosts(null, signal).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceUnavailable);
    expect((failure as Error).message).toMatch(message);
  });

  it('leaves out an item that is not a post, names it, and keeps the rest', async () => {
    wp.posts.set(1, post(1));
    wp.fault = (url) => (url.pathname.endsWith('/posts') ? 'garbage-item' : null);
    const page = await source().changedPosts(null, signal);
    expect(page.posts.map((p) => p.sourceId)).toEqual(['1']);
    expect(logged.join('\n')).toContain('pas-un-nombre');
  });

  it('reads an image, and refuses an HTML page where an image should be', async () => {
    // A PNG's signature and the start of its header chunk: enough for the library's sniffing (sniffImage).
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    wp.files.set('/wp-content/uploads/a.png', { body: png, type: 'image/png' });
    wp.files.set('/wp-content/uploads/b.png', { body: Buffer.from('<html>404</html>'), type: 'text/html' });
    expect(await source().readImage(`${wp.url}/wp-content/uploads/a.png`, signal)).toEqual(png);
    expect(await source().readImage(`${wp.url}/wp-content/uploads/b.png`, signal)).toBeNull();
    // Another host on a private address is not the site: the guarded fetch refuses it.
    expect(await source().readImage('http://10.0.0.1/x.png', signal)).toBeNull();
  });

  it('points the newsroom at the post in WordPress’s admin', () => {
    expect(source().editUrl('42')).toBe(`${wp.url}/wp-admin/post.php?post=42&action=edit`);
  });
});
