/**
 * Previews of the live source's drafts (issue 35) in-process: the newsroom's list of drafts with their signed
 * links, and GET /api/preview/source/{token}, against WordPress's answers played on loopback (fakeWordPress.ts),
 * on PGlite and on PostgreSQL when TEST_DATABASE_URL is set. Hostile tokens (forged, expired, another kind's,
 * unknown or published post), a draft with a <script>, the source down: 404 or 503 with a French sentence,
 * never a 500, never the application password, and nothing ever written to the site.
 * The same against a real WordPress and a real Ghost: tests/e2e/sources/{wordpress,ghost}.spec.ts.
 */
import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { articles, importItems, media, newsroomArticles, redirects } from '../../db/schema.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { loadNewsroomSecret, previewToken, sourcePreviewToken } from '../newsroom/previewTokens.ts';
import { type FakePost, type FakeWordPress, startFakeWordPress } from './wordpress/testing/fakeWordPress.ts';
import { createWordPressSource } from './wordpress/wordpressSource.ts';

const PASSWORD = 'abcd efgh ijkl mnop qrst uvwx';

const post = (id: number, over: Partial<FakePost> = {}): FakePost => ({
  id,
  status: 'draft',
  slug: `brouillon-${id}`,
  title: `Brouillon ${id}`,
  content: `<p>Texte du brouillon ${id}</p>`,
  date: '2026-05-01T10:00:00',
  modified: '2026-05-01T10:00:00',
  author: 1,
  categories: [10],
  tags: [],
  ...over,
});

