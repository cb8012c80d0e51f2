/**
 * Previews of the live source's drafts (issue 35): a draft of Ghost or WordPress opens at a signed address of the
 * front (`/apercu-source/{token}`), under the newsroom's preview rules — the same signed, expiring token
 * (previewTokens.ts, its own purpose), never cached, never indexed.
 *
 * The draft is read from the source at each opening, through its adapter (guarded fetch, bounded time), and shaped
 * as the article page reads it through the importers' allow-list (htmlToDoc, then the editor's checkDoc), exactly
 * as the sync would write it — but it is never written: no row, no media, no purge. Its images are served by the
 * front itself at addresses scoped to the preview's token (sourcePreviewImages.ts), or from the library when it
 * already holds them; links to the source's published posts are the front's addresses, as the sync writes them.
 * Categories, tags and signatures are those the sync already mapped; a term the site does not know yet falls back
 * to the first category and signature.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { appConfig } from '../../../app.config.ts';
import type { ArticleDetail, Author, Tag } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { authors, categories, type ImportSourceKind, importItems, newsroomArticles, tags } from '../../db/schema.ts';
import { bylinesOf, toArticleCard } from '../articles/articles.server.ts';
import { toCategory } from '../content/categories.server.ts';
import { htmlToDoc, replaceImportImages } from '../import/htmlToDoc.ts';
import type { ImportPost } from '../import/importModel.ts';
import { plainText } from '../import/plainText.ts';
import { libraryImagesOf } from '../newsroom/bodyImages.server.ts';
import { readSourcePreviewToken, sourcePreviewToken } from '../newsroom/previewTokens.ts';
import { checkDoc, type LibraryImage, readingMinutes } from '../newsroom/richText.ts';
import { slugify } from '../newsroom/slugs.ts';
import type { RichTextNode } from '../../db/schema.ts';
import type { LiveSource } from './liveSource.ts';
import { type PreviewImage, previewImagesOf, previewLibraryImage } from './sourcePreviewImages.ts';

/** How many drafts the newsroom lists (the most recently changed). */
export const DRAFTS_LISTED = 50;

export interface SourceDraftLink {
  sourceId: string;
  title: string;
  updatedAt: string | null;
  editUrl: string;
  preview: { url: string; expiresAt: string };
}

export const sourcePreviewPath = (token: string) => `/apercu-source/${token}`;

/** The source's latest drafts, each with a signed link that expires like the newsroom's own previews. */
export async function sourceDraftLinks(source: LiveSource, secret: string, now: Date, signal: AbortSignal): Promise<SourceDraftLink[]> {
  const drafts = await source.drafts(DRAFTS_LISTED, signal);
  const expiresAt = new Date(now.getTime() + appConfig.newsroom.previewLinkMinutes * 60_000);
  return drafts.slice(0, DRAFTS_LISTED).map((draft) => ({
    sourceId: draft.sourceId,
    title: draft.title,
    updatedAt: draft.updatedAt?.toISOString() ?? null,
    editUrl: source.editUrl(draft.sourceId),
    preview: { url: sourcePreviewPath(sourcePreviewToken(secret, draft.sourceId, expiresAt)), expiresAt: expiresAt.toISOString() },
  }));
}

/**
 * What a draft token shows: the draft as its article page, or null (forged, expired, another kind's token, the
 * post gone, or published — a published post is read at its own address). Throws SourceUnavailable when the
 * source cannot be read now.
 */
export async function openSourcePreview(
  db: Database,
  source: LiveSource,
  secret: string,
  token: string,
  now: Date,
  signal: AbortSignal,
): Promise<ArticleDetail | null> {
  const sourceId = readSourcePreviewToken(secret, token, now);
  if (sourceId === null || !source.readsDrafts) return null;
  const post = await source.post(sourceId, { drafts: true }, signal);
  if (post?.kind !== 'post' || post.status === 'published' || post.status === 'trash') return null;
  return draftAsArticle(db, source, post, now, await previewImagesOf(db, source, post, token, signal));
}

/**
 * A preview image's id while the document goes through checkDoc: above any id the library's serial will reach, so
 * it never stands for a library row; the block then says the image's rank instead (the contract's ImageBlock).
 */
const PREVIEW_ID_BASE = 2_000_000_000;

/** Links to the source's posts → the front's addresses, from the redirects the sync wrote; read-only. */
async function linksToFront(db: Database, siteUrl: string, doc: RichTextNode): Promise<RichTextNode> {
  // Loaded when a preview opens, as the sync loads the writer: not with every process's newsroom handlers.
  const { frontAddressOf, rewriteOldSiteLinks } = await import('../import/oldSiteLinks.ts');
  return (await rewriteOldSiteLinks(doc, siteUrl, (path) => frontAddressOf(db, path))).doc;
}

