/**
 * Previews of the live source's drafts (issue 35) in-process: the newsroom's list of drafts with their signed
 * links, and GET /api/preview/source/{token}, against WordPress's answers played on loopback (fakeWordPress.ts),
 * on PGlite and on PostgreSQL when TEST_DATABASE_URL is set. Hostile tokens (forged, expired, another kind's,
 * unknown or published post), a draft with a <script>, the source down: 404 or 503 with a French sentence,
 * never a 500, never the application password, and nothing ever written to the site.
 * The same against a real WordPress and a real Ghost: tests/e2e/sources/{wordpress,ghost}.spec.ts.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { articles, importItems, media, newsroomArticles } from '../../db/schema.ts';
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
      liveSource: () =>
        createWordPressSource({
          url: wp.url,
          credentials: { user: 'redaction', password: PASSWORD },
          policy: { allowHosts: [] },
          timeoutMs: 2000,
          maxBytes: 8 * 1024 * 1024,
          imageMaxBytes: 1024 * 1024,
          log: () => {},
        }),
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
