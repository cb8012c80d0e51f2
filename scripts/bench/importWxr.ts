/**
 * A generated WordPress export for the import benchmark and the command's tests: `posts` posts in a few
 * categories and tags, each body with paragraphs, a heading, a list, a link and `imagesPerPost` images,
 * which point at `distinctImages` files under wp-content/uploads (written to `uploadsDir` when given, so
 * that the library stores each once). Written as a stream: a file of any size, little memory.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

export interface WxrOptions {
  posts: number;
  imagesPerPost: number;
  distinctImages: number;
  uploadsDir?: string | null;
  site?: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

export async function writeGeneratedWxr(file: string, options: WxrOptions): Promise<void> {
  const site = options.site ?? 'https://ancien-magazine.example';
  if (options.uploadsDir) {
    await mkdir(join(options.uploadsDir, '2024', '05'), { recursive: true });
    for (let i = 0; i < options.distinctImages; i++) {
      const bytes = await sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 } },
      })
        .jpeg()
        .toBuffer();
      await writeFile(join(options.uploadsDir, '2024', '05', `photo-${i}.jpg`), bytes);
    }
  }
  const out = createWriteStream(file);
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (out.write(text)) resolve();
      else out.once('drain', resolve).once('error', reject);
    });
  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>Ancien magazine</title>
<link>${site}</link>
<language>fr-FR</language>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>${site}</wp:base_site_url>
<wp:base_blog_url>${site}</wp:base_blog_url>
<wp:author><wp:author_id>1</wp:author_id><wp:author_login>${cdata('camille')}</wp:author_login><wp:author_email>${cdata('camille@ancien.example')}</wp:author_email><wp:author_display_name>${cdata('Camille Durand')}</wp:author_display_name></wp:author>
<wp:author><wp:author_id>2</wp:author_id><wp:author_login>${cdata('lea')}</wp:author_login><wp:author_email>${cdata('lea@ancien.example')}</wp:author_email><wp:author_display_name>${cdata('Léa Bernard')}</wp:author_display_name></wp:author>
`);
  const categories = ['beaute', 'voyages', 'cuisine', 'culture', 'societe'];
  for (const [i, slug] of categories.entries()) {
    await write(
      `<wp:category><wp:term_id>${i + 1}</wp:term_id><wp:category_nicename>${cdata(slug)}</wp:category_nicename><wp:category_parent>${cdata('')}</wp:category_parent><wp:cat_name>${cdata(slug[0]?.toUpperCase() + slug.slice(1))}</wp:cat_name></wp:category>\n`,
    );
  }
  for (let t = 0; t < 20; t++) {
    await write(
      `<wp:tag><wp:term_id>${100 + t}</wp:term_id><wp:tag_slug>${cdata(`tag-${t}`)}</wp:tag_slug><wp:tag_name>${cdata(`Tag ${t}`)}</wp:tag_name></wp:tag>\n`,
    );
  }
  let image = 0;
  for (let p = 1; p <= options.posts; p++) {
    const slug = `article-numero-${p}`;
    const category = categories[p % categories.length] ?? 'culture';
    const date = new Date(Date.UTC(2015, 0, 1) + p * 3_600_000 * 7);
    const stamp = date.toISOString().replace('T', ' ').slice(0, 19);
    const images: string[] = [];
    for (let k = 0; k < options.imagesPerPost; k++) {
      const n = image++ % Math.max(1, options.distinctImages);
      images.push(
        `<!-- wp:image --><figure class="wp-block-image"><img src="${site}/wp-content/uploads/2024/05/photo-${n}.jpg" alt="Photo ${n}"/><figcaption>Légende ${n}</figcaption></figure><!-- /wp:image -->`,
      );
    }
    const body = [
      `<!-- wp:paragraph --><p>Premier paragraphe de l’article ${p}, avec <strong>du gras</strong> et <em>de l’italique</em>.</p><!-- /wp:paragraph -->`,
      `<!-- wp:heading --><h2>Un intertitre</h2><!-- /wp:heading -->`,
      `<!-- wp:list --><ul><li>un</li><li>deux</li></ul><!-- /wp:list -->`,
      ...images,
      `<!-- wp:paragraph --><p>Voir aussi <a href="${site}/${category}/article-numero-${Math.max(1, p - 1)}/">l’article précédent</a>.</p><!-- /wp:paragraph -->`,
    ].join('\n');
    await write(`<item>
<title>${escapeXml(`Article numéro ${p}`)}</title>
<link>${site}/${category}/${slug}/</link>
<pubDate>${date.toUTCString()}</pubDate>
<dc:creator>${cdata(p % 2 ? 'camille' : 'lea')}</dc:creator>
<guid isPermaLink="false">${site}/?p=${p}</guid>
<description></description>
<content:encoded>${cdata(body)}</content:encoded>
<excerpt:encoded>${cdata(`Le chapeau de l’article ${p}.`)}</excerpt:encoded>
<wp:post_id>${p}</wp:post_id>
<wp:post_date>${cdata(stamp)}</wp:post_date>
<wp:post_date_gmt>${cdata(stamp)}</wp:post_date_gmt>
<wp:post_name>${cdata(slug)}</wp:post_name>
<wp:status>${cdata('publish')}</wp:status>
<wp:post_parent>0</wp:post_parent>
<wp:post_type>${cdata('post')}</wp:post_type>
<wp:post_password>${cdata('')}</wp:post_password>
<category domain="category" nicename="${category}">${cdata(category)}</category>
<category domain="post_tag" nicename="tag-${p % 20}">${cdata(`Tag ${p % 20}`)}</category>
</item>
`);
  }
  await write('</channel>\n</rss>\n');
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}