/** The draft in the article page's shape, read-only: what the sync would write, without writing it. */
export async function draftAsArticle(
  db: Database,
  source: Pick<LiveSource, 'kind' | 'siteUrl'>,
  post: ImportPost,
  now: Date,
  /** The draft's images by absolute address (previewImagesOf); absent ones show their alt text. */
  images: ReadonlyMap<string, PreviewImage> = new Map(),
): Promise<ArticleDetail | null> {
  const kind: ImportSourceKind = source.kind;
  const mapped = async (itemKind: 'category' | 'tag' | 'author' | 'post', ids: readonly string[]) => {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ sourceId: importItems.sourceId, entityId: importItems.entityId })
      .from(importItems)
      .where(and(eq(importItems.source, kind), eq(importItems.kind, itemKind), inArray(importItems.sourceId, [...ids])));
    const byId = new Map(rows.map((row) => [row.sourceId, row.entityId]));
    return ids.map((id) => byId.get(id)).filter((id): id is number => id !== undefined);
  };

  const [categoryId] = await mapped('category', post.categorySourceIds);
  const [category] =
    categoryId === undefined
      ? await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)).limit(1)
      : await db.select().from(categories).where(eq(categories.id, categoryId));
  if (!category) return null;

  const authorIds = await mapped('author', post.authorSourceIds);
  const signed =
    authorIds.length > 0
      ? await db.select().from(authors).where(inArray(authors.id, authorIds))
      : await db.select().from(authors).orderBy(asc(authors.id)).limit(1);
  const ordered = authorIds.length > 0 ? authorIds.map((id) => signed.find((a) => a.id === id)).filter((a) => a !== undefined) : signed;
  const bylines: Author[] = ordered.map((a) => ({ slug: a.slug, name: a.name, role: a.role }));
  const author: Author = bylines[0] ?? { slug: 'redaction', name: 'La rédaction', role: '' };

  const tagIds = await mapped('tag', post.tagSourceIds);
  const tagRows = tagIds.length > 0 ? await db.select().from(tags).where(inArray(tags.id, tagIds)) : [];
  const publicTags: Tag[] = tagIds
    .map((id) => tagRows.find((t) => t.id === id))
    .filter((t) => t !== undefined && !t.internal)
    .map((t) => ({ slug: t?.slug ?? '', name: t?.name ?? '' }));

  // The body through the same allow-list as the sync; an image that could not be had becomes its alt text.
  const converted = htmlToDoc(post.bodyHtml, { baseUrl: source.siteUrl });
  const absolute = (url: string) => {
    try {
      return new URL(url, `${source.siteUrl}/`).href;
    } catch {
      return url;
    }
  };
  const served = new Map<number, LibraryImage>();
  const withImages = replaceImportImages(converted.doc, (src) => {
    const found = images.get(absolute(src));
    if (!found) return null;
    if (found.kind === 'library') return { mediaId: found.image.id, src: found.image.url };
    const id = PREVIEW_ID_BASE + found.n;
    served.set(id, previewLibraryImage(found, id));
    return { mediaId: id, src: found.url };
  });
  const doc = await linksToFront(db, source.siteUrl, withImages);
  const library = await libraryImagesOf(db, doc);
  const checked = checkDoc(doc, (id) => served.get(id) ?? library.get(id));
  const blocks = (checked.ok ? checked.blocks : []).map((block) =>
    block.type === 'image' && block.mediaId > PREVIEW_ID_BASE ? { ...block, mediaId: block.mediaId - PREVIEW_ID_BASE } : block,
  );

  const title = plainText(post.title).slice(0, 300) || '(sans titre)';
  const slug = slugify(post.slug || title).slice(0, 120) || 'apercu';
  const [copy] = await mapped('post', [post.sourceId]);
  const [known] =
    copy === undefined ? [] : await db.select({ id: newsroomArticles.id }).from(newsroomArticles).where(eq(newsroomArticles.id, copy));
  const date = post.publishedAt ?? post.updatedAt ?? now;
  const alt = plainText(post.featureImage?.alt ?? '').slice(0, 1000) || title;
  const main = post.featureImage ? images.get(absolute(post.featureImage.url)) : undefined;
  const mainImage =
    main?.kind === 'library'
      ? { url: main.image.url, alt, width: main.image.width, height: main.image.height }
      : main?.kind === 'preview'
        ? { url: main.url, alt, width: main.width, height: main.height }
        : { url: `/media/svg/article/${slug}.svg`, alt, width: 1200, height: 800 };
  return {
    ...toArticleCard({
      // Only the page's own markers read it: the copy's id when the post was on the site before, else any positive number.
      id: known?.id ?? 1,
      url: slug,
      title,
      subtitle: plainText(post.excerpt).slice(0, 600),
      mainImage,
      stamp: null,
      publishedAt: date,
      readingMinutes: readingMinutes(blocks),
      categorySlug: category.slug,
      categoryName: category.name,
    }),
    category: toCategory(category),
    author,
    authors: bylinesOf(author, bylines),
    tags: publicTags,
    body: blocks,
    updatedAt: (post.updatedAt ?? date).toISOString(),
    ...(post.seoTitle || post.seoDescription
      ? { seo: { title: plainText(post.seoTitle).slice(0, 200), description: plainText(post.seoDescription).slice(0, 400), image: null } }
      : {}),
  };
}
