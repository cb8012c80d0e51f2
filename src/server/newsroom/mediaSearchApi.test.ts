/**
 * The media library's list as the body-image dialog uses it: the whole library page by page (not only the
 * 24 most recent), searched by file name or alt text; LIKE's wildcards taken literally, hostile `q` refused
 * in French (never a 500).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { ROLES, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { uploadedFileName } from './media/uploadRules.ts';

const dir = mkdtempSync(join(tmpdir(), 'piquante-media-search-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('uploadedFileName', () => {
  it('keeps the name only: no path, no control character, 200 characters at most, no half emoji', () => {
    expect(uploadedFileName('C:\\Users\\camille\\piment.png')).toBe('piment.png');
    expect(uploadedFileName('../../etc/passwd')).toBe('passwd');
    expect(uploadedFileName('a\u0000b\nc.png')).toBe('abc.png');
    expect(uploadedFileName('   ')).toBeNull();
    expect(uploadedFileName(null)).toBeNull();
    expect(uploadedFileName('x'.repeat(500))).toHaveLength(200);
    expect(uploadedFileName(`${'x'.repeat(199)}🌶️.png`)).toBe('x'.repeat(199));
  });
});

describe.each(testDatabaseKinds)('media list: pages and search on %s', (kind) => {
  const api = useNewsroomApi(kind, { MEDIA_DIR: dir });
  const uploaded: { id: number; name: string; alt: string }[] = [];
  // 30 ordinary images, then a few whose names and alt texts hold what a search must take literally.
  const specials = [
    { name: '100%_piment.png', alt: 'Crème brûlée au piment 🌶️' },
    { name: 'a_b.png', alt: 'Un tiroir sans rapport' },
    { name: 'Tomates-Séchées.jpg', alt: 'ÉTÉ en Provence' },
    { name: 'plain.png', alt: "L'apostrophe ' OR 1=1 --" },
  ];

  const list = async (query: string, role: (typeof ROLES)[number] = 'contributor') => {
    const response = await api.request('GET', `/api/admin/media${query}`, { as: api.signed(role) });
    expect(response.status, query).toBe(200);
    return contract.ListMediaResponse.parse(await response.json()).results;
  };
  const refused = async (query: string) => {
    const response = await api.request('GET', `/api/admin/media${query}`, { as: api.signed('author') });
    expect(response.status, query).toBe(400);
    return contract.ErrorResponse.parse(await response.json()).message;
  };
  const q = (text: string) => `?q=${encodeURIComponent(text)}&limit=100`;

  beforeAll(async () => {
    const all = [
      ...Array.from({ length: 30 }, (_, i) => ({ name: `photo-${String(i).padStart(2, '0')}.png`, alt: `Image numéro ${i}` })),
      ...specials,
    ];
    for (const [i, entry] of all.entries()) {
      const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: { r: i * 7, g: 200 - i, b: 90 } } })
        .png()
        .toBuffer();
      const body = new FormData();
      body.set('file', new Blob([new Uint8Array(png)]), entry.name);
      body.set('alt', entry.alt);
      const encoded = new Response(body);
      const session = api.signed('contributor');
      // Distinct times: "newest first" is then the reverse of this order.
      api.clock.advance(60);
      const response = await api.request('POST', '/api/admin/media', {
        body: new Uint8Array(await encoded.arrayBuffer()),
        headers: { 'content-type': encoded.headers.get('content-type') ?? '', cookie: session.cookie, 'x-csrf-token': session.csrf },
      });
      expect(response.status).toBe(201);
      const item = contract.MediaItem.parse(await response.json());
      expect(item.name).toBe(entry.name);
      uploaded.push({ id: item.id, ...entry });
    }
  });

  it('pages through the whole library, newest first, each image once, for every role', async () => {
    for (const role of ROLES) {
      const seen: number[] = [];
      for (let offset = 0; ; offset += 24) {
        const page = await list(`?limit=24&offset=${offset}`, role);
        seen.push(...page.map((m) => m.id));
        if (page.length < 24) break;
      }
      expect(new Set(seen).size, role).toBe(seen.length);
      expect(seen, role).toEqual(uploaded.map((u) => u.id).reverse());
    }
  });

  it('searches the file name and the alt text, whatever the case, inside words, with accents and emoji', async () => {
    const names = async (text: string) => (await list(q(text))).map((m) => m.name);
    expect(await names('piment')).toEqual(['100%_piment.png']);
    expect(await names('PIMENT')).toEqual(['100%_piment.png']);
    expect(await names('brûlée')).toEqual(['100%_piment.png']);
    expect(await names('🌶️')).toEqual(['100%_piment.png']);
    expect(await names('Séchées')).toEqual(['Tomates-Séchées.jpg']);
    expect(await names('provence')).toEqual(['Tomates-Séchées.jpg']);
    expect(await names('  tiroir  ')).toEqual(['a_b.png']);
    expect((await names('numéro 1')).sort()).toEqual(
      Array.from({ length: 11 }, (_, i) => `photo-${i === 0 ? '01' : 10 + i - 1}.png`).sort(),
    );
    expect(await names('photo-2')).toHaveLength(10);
    // Search results page too.
    const first = await list('?q=photo&limit=20');
    const second = await list('?q=photo&limit=20&offset=20');
    expect([...first, ...second].map((m) => m.name)).toHaveLength(30);
    expect(await names('introuvable')).toEqual([]);
    // An empty search is the whole library.
    expect(await list('?q=&limit=100')).toHaveLength(uploaded.length);
  });

  it('takes %, _ and \\ literally, and SQL as text', async () => {
    const names = async (text: string) => (await list(q(text))).map((m) => m.name);
    expect(await names('%')).toEqual(['100%_piment.png']);
    expect(await names('_')).toEqual(['a_b.png', '100%_piment.png']);
    expect(await names('a_b')).toEqual(['a_b.png']);
    expect(await names('a%b')).toEqual([]);
    expect(await names('\\')).toEqual([]);
    expect(await names('\\%')).toEqual([]);
    expect(await names("' OR 1=1 --")).toEqual(['plain.png']);
    expect(await names("'; DROP TABLE media; --")).toEqual([]);
    expect(await list('?limit=100')).toHaveLength(uploaded.length);
  });

  it('refuses a very long search, control characters and a repeated q, in French', async () => {
    expect(await list(q('é'.repeat(200)))).toEqual([]);
    expect(await refused(q('x'.repeat(201)))).toBe('Le paramètre « q » doit contenir au plus 200 caractères.');
    expect(await refused(q('x'.repeat(100_000)))).toMatch(/au plus 200 caractères/);
    expect(await refused(q('piment\u0000'))).toBe('Le champ « q » contient un caractère de contrôle interdit.');
    expect(await refused(q('ligne\nautre'))).toMatch(/caractères de contrôle/);
    expect(await refused('?q=a&q=b')).toMatch(/qu'une fois/);
    expect(await refused('?q=a&limit=0')).toMatch(/« limit »/);
    expect(await refused('?q=a&offset=-1')).toMatch(/« offset »/);
    // Undecodable percent-encoding is not a 500 either.
    const broken = await api.request('GET', '/api/admin/media?q=%E0%A4%A', { as: api.signed('author') });
    expect(broken.status).toBeLessThan(500);
  });

  it('needs a session', async () => {
    const response = await api.request('GET', '/api/admin/media?q=piment');
    expect(response.status).toBe(401);
    expect(contract.ErrorResponse.parse(await response.json()).message).toBe('Connectez-vous à la rédaction pour continuer.');
  });
});
