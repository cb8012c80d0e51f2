/**
 * One row of Ghost's `posts` table (a post or a page) → the shared ImportPost. The body is the
 * export's `html` when Ghost rendered it, else the Lexical (Ghost 5/6) or Mobiledoc (Ghost ≤ 4)
 * source rendered here.
 */
import { decodeHTML } from 'entities';
import type { ImportImage, ImportPost, ImportPostStatus } from '../importModel.ts';
import type { GhostTables } from './ghostTables.ts';
import { str } from './ghostTables.ts';
import { resolveGhostUrls } from './ghostUrls.ts';
import { lexicalToHtml } from './lexicalToHtml.ts';
import { mobiledocToHtml } from './mobiledocToHtml.ts';

const STATUSES: Record<string, ImportPostStatus> = {
  published: 'published',
  draft: 'draft',
  scheduled: 'scheduled',
  // A newsletter sent by e-mail: published, as far as the archive goes.
  sent: 'published',
};

export function ghostPost(row: Record<string, unknown>, tables: GhostTables, siteUrl: string | null): ImportPost | null {
  const id = str(row.id);
  if (!id) return null;
  const meta = tables.metaByPost.get(id);
  const slug = str(row.slug) ?? id;
  const status = STATUSES[str(row.status) ?? ''] ?? 'draft';
  const authorId = str(row.author_id);
  return {
    sourceId: id,
    kind: row.type === 'page' || row.page === true || row.page === 1 ? 'page' : 'post',
    title: str(row.title) ?? '',
    slug,
    status,
    publishedAt: date(row.published_at),
    updatedAt: date(row.updated_at),
    excerpt: str(row.custom_excerpt) ?? str(row.excerpt) ?? '',
    seoTitle: meta?.metaTitle ?? str(row.meta_title) ?? '',
    seoDescription: meta?.metaDescription ?? str(row.meta_description) ?? '',
    authorSourceIds: tables.authorsByPost.get(id) ?? (authorId ? [authorId] : []),
    categorySourceIds: [],
    tagSourceIds: tables.tagsByPost.get(id) ?? [],
    bodyHtml: resolveGhostUrls(body(row), siteUrl),
    featureImage: featureImage(row, meta?.featureImageAlt ?? null, meta?.featureImageCaption ?? null, siteUrl),
    // A draft or an e-mail-only newsletter never had a public address; nor had `/p/<uuid>/` previews.
    oldUrls: status === 'draft' || meta?.emailOnly ? [] : [`/${slug}/`],
  };
}

function body(row: Record<string, unknown>): string {
  const html = str(row.html);
  if (html && html.trim() !== '') return html;
  const lexical = str(row.lexical);
  if (lexical) return lexicalToHtml(lexical);
  const mobiledoc = str(row.mobiledoc);
  return mobiledoc ? mobiledocToHtml(mobiledoc) : '';
}

function featureImage(
  row: Record<string, unknown>,
  alt: string | null,
  caption: string | null,
  siteUrl: string | null,
): ImportImage | null {
  const url = str(row.feature_image);
  if (!url) return null;
  return {
    url: resolveGhostUrls(url, siteUrl),
    alt: alt ?? str(row.feature_image_alt) ?? '',
    // Ghost's captions are HTML (a credit with its link); the model's caption is text.
    caption: plain(caption ?? str(row.feature_image_caption) ?? ''),
  };
}

function plain(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, '')).trim();
}

function date(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}
