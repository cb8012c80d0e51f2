import { createWriteStream } from 'node:fs';
import * as fs from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RichTextNode } from '../../../db/schema.ts';
import { checkDoc, type LibraryImage } from '../../newsroom/richText.ts';
import { htmlToDoc, replaceImportImages } from '../htmlToDoc.ts';
import { type ImportEvent, ImportFileError, type ImportPost, type ImportTerm } from '../importModel.ts';
import { openWordPressExport, readUpload } from './wxrReader.ts';

// Every file read of the reader goes through these: the tests below prove it streams and never reads a file whole.
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  return { ...real, readFileSync: vi.fn(real.readFileSync), createReadStream: vi.fn(real.createReadStream) };
});
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  return { ...real, readFile: vi.fn(real.readFile) };
});

const FIXTURE = path.resolve(import.meta.dirname, '../../../../tests/fixtures/import/themeunittestdata.wordpress.xml');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wxr-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function collect(file: string) {
  const source = await openWordPressExport(file, {});
  const events: ImportEvent[] = [];
  for await (const event of source.events()) events.push(event);
  await source.close();
  return { source, events };
}

function texts(node: RichTextNode): string[] {
  return [...(node.text ? [node.text] : []), ...(node.content ?? []).flatMap(texts)];
}

describe('the WordPress reader, on the theme unit test data', () => {
  let events: ImportEvent[];
  let posts: ImportPost[];
  let siteUrl: string | null;
  let postCount: number | null;
  beforeAll(async () => {
    const read = await collect(FIXTURE);
    events = read.events;
    siteUrl = read.source.siteUrl;
    postCount = read.source.postCount;
    posts = events.flatMap((e) => (e.type === 'post' ? [e.post] : []));
  });
  const terms = (type: 'category' | 'tag'): ImportTerm[] => events.flatMap((e) => (e.type === type ? [e.term] : []));

  it('reads every post and page, with its title, and a date for the published ones', () => {
    expect(siteUrl).toBe('https://wpthemetestdata.wordpress.com');
    expect(postCount).toBe(79);
    expect(posts).toHaveLength(79);
    expect(posts.filter((p) => p.kind === 'page')).toHaveLength(21);
    const published = posts.filter((p) => p.status === 'published');
    expect(published).toHaveLength(76);
    // "Edge Case: No Title" has none: its slug still comes from the file.
    expect(published.filter((p) => p.title === '').map((p) => p.slug)).toEqual(['edge-case-no-title']);
    for (const post of published) {
      if (post.slug !== 'edge-case-no-title') expect(post.title).not.toBe('');
      expect(post.publishedAt).toBeInstanceOf(Date);
      expect(post.slug).toMatch(/^[a-z0-9-]+$/);
    }
    expect(posts.map((p) => p.status).sort()).toEqual(expect.arrayContaining(['draft', 'password', 'scheduled']));
    const markup = posts.find((p) => p.title === 'Markup: HTML Tags and Formatting');
    expect(markup).toMatchObject({
      sourceId: '1178',
      slug: 'markup-html-tags-and-formatting',
      authorSourceIds: ['themedemos'],
      categorySourceIds: ['classic', 'markup'],
      publishedAt: new Date('2013-01-12T03:22:19Z'),
    });
    expect(markup?.oldUrls).toEqual([
      'https://wpthemetestdata.wordpress.com/2013/01/11/markup-html-tags-and-formatting/',
      'https://wpthemetestdata.wordpress.com/?p=1178',
      // Its guid (http://wptest.io/demo/?p=919) is another host's and another post's id: not an address of this site.
    ]);
    // Titles are plain text.
    expect(posts.map((p) => p.title)).toContain('Markup: Title With Markup');
  });

  it('reads categories and tags as the file declares them, before the posts that name them', () => {
    const categories = terms('category');
    expect(categories).toHaveLength(68);
    expect(terms('tag').length).toBeGreaterThanOrEqual(110);
    expect(categories.find((c) => c.sourceId === 'aciform')).toMatchObject({
      name: 'aciform',
      parentSourceId: null,
      oldUrls: ['https://wpthemetestdata.wordpress.com/category/aciform/'],
    });
    expect(categories.find((c) => c.sourceId === '6-1')?.name).toBe('6.1');
    expect(categories.find((c) => c.sourceId === 'block')?.description).toBe(
      'Items in the block category have been created with the block editor.',
    );
    expect(categories.find((c) => c.sourceId === 'sub')).toMatchObject({
      parentSourceId: 'aciform',
      oldUrls: ['https://wpthemetestdata.wordpress.com/category/sub/', 'https://wpthemetestdata.wordpress.com/category/aciform/sub/'],
    });
    expect(categories.some((c) => c.parentSourceId !== null)).toBe(true);
    expect(terms('tag').find((t) => t.sourceId === 'xanthopsia')?.oldUrls).toEqual([
      'https://wpthemetestdata.wordpress.com/tag/xanthopsia/',
    ]);
    const seen = new Set<string>();
    for (const event of events) {
      if (event.type === 'category' || event.type === 'tag') seen.add(`${event.type}:${event.term.sourceId}`);
      if (event.type === 'author') seen.add(`author:${event.author.sourceId}`);
      if (event.type !== 'post') continue;
      for (const id of event.post.categorySourceIds) expect(seen.has(`category:${id}`)).toBe(true);
      for (const id of event.post.tagSourceIds) expect(seen.has(`tag:${id}`)).toBe(true);
      for (const id of event.post.authorSourceIds) expect(seen.has(`author:${id}`)).toBe(true);
    }
  });

  it('keeps no e-mail address of the authors', () => {
    const authors = events.flatMap((e) => (e.type === 'author' ? [e.author] : []));
    expect(authors.find((a) => a.sourceId === 'themedemos')).toEqual({ sourceId: 'themedemos', slug: 'themedemos', name: 'Theme Buster' });
    expect(JSON.stringify(events)).not.toContain('themeshaperwp+demos@gmail.com');
  });

  it('converts every body into a document checkDoc accepts, with no script or style text', () => {
    const byId = new Map<number, LibraryImage>();
    for (const post of posts) {
      const { doc } = htmlToDoc(post.bodyHtml, { baseUrl: post.oldUrls[0] });
      const replaced = replaceImportImages(doc, () => {
        const id = byId.size + 1;
        byId.set(id, { id, url: `/media/${id}.webp`, width: 1, height: 1, variants: [] });
        return { mediaId: id, src: `/media/${id}.webp` };
      });
      const checked = checkDoc(replaced, (id) => byId.get(id));
      if (!checked.ok) throw new Error(`${post.title}: ${checked.message}`);
      // The file's scripts (oEmbed caches, Facebook's SDK) never reach a text.
      expect(texts(doc).join('\n')).not.toMatch(/getElementsByTagName|<script|<style/);
    }
    const markup = posts.find((p) => p.title === 'Markup: HTML Tags and Formatting') as ImportPost;
    const { doc } = htmlToDoc(markup.bodyHtml);
    const all = texts(doc).join('\n');
    expect(all).toContain('Stay hungry. Stay foolish.');
    expect(all).not.toMatch(/<script|<style/i);
    // Code samples stay, as text.
    expect(all).toContain('font-weight: bold;');
    expect(doc.content?.some((n) => n.type === 'blockquote')).toBe(true);
    expect(doc.content?.filter((n) => n.type === 'heading').map((n) => n.attrs?.level)).toEqual(expect.arrayContaining([2, 3]));
  });

  it('converts block posts: images, quotes, embeds as links, unknown blocks reported', () => {
    const byTitle = (title: string) => posts.find((p) => p.title === title) as ImportPost;
    const gallery = htmlToDoc(byTitle('Block: Gallery').bodyHtml);
    expect(gallery.images.length).toBeGreaterThan(10);
    const quote = htmlToDoc(byTitle('Block: Quote').bodyHtml);
    expect(quote.doc.content?.some((n) => n.type === 'blockquote')).toBe(true);
    expect(byTitle('Block: Image').bodyHtml).not.toContain('<!-- wp:');
    expect(posts.flatMap((p) => p.bodyDropped ?? [])).toContain('block core/latest-posts');
  });

  it('gives featured images from the attachments', () => {
    const post = posts.find((p) => p.title === 'Template: Featured Image (Horizontal)');
    expect(post?.featureImage).toMatchObject({ url: 'https://wpthemetestdata.files.wordpress.com/2013/03/featured-image-horizontal.jpg' });
    expect(posts.filter((p) => p.featureImage)).toHaveLength(6);
  });

  it('counts comments and menu items as skipped, and emits nothing for attachments', () => {
    const skipped = events.flatMap((e) => (e.type === 'skipped' ? [e.skipped.kind] : []));
    expect(skipped.filter((k) => k === 'comment')).toHaveLength(33);
    expect(skipped.filter((k) => k === 'menu')).toHaveLength(70);
    expect(posts.some((p) => p.title.startsWith('dsc20050102'))).toBe(false);
  });
});