describe.each(testDatabaseKinds)('source draft previews on %s', (kind) => {
  let wp: FakeWordPress;
  /** Every image address the adapter was asked for: the preview reads only the draft's own, on the source's host. */
  const imageReads: string[] = [];
  beforeAll(async () => {
    wp = await startFakeWordPress();
    wp.credentials = `redaction:${PASSWORD}`;
    wp.posts.set(
      41,
      post(41, {
        title: 'Gaspacho &#038; pastèque',
        content: '<p>Un mot rare : tomatillo.</p><script>alert(1)</script><p onclick="x()">Fin</p>',
      }),
    );
    wp.posts.set(42, post(42, { status: 'publish', title: 'Déjà publié' }));
  });
  afterAll(async () => {
    await wp?.close();
  });
  const api = useNewsroomApi(
    kind,
    {},
    {
      liveSource: () => {
        const source = createWordPressSource({
          url: wp.url,
          credentials: { user: 'redaction', password: PASSWORD },
          policy: { allowHosts: [] },
          timeoutMs: 2000,
          maxBytes: 8 * 1024 * 1024,
          imageMaxBytes: 1024 * 1024,
          log: () => {},
        });
        return {
          ...source,
          readImage: (url: string, signal: AbortSignal) => {
            imageReads.push(url);
            return source.readImage(url, signal);
          },
        };
      },
    },
  );
  const secret = () => loadNewsroomSecret(api.database().db, undefined);
  const written = async () => {
    const { db } = api.database();
    const [a] = await db.select({ n: count() }).from(newsroomArticles);
    const [b] = await db.select({ n: count() }).from(articles);
    const [c] = await db.select({ n: count() }).from(importItems);
    const [d] = await db.select({ n: count() }).from(media);
    return [a?.n, b?.n, c?.n, d?.n];
  };

  async function draftLinks() {
    const response = await api.request('GET', '/api/admin/source-drafts', { as: api.signed('editor') });
    expect(response.status).toBe(200);
    return contract.ListSourceDraftsResponse.parse(await response.json());
  }

  it('lists the drafts with a signed link; the link opens the draft as an article page, sanitised, never written', async () => {
    const before = await written();
    const list = await draftLinks();
    expect(list.source).toBe('WordPress');
    expect(list.enabled).toBe(true);
    expect(list.drafts.map((d) => d.sourceId)).toEqual(['41']);
    const [draft] = list.drafts;
    expect(draft?.title).toBe('Gaspacho & pastèque');
    expect(draft?.editUrl).toBe(`${wp.url}/wp-admin/post.php?post=41&action=edit`);
    expect(draft?.preview.url).toMatch(/^\/apercu-source\/41\.\d+\.[A-Za-z0-9_-]{43}$/);

    const token = draft?.preview.url.slice('/apercu-source/'.length) ?? '';
    const response = await api.request('GET', `/api/preview/source/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const { result } = contract.GetSourceDraftPreviewResponse.parse(JSON.parse(text));
    expect(result.title).toBe('Gaspacho & pastèque');
    expect(JSON.stringify(result.body)).toContain('tomatillo');
    expect(text).not.toMatch(/<script|alert\(1\)|onclick/);
    expect(text).not.toContain(PASSWORD);
    // Read live, written nowhere: no editorial row, no reader's copy, no import item, no media.
    expect(await written()).toEqual(before);
  });

  it('the draft changed in the source: the same link shows the new version', async () => {
    const [draft] = (await draftLinks()).drafts;
    const token = draft?.preview.url.slice('/apercu-source/'.length) ?? '';
    wp.posts.set(41, post(41, { title: 'Gaspacho revu', modified: '2026-05-02T10:00:00' }));
    const response = await api.request('GET', `/api/preview/source/${token}`);
    expect(contract.GetSourceDraftPreviewResponse.parse(await response.json()).result.title).toBe('Gaspacho revu');
  });

  it('forged, altered, expired, another kind’s, unknown or published: 404 with one French sentence', async () => {
    const s = await secret();
    const now = api.clock.now();
    const later = new Date(now.getTime() + 3_600_000);
    const [draft] = (await draftLinks()).drafts;
    const good = draft?.preview.url.slice('/apercu-source/'.length) ?? '';
    const refused = [
      good.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      good.replace(/^41\./, '42.'),
      `41.${Math.floor(later.getTime() / 1000)}.${'A'.repeat(43)}`,
      sourcePreviewToken('une autre clé', '41', later),
      sourcePreviewToken(s, '41', new Date(now.getTime() - 1000)),
      previewToken(s, 41, later),
      previewToken(s, 41, later, 'quiz'),
      sourcePreviewToken(s, '999', later),
      sourcePreviewToken(s, '42', later),
    ];
    for (const token of refused) {
      const response = await api.request('GET', `/api/preview/source/${token}`);
      expect(response.status, token).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe("Ce lien d'aperçu est invalide ou a expiré.");
    }
    // And a draft token never opens an article's preview.
    const crossed = await api.request('GET', `/api/preview/${sourcePreviewToken(s, '1', later)}`);
    expect(crossed.status).toBe(404);
    for (const bad of ['x', 'a'.repeat(300), '41.1.%3Cscript%3E', '..%2F..%2Fetc']) {
      const response = await api.request('GET', `/api/preview/source/${bad}`);
      expect([400, 404], bad).toContain(response.status);
    }
  });

  it('expires with the newsroom’s previews', async () => {
    const [draft] = (await draftLinks()).drafts;
    const token = draft?.preview.url.slice('/apercu-source/'.length) ?? '';
    api.clock.advance(24 * 3600 + 1);
    try {
      expect((await api.request('GET', `/api/preview/source/${token}`)).status).toBe(404);
    } finally {
      api.clock.advance(-(24 * 3600 + 1));
    }
  });

  it('the source down or answering garbage: 503 with a French sentence, never the password, never a 500', async () => {
    const [draft] = (await draftLinks()).drafts;
    const token = draft?.preview.url.slice('/apercu-source/'.length) ?? '';
    for (const fault of ['500', 'html', 'truncated'] as const) {
      wp.fault = () => fault;
      try {
        const preview = await api.request('GET', `/api/preview/source/${token}`);
        expect(preview.status, fault).toBe(503);
        const body = await preview.text();
        expect(JSON.parse(body).message).toBe(
          'WordPress ne répond pas pour l’instant : l’aperçu du brouillon est impossible, réessayez dans un moment.',
        );
        expect(body).not.toContain(PASSWORD);
        const list = await api.request('GET', '/api/admin/source-drafts', { as: api.signed('editor') });
        expect(list.status, fault).toBe(503);
      } finally {
        wp.fault = null;
      }
    }
  });

  it('shows the draft’s images through the front only, the library’s when it has them, and its links to published posts at their front addresses', async () => {
    const { db } = api.database();
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 10, g: 120, b: 60 } } })
      .png()
      .toBuffer();
    const known = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 20, b: 20 } } })
      .jpeg()
      .toBuffer();
    wp.files.set('/wp-content/uploads/2026/05/tomatillo.png', { body: png, type: 'image/png' });
    wp.files.set('/wp-content/uploads/2026/05/deja.jpg', { body: known, type: 'image/jpeg' });
    wp.files.set('/wp-content/uploads/2026/05/piege.jpg', { body: Buffer.from('<!doctype html><p>pas une image</p>'), type: 'image/jpeg' });
    // A published post's image is in the library already (same bytes), and that post's WordPress address redirects.
    const hash = createHash('sha256').update(known).digest('hex');
    const [row] = await db
      .insert(media)
      .values({
        hash,
        alt: 'Déjà là',
        kind: 'image',
        width: 640,
        height: 480,
        sourceFormat: 'jpeg',
        variants: [
          { format: 'avif', width: 640, height: 480, url: `/media/library/${hash}-640.avif`, bytes: 10 },
          { format: 'webp', width: 640, height: 480, url: `/media/library/${hash}-640.webp`, bytes: 10 },
        ],
      })
      .returning({ id: media.id });
    await db.insert(redirects).values({ fromPath: '/2026/05/article-publie', toPath: '/mode/article-publie', origin: 'import:wordpress' });
    wp.posts.set(
      43,
      post(43, {
        modified: '2026-05-03T10:00:00',
        featuredMedia: { url: `${wp.url}/wp-content/uploads/2026/05/tomatillo.png`, alt: 'Des tomatillos' },
        content: [
          `<p>Voir <a href="${wp.url}/2026/05/article-publie/">l’article publié</a> et <a href="https://ailleurs.example/x">ailleurs</a>.</p>`,
          '<img src="/wp-content/uploads/2026/05/tomatillo.png" alt="Tomatillos en bol">',
          `<img src="${wp.url}/wp-content/uploads/2026/05/deja.jpg" alt="Déjà là">`,
          '<img src="/wp-content/uploads/2026/05/piege.jpg" alt="Une page HTML">',
          '<img src="http://169.254.169.254/latest/meta-data/x.png" alt="Une adresse interne">',
        ].join(''),
      }),
    );
    try {
      const before = await written();
      const link = (await draftLinks()).drafts.find((d) => d.sourceId === '43');
      const token = link?.preview.url.slice('/apercu-source/'.length) ?? '';
      const imageAt = (n: number | string, t = token) => `/api/preview/source/${t}/images/${n}`;
      imageReads.length = 0;

      const response = await api.request('GET', `/api/preview/source/${token}`);
      expect(response.status).toBe(200);
      const text = await response.text();
      const { result } = contract.GetSourceDraftPreviewResponse.parse(JSON.parse(text));
      // Nothing in the page names the source: no image address, no link to it.
      expect(text).not.toContain(wp.url.replace(/^https?:\/\//, ''));
      expect(text).not.toContain('169.254');
      expect(result.mainImage).toEqual({ url: imageAt(1), alt: 'Des tomatillos', width: 900, height: 600 });
      const images = result.body.filter((b) => b.type === 'image');
      expect(images).toEqual([
        {
          type: 'image',
          text: '',
          mediaId: 1,
          url: imageAt(1),
          alt: 'Tomatillos en bol',
          width: 900,
          height: 600,
          variants: [{ format: 'png', width: 900, height: 600, url: imageAt(1) }],
        },
        {
          type: 'image',
          text: '',
          mediaId: row?.id,
          url: `/media/library/${hash}-640.webp`,
          alt: 'Déjà là',
          width: 640,
          height: 480,
          variants: [
            { format: 'avif', width: 640, height: 480, url: `/media/library/${hash}-640.avif` },
            { format: 'webp', width: 640, height: 480, url: `/media/library/${hash}-640.webp` },
          ],
        },
      ]);
      // An HTML page served as an image, and an image on another (internal) host: their alt text, as the sync does.
      expect(result.body.map((b) => b.text)).toEqual(expect.arrayContaining(['Une page HTML', 'Une adresse interne']));
      const links = result.body
        .flatMap((b) => (b.type === 'image' ? [] : (b.spans ?? [])))
        .map((span) => span.href)
        .filter(Boolean);
      expect(links).toEqual(['/mode/article-publie', 'https://ailleurs.example/x']);
      expect(imageReads.every((url) => url.startsWith(`${wp.url}/wp-content/uploads/`))).toBe(true);

      const first = await api.request('GET', imageAt(1));
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('image/png');
      expect(first.headers.get('cache-control')).toBe('private, no-store');
      expect(first.headers.get('x-robots-tag')).toBe('noindex');
      expect(Buffer.from(await first.arrayBuffer()).equals(png)).toBe(true);
      expect((await api.request('GET', imageAt(2))).headers.get('content-type')).toBe('image/jpeg');

      imageReads.length = 0;
      const refusals: [string, number, string][] = [
        [imageAt(3), 404, 'Cette image n’a pas pu être lue dans WordPress, ou ce n’est pas une image JPEG, PNG, WebP ni AVIF.'],
        [imageAt(4), 404, 'Cette image n’est pas servie par WordPress lui-même : l’aperçu ne la montre pas.'],
        [imageAt(5), 404, 'Cette image ne fait pas partie du brouillon.'],
        [
          imageAt(
            1,
            token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
          ),
          404,
          "Ce lien d'aperçu est invalide ou a expiré.",
        ],
        [
          imageAt(1, sourcePreviewToken(await secret(), '43', new Date(api.clock.now().getTime() - 1000))),
          404,
          "Ce lien d'aperçu est invalide ou a expiré.",
        ],
        [
          imageAt(1, previewToken(await secret(), 43, new Date(api.clock.now().getTime() + 60_000))),
          404,
          "Ce lien d'aperçu est invalide ou a expiré.",
        ],
        [
          imageAt(1, sourcePreviewToken(await secret(), '42', new Date(api.clock.now().getTime() + 60_000))),
          404,
          "Ce lien d'aperçu est invalide ou a expiré.",
        ],
      ];
      for (const [path, status, message] of refusals) {
        const answer = await api.request('GET', path);
        expect(answer.status, path).toBe(status);
        expect(((await answer.json()) as { message: string }).message, path).toBe(message);
      }
      for (const n of ['0', '52', 'abc', '1e1', '-1', '1.5', '9'.repeat(30), '1%2F..']) {
        const answer = await api.request('GET', imageAt(n));
        expect([400, 404], n).toContain(answer.status);
        expect(answer.headers.get('content-type'), n).toMatch(/json/);
      }
      // The HTML page was read (and refused); the internal address never was; neither was anything for a bad token.
      expect(imageReads).toEqual([`${wp.url}/wp-content/uploads/2026/05/piege.jpg`]);

      wp.fault = (url) => (url.pathname.includes('/posts') ? '500' : null);
      try {
        const down = await api.request('GET', imageAt(1));
        expect(down.status).toBe(503);
        expect(((await down.json()) as { message: string }).message).toBe(
          'WordPress ne répond pas pour l’instant : l’aperçu du brouillon est impossible, réessayez dans un moment.',
        );
      } finally {
        wp.fault = null;
      }
      expect(await written()).toEqual(before);
    } finally {
      wp.posts.delete(43);
    }
  });

  it('contributors and authors do not list the source’s drafts', async () => {
    for (const role of ['contributor', 'author'] as const) {
      const response = await api.request('GET', '/api/admin/source-drafts', { as: api.signed(role) });
      expect(response.status).toBe(403);
    }
  });
});

describe('without the application password', () => {
  let wp: FakeWordPress;
  beforeAll(async () => {
    wp = await startFakeWordPress();
  });
  afterAll(async () => {
    await wp?.close();
  });
  const api = useNewsroomApi(
    'pglite',
    {},
    {
      liveSource: () =>
        createWordPressSource({
          url: wp.url,
          credentials: null,
          policy: { allowHosts: [] },
          timeoutMs: 2000,
          maxBytes: 1024 * 1024,
          imageMaxBytes: 1024 * 1024,
        }),
    },
  );

  it('no drafts can be read: the list says so, and no token opens anything', async () => {
    const response = await api.request('GET', '/api/admin/source-drafts', { as: api.signed('editor') });
    expect(await response.json()).toEqual({ source: 'WordPress', enabled: false, drafts: [] });
    const s = await loadNewsroomSecret(api.database().db, undefined);
    const token = sourcePreviewToken(s, '41', new Date(api.clock.now().getTime() + 60_000));
    expect((await api.request('GET', `/api/preview/source/${token}`)).status).toBe(404);
    expect(wp.requests).toEqual([]);
  });
});
