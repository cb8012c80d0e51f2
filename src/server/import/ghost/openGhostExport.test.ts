import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportEvent, ImportPost, ImportSource, ImportTerm } from '../importModel.ts';
import { openGhostExport } from './openGhostExport.ts';
import { makeZip } from './testing/zipWriter.ts';

const GHOST_4 = 'tests/fixtures/import/ghost-4.json';
const GHOST_5 = 'tests/fixtures/import/ghost-5-lexical.json';
const dir = mkdtempSync(join(tmpdir(), 'ghost-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function all(source: ImportSource): Promise<ImportEvent[]> {
  const events: ImportEvent[] = [];
  for await (const event of source.events()) events.push(event);
  return events;
}

const posts = (events: ImportEvent[]): ImportPost[] => events.flatMap((e) => (e.type === 'post' ? [e.post] : []));
const tags = (events: ImportEvent[]): ImportTerm[] => events.flatMap((e) => (e.type === 'tag' ? [e.term] : []));
const bySlug = (list: ImportPost[], slug: string): ImportPost => {
  const post = list.find((p) => p.slug === slug);
  if (!post) throw new Error(`no post ${slug}`);
  return post;
};

describe('openGhostExport on Ghost 4’s own export fixture', () => {
  it('emits the users, the tag, then the 7 posts and 4 pages in file order', async () => {
    const source = await openGhostExport(GHOST_4);
    const events = await all(source);
    await source.close();
    expect(source.kind).toBe('ghost');
    expect(source.postCount).toBe(11);
    expect(events.map((e) => e.type)).toEqual(['author', 'author', 'tag', ...Array<string>(11).fill('post')]);
    expect(events[0]).toEqual({ type: 'author', author: { sourceId: '1', slug: 'fixture', name: 'Fixture Ghosty' } });
    expect(tags(events)).toEqual([
      {
        sourceId: '605ac140a2d5a6aa9e101e63',
        slug: 'getting-started',
        name: 'Getting Started',
        description: '',
        parentSourceId: null,
        internal: false,
        oldUrls: ['/tag/getting-started/'],
      },
    ]);
    const list = posts(events);
    expect(list.filter((p) => p.kind === 'page').map((p) => p.slug)).toEqual(['about', 'contact', 'privacy', 'contribute']);
    const welcome = bySlug(list, 'welcome');
    expect(welcome).toMatchObject({
      sourceId: '605ac141a2d5a6aa9e101ec9',
      kind: 'post',
      status: 'published',
      authorSourceIds: ['5951f5fca366002ebd5dbef7'],
      tagSourceIds: ['605ac140a2d5a6aa9e101e63'],
      categorySourceIds: [],
      oldUrls: ['/welcome/'],
      featureImage: { url: 'https://static.ghost.org/v4.0.0/images/welcome-to-ghost.png', alt: '', caption: '' },
    });
    expect(welcome.publishedAt?.toISOString()).toMatch(/^2021-03-24T/);
    expect(welcome.excerpt).toMatch(/^We've crammed the most important/);
    // Ghost 4 exports its rendered HTML: it is the body as it is.
    expect(welcome.bodyHtml).toMatch(/^<p>/);
    expect(welcome.bodyHtml).not.toContain('__GHOST_URL__');
  });

  it('never emits a user’s e-mail or password', async () => {
    const source = await openGhostExport(GHOST_5);
    const text = JSON.stringify(await all(source));
    expect(text).not.toContain('@exemple.fr');
    expect(text).not.toContain('$2a$10$');
    expect(text).not.toContain('Cheffe et autrice');
  });
});

describe('openGhostExport on a Ghost 5 export with Lexical bodies', () => {
  it('reads authors, tags (internal ones flagged), and posts with their fields', async () => {
    const source = await openGhostExport(GHOST_5);
    const events = await all(source);
    expect(source.postCount).toBe(5);
    expect(source.siteUrl).toBeNull();
    expect(events.slice(0, 2)).toEqual([
      { type: 'author', author: { sourceId: '6650a1b2c3d4e5f601000001', slug: 'camille', name: 'Camille Dupré' } },
      { type: 'author', author: { sourceId: '6650a1b2c3d4e5f601000002', slug: 'jules', name: 'Jules Mercier' } },
    ]);
    expect(tags(events).map((t) => [t.slug, t.internal, t.oldUrls])).toEqual([
      ['cuisine', false, ['/tag/cuisine/']],
      ['voyages', false, ['/tag/voyages/']],
      ['hash-newsletter', true, []],
    ]);
    expect(tags(events)[0]?.description).toBe('Recettes et tours de main.');

    const list = posts(events);
    expect(list.map((p) => [p.slug, p.kind, p.status])).toEqual([
      ['tarte-aux-prunes', 'post', 'published'],
      ['a-propos', 'page', 'published'],
      ['brouillon-voyage', 'post', 'draft'],
      ['marche-de-noel', 'post', 'scheduled'],
      ['lettre-de-mai', 'post', 'published'],
    ]);
    const tarte = bySlug(list, 'tarte-aux-prunes');
    // posts_authors and posts_tags by sort_order, not by file order.
    expect(tarte.authorSourceIds).toEqual(['6650a1b2c3d4e5f601000002', '6650a1b2c3d4e5f601000001']);
    expect(tarte.tagSourceIds).toEqual(['6650a1b2c3d4e5f602000001', '6650a1b2c3d4e5f602000002', '6650a1b2c3d4e5f602000003']);
    expect(tarte).toMatchObject({
      title: 'La tarte aux prunes de ma grand-mère',
      excerpt: 'Une recette de fin d’été.',
      seoTitle: 'Tarte aux prunes facile',
      seoDescription: 'La recette de la tarte aux prunes, pas à pas.',
      oldUrls: ['/tarte-aux-prunes/'],
      featureImage: {
        url: '/content/images/2024/05/tarte.jpg',
        alt: 'Une tarte aux prunes sur une table',
        caption: 'Photo Camille & Jules',
      },
    });
    expect(tarte.publishedAt?.toISOString()).toBe('2024-05-12T07:30:00.000Z');
    expect(tarte.updatedAt?.toISOString()).toBe('2024-05-13T12:00:00.000Z');
    expect(bySlug(list, 'marche-de-noel').publishedAt?.toISOString()).toBe('2024-12-01T08:00:00.000Z');
    expect(bySlug(list, 'brouillon-voyage')).toMatchObject({ publishedAt: null, oldUrls: [], seoTitle: '' });
    expect(bySlug(list, 'a-propos').oldUrls).toEqual(['/a-propos/']);
    expect(bySlug(list, 'marche-de-noel').oldUrls).toEqual(['/marche-de-noel/']);
    // Sent by e-mail only: published in the archive, but it never had a page to redirect from.
    expect(bySlug(list, 'lettre-de-mai')).toMatchObject({ status: 'published', oldUrls: [] });
  });

  it('renders the Lexical body: headings, lists, links, bold, quote, cards', async () => {
    const source = await openGhostExport(GHOST_5);
    const body = bySlug(posts(await all(source)), 'tarte-aux-prunes').bodyHtml;
    expect(body).toContain('<h2>Les ingrédients</h2>');
    expect(body).toContain('<ul><li>500 g de prunes</li><li>une pâte <em>brisée</em></li></ul>');
    expect(body).toContain('<h3>La méthode</h3><ol><li>Dénoyauter</li><li>Cuire</li></ol>');
    expect(body).toContain(
      '<p>C’est <strong>vraiment</strong> simple, voir <a href="/voyages-en-alsace/">mon voyage</a> &amp; &lt;le reste&gt;.</p>',
    );
    expect(body).toContain('<p>Ligne un<br>ligne deux</p>');
    expect(body).toContain('<blockquote><p>La patience est une vertu.</p></blockquote>');
    expect(body).toContain(
      '<figure><img src="/content/images/2024/05/prunes.png" alt="Des prunes"><figcaption>Prunes du <b>jardin</b></figcaption></figure>',
    );
    expect(body).toContain('<p><a href="https://exemple.org/prunes">Tout sur les prunes</a></p>');
    expect(body).toContain('<div class="encart">Encart <em>HTML</em></div>');
    expect(body).toContain('<p>Un **paragraphe** en Markdown.</p><p>Un autre.</p>');
    expect(body).toContain('<p>Astuce : ajoutez de la cannelle.</p>');
    expect(body).not.toContain('Carte inconnue');
    expect(body).not.toContain('__GHOST_URL__');
  });

  it('puts the site’s address in place of __GHOST_URL__ when the operator gives it', async () => {
    const source = await openGhostExport(GHOST_5, { siteUrl: 'https://carnet.exemple.fr/' });
    const tarte = bySlug(posts(await all(source)), 'tarte-aux-prunes');
    expect(source.siteUrl).toBe('https://carnet.exemple.fr/');
    expect(tarte.featureImage?.url).toBe('https://carnet.exemple.fr/content/images/2024/05/tarte.jpg');
    expect(tarte.bodyHtml).toContain('<a href="https://carnet.exemple.fr/voyages-en-alsace/">');
  });

  it('reads the file again for each events() call', async () => {
    const source = await openGhostExport(GHOST_5);
    const first = await all(source);
    expect(await all(source)).toEqual(first);
    await source.close();
  });

  it('has no image bytes for a bare JSON', async () => {
    const source = await openGhostExport(GHOST_5);
    expect(await source.readImage('/content/images/2024/05/tarte.jpg')).toBeNull();
  });
});

describe('openGhostExport on a Ghost zip', () => {
  it('reads the JSON inside and the images under content/images/, lazily', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .toBuffer();
    const file = join(dir, 'ghost-export.zip');
    writeFileSync(
      file,
      makeZip([
        { name: 'export/', data: '' },
        { name: 'export/data/carnet.ghost.2024-05-27.json', data: readFileSync(GHOST_5) },
        { name: 'export/content/images/2024/05/tarte.jpg', data: jpeg, method: 'store' },
        { name: 'export/content/images/2024/05/prunes.png', data: png },
        { name: 'export/content/data/redirects.json', data: '[]' },
        { name: 'export/content/themes/casper/package.json', data: '{}' },
      ]),
    );
    const source = await openGhostExport(file);
    const list = posts(await all(source));
    const tarte = bySlug(list, 'tarte-aux-prunes');
    expect(list).toHaveLength(5);
    const feature = await source.readImage(tarte.featureImage?.url ?? '');
    expect(feature && Buffer.from(feature).equals(jpeg)).toBe(true);
    expect((await sharp(feature ?? Buffer.alloc(0)).metadata()).format).toBe('jpeg');
    const inline = await source.readImage('https://carnet.exemple.fr/content/images/size/w600/2024/05/prunes.png');
    expect(inline && Buffer.from(inline).equals(png)).toBe(true);
    // The noel.jpg feature image is named but not in the archive.
    expect(await source.readImage('/content/images/2024/05/noel.jpg')).toBeNull();
    expect(await source.readImage('https://static.ghost.org/v4.0.0/images/welcome-to-ghost.png')).toBeNull();
    await source.close();
  });
});