const wxr = (items: string, header = '<wp:wxr_version>1.2</wp:wxr_version>') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Site</title>${header}<wp:base_site_url>https://old.example</wp:base_site_url>
${items}
</channel></rss>`;

const item = (
  id: number,
  extra = '',
) => `<item><title>Article ${id}</title><link>https://old.example/${id}/</link><dc:creator>jane</dc:creator>
<content:encoded><![CDATA[Premier paragraphe ${id}.

Second paragraphe avec <strong>gras</strong>.]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${id}</wp:post_id><wp:post_date>2020-01-02 03:04:05</wp:post_date><wp:post_date_gmt>0000-00-00 00:00:00</wp:post_date_gmt>
<wp:post_name></wp:post_name><wp:status>draft</wp:status><wp:post_type>post</wp:post_type><wp:post_password></wp:post_password>${extra}</item>`;

async function refusal(name: string, content: string | Uint8Array): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, content);
  try {
    await openWordPressExport(file, {});
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return (error as Error).message;
  }
  throw new Error(`${name} was accepted`);
}

describe('the WordPress reader, on files it must refuse', () => {
  it('refuses any DOCTYPE: billion laughs, external entities', async () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>${wxr(item(1).replace('Article 1', '&lol9;'))}`;
    expect(await refusal('lol.xml', lol)).toMatch(/DOCTYPE/);
    const xxe = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${wxr(item(1).replace('Article 1', '&xxe;'))}`;
    expect(await refusal('xxe.xml', xxe)).toMatch(/DOCTYPE/);
  });

  it('does not expand an unknown entity', async () => {
    expect(await refusal('entity.xml', wxr(item(1).replace('Article 1', '&xxe;')))).toMatch(/mal formé.*ligne 4/);
  });

  it('refuses truncated XML, saying where', async () => {
    const whole = wxr(`${item(1)}\n${item(2)}`);
    expect(await refusal('truncated.xml', whole.slice(0, Math.floor(whole.length * 0.7)))).toMatch(/mal formé ou incomplet \(ligne \d+\)/);
    expect(await refusal('unclosed.xml', whole.replace('</channel></rss>', ''))).toMatch(/mal formé/);
  });

  it('refuses bytes that are not UTF-8', async () => {
    const bytes = Buffer.from(wxr(item(1)));
    const at = bytes.indexOf('Article');
    bytes[at] = 0xc3;
    bytes[at + 1] = 0x28;
    expect(await refusal('latin.xml', bytes)).toMatch(/UTF-8/);
    expect(await refusal('declared.xml', wxr(item(1)).replace('UTF-8', 'ISO-8859-1'))).toMatch(/ISO-8859-1/);
  });

  it('refuses XML that is not a WordPress export, and unknown versions', async () => {
    const feed = '<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><item><title>Un</title></item></channel></rss>';
    expect(await refusal('feed.xml', feed)).toMatch(/pas un export WordPress.*wxr_version/);
    expect(await refusal('atom.xml', '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>')).toMatch(
      /« feed »/,
    );
    expect(await refusal('v2.xml', wxr(item(1), '<wp:wxr_version>2.0</wp:wxr_version>'))).toMatch(/Version WXR « 2\.0 »/);
  });

  it('refuses empty files and other formats', async () => {
    expect(await refusal('zero.xml', '')).toMatch(/vide \(0 octet\)/);
    expect(await refusal('blank.xml', '  \n\t ')).toMatch(/vide/);
    expect(await refusal('ghost.json', '{"db":[{"data":{"posts":[]}}]}')).toMatch(/pas un fichier XML/);
  });

  it('refuses before emitting anything: a fault at the end of the file stops the opening', async () => {
    const items = Array.from({ length: 50 }, (_, i) => item(i + 1)).join('\n');
    expect(await refusal('late.xml', `${wxr(items)}<oops>`)).toMatch(/mal formé/);
  });
});

describe('the WordPress reader, on posts', () => {
  it('maps drafts (slug from the title, no date), passwords, Co-Authors Plus, Yoast and galleries', async () => {
    const file = path.join(dir, 'posts.xml');
    const attachment = `<item><title>photo</title><wp:post_id>90</wp:post_id><wp:post_parent>2</wp:post_parent><wp:post_type>attachment</wp:post_type>
<wp:attachment_url>https://old.example/wp-content/uploads/2020/01/photo.jpg</wp:attachment_url><excerpt:encoded><![CDATA[Légende]]></excerpt:encoded>
<wp:postmeta><wp:meta_key>_wp_attachment_image_alt</wp:meta_key><wp:meta_value><![CDATA[Une photo]]></wp:meta_value></wp:postmeta></item>`;
    const second = item(
      2,
      `<category domain="author" nicename="cap-ann"><![CDATA[Ann Autre]]></category><category domain="post_tag" nicename="neuf"><![CDATA[Neuf]]></category>
<wp:postmeta><wp:meta_key>_yoast_wpseo_title</wp:meta_key><wp:meta_value><![CDATA[%%title%% %%sep%% %%sitename%%]]></wp:meta_value></wp:postmeta>
<wp:postmeta><wp:meta_key>_yoast_wpseo_metadesc</wp:meta_key><wp:meta_value><![CDATA[Résumé]]></wp:meta_value></wp:postmeta>
<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>90</wp:meta_value></wp:postmeta>
<wp:comment><wp:comment_id>7</wp:comment_id><wp:comment_content>Bravo</wp:comment_content></wp:comment>`,
    )
      .replace('<wp:status>draft</wp:status>', '<wp:status>publish</wp:status>')
      .replace('<wp:post_password></wp:post_password>', '<wp:post_password>secret</wp:post_password>')
      .replace('Premier paragraphe 2.', '[gallery]');
    await writeFile(file, wxr(`${item(1)}\n${second}\n${attachment}`));
    const { events } = await collect(file);
    const posts = events.flatMap((e) => (e.type === 'post' ? [e.post] : []));
    expect(posts[0]).toMatchObject({ slug: 'article-1', status: 'draft', publishedAt: null, authorSourceIds: ['jane'] });
    expect(posts[1]).toMatchObject({
      status: 'password',
      publishedAt: new Date('2020-01-02T03:04:05Z'),
      authorSourceIds: ['ann'],
      tagSourceIds: ['neuf'],
      seoTitle: 'Article 2',
      seoDescription: 'Résumé',
      featureImage: { url: 'https://old.example/wp-content/uploads/2020/01/photo.jpg', alt: 'Une photo', caption: 'Légende' },
      oldUrls: ['https://old.example/2/', 'https://old.example/?p=2'],
    });
    expect(posts[1]?.bodyHtml).toContain('<img src="https://old.example/wp-content/uploads/2020/01/photo.jpg" alt="Une photo">');
    // Undeclared authors and tags come before the post that names them.
    expect(events.map((e) => e.type)).toEqual(['author', 'post', 'skipped', 'author', 'tag', 'post']);
    expect(JSON.stringify(events)).not.toContain('secret');
  });

  it('reads images from the uploads folder, never outside it', async () => {
    const uploads = path.join(dir, 'uploads');
    await mkdir(path.join(uploads, '2020/01'), { recursive: true });
    await writeFile(path.join(uploads, '2020/01/a.jpg'), 'JPEG');
    await writeFile(path.join(dir, 'secret.txt'), 'secret');
    const read = (url: string) => readUpload(uploads, url, 'https://old.example');
    expect(Buffer.from((await read('https://old.example/wp-content/uploads/2020/01/a.jpg')) ?? []).toString()).toBe('JPEG');
    expect(Buffer.from((await read('/wp-content/uploads/2020/01/a.jpg')) ?? []).toString()).toBe('JPEG');
    expect(await read('https://old.example/wp-content/uploads/2020/01/missing.jpg')).toBeNull();
    expect(await read('https://old.example/wp-content/uploads/..%2Fsecret.txt')).toBeNull();
    expect(await read('https://old.example/wp-content/uploads/%2e%2e/secret.txt')).toBeNull();
    expect(await read('https://old.example/elsewhere/a.jpg')).toBeNull();
    // WordPress.com's uploads host.
    expect(Buffer.from((await read('https://example.files.wordpress.com/2020/01/a.jpg')) ?? []).toString()).toBe('JPEG');
    expect(await read('https://example.files.wordpress.com/%2e%2e/secret.txt')).toBeNull();
    expect(await readUpload(null, 'https://old.example/wp-content/uploads/2020/01/a.jpg', null)).toBeNull();
  });
});

describe('the WordPress reader, on a large file', () => {
  it('streams: never reads the file whole, and reads ahead only what it emits', async () => {
    const file = path.join(dir, 'large.xml');
    const out = createWriteStream(file);
    const filler = 'Texte de remplissage pour un long article. '.repeat(150);
    out.write(wxr('').replace('\n\n</channel></rss>', '\n'));
    for (let i = 1; i <= 5000; i++) out.write(`${item(i).replace('Premier paragraphe', filler)}\n`);
    out.write('</channel></rss>\n');
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    const size = (await fsPromises.stat(file)).size;
    expect(size).toBeGreaterThan(30_000_000);

    vi.mocked(fsPromises.readFile).mockClear();
    vi.mocked(fs.readFileSync).mockClear();
    vi.mocked(fs.createReadStream).mockClear();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const source = await openWordPressExport(file, {});
    expect(source.postCount).toBe(5000);
    let posts = 0;
    for await (const event of source.events()) {
      if (event.type !== 'post') continue;
      posts += 1;
      if (posts === 10) {
        // The second pass's stream: only a few chunks in, for ten posts out of five thousand.
        const stream = vi.mocked(fs.createReadStream).mock.results.at(-1)?.value as fs.ReadStream;
        expect(stream.bytesRead).toBeLessThan(1_000_000);
      }
      if (posts % 500 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    expect(posts).toBe(5000);
    expect(vi.mocked(fsPromises.readFile)).not.toHaveBeenCalled();
    expect(vi.mocked(fs.readFileSync)).not.toHaveBeenCalled();
    // Less than the file: a whole read would hold it at least once as a string (streaming stays near 7 MB).
    expect(peak - before).toBeLessThan(size * 0.75);
  }, 120_000);
});
