/**
 * Ghost's Content and Admin API answers (`/ghost/api/content/posts/`, `…/tags/`, `…/authors/`) into the importers'
 * model. Every item is checked: one that is not what Ghost sends is left out and named, never half-read. Ghost
 * already renders bodies to HTML (`formats=html`); links and images in them are absolute (no `__GHOST_URL__`).
 *
 * Ghost has no categories: a post's primary tag (its first public tag, what Ghost's own themes show as the
 * section) becomes the post's category, its other public tags its tags, and `#internal` tags are kept hidden.
 */
import { z } from 'zod';
import type { ImportAuthor, ImportImage, ImportPost, ImportPostStatus, ImportTerm } from '../../import/importModel.ts';
import { plainText } from '../../import/plainText.ts';

/** Ghost's ids are ObjectIds (24 hex digits); anything else in an id is refused (they go into filters). */
export const GHOST_ID = /^[0-9a-f]{24}$/;
const id = z.string().regex(GHOST_ID);
const text = (max: number) => z.string().max(max).nullable().optional().catch(null);
const date = z
  .string()
  .max(64)
  .nullable()
  .optional()
  .catch(null)
  .transform((value) => {
    if (!value) return null;
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  });

const tagSchema = z.object({
  id,
  slug: z.string().min(1).max(2000),
  name: z.string().max(2000),
  description: text(100_000),
  visibility: z.string().max(40).optional().catch('public'),
  url: text(4000),
});

const authorSchema = z.object({ id, slug: z.string().min(1).max(2000), name: z.string().max(2000), url: text(4000) });

const postSchema = z.object({
  id,
  slug: z.string().min(1).max(2000),
  title: z.string().max(100_000).nullable().optional().catch(''),
  /** Content API: absent (published only). Admin API: published, draft, scheduled, sent. */
  status: z.string().max(40).optional(),
  html: z.string().max(20_000_000).nullable().optional(),
  custom_excerpt: text(100_000),
  excerpt: text(100_000),
  meta_title: text(2000),
  meta_description: text(5000),
  og_title: text(2000),
  og_description: text(5000),
  feature_image: text(4000),
  feature_image_alt: text(4000),
  feature_image_caption: text(20_000),
  published_at: date,
  updated_at: date,
  url: text(4000),
  visibility: z.string().max(40).optional().catch('public'),
  tags: z.array(z.unknown()).max(1000).optional().catch([]),
  authors: z.array(z.unknown()).max(1000).optional().catch([]),
});

export type GhostTag = z.infer<typeof tagSchema>;
export type GhostAuthor = z.infer<typeof authorSchema>;
export type GhostPost = z.infer<typeof postSchema>;

/** A draft as the Admin API lists it for previews (`fields=id,title,updated_at`). */
const draftSchema = z.object({ id, title: text(2000), updated_at: date });

export const ghostSchemas = { post: postSchema, tag: tagSchema, author: authorSchema, draft: draftSchema };

/** The list under `key` (`posts`, `tags`…) read item by item: those that are not what Ghost sends are named, the rest kept. */
export function readGhostList<T>(
  body: unknown,
  key: string,
  schema: z.ZodType<T>,
  what: string,
): { items: T[]; refused: string[]; list: boolean; total: number | null } {
  const list = isRecord(body) ? body[key] : undefined;
  if (!Array.isArray(list)) return { items: [], refused: [], list: false, total: null };
  const items: T[] = [];
  const refused: string[] = [];
  list.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) items.push(parsed.data);
    else {
      const rawId = isRecord(raw) && typeof raw.id === 'string' ? raw.id.slice(0, 40) : `n° ${index + 1}`;
      refused.push(`${what} ${rawId} illisible, ignoré`);
    }
  });
  const pagination = isRecord(body) && isRecord(body.meta) && isRecord(body.meta.pagination) ? body.meta.pagination : null;
  const total = pagination && typeof pagination.total === 'number' && Number.isFinite(pagination.total) ? pagination.total : null;
  return { items, refused, list: true, total };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Ghost's own rule, kept whatever the API says about visibility: a tag whose name starts with `#` is internal. */
export function isInternalTag(tag: Pick<GhostTag, 'name' | 'visibility'>): boolean {
  return tag.visibility === 'internal' || tag.name.startsWith('#');
}

export function toImportTerm(tag: GhostTag): ImportTerm {
  const internal = isInternalTag(tag);
  return {
    sourceId: tag.id,
    slug: tag.slug,
    name: tag.name,
    description: tag.description ?? '',
    parentSourceId: null,
    internal,
    // An internal tag never had a public page.
    oldUrls: internal ? [] : [tag.url ?? '', `/tag/${tag.slug}/`].filter(Boolean),
  };
}

export function toImportAuthor(author: GhostAuthor): ImportAuthor {
  return { sourceId: author.id, slug: author.slug, name: author.name };
}

/** The tags a post names, as Ghost sends them (checked one by one; a broken one is left out). */
export function postTags(post: GhostPost): GhostTag[] {
  return (post.tags ?? []).flatMap((raw) => {
    const parsed = tagSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

export function postAuthors(post: GhostPost): GhostAuthor[] {
  return (post.authors ?? []).flatMap((raw) => {
    const parsed = authorSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The post's section: its first public tag (Ghost's `primary_tag` is the first tag, and its themes skip internal ones). */
export function primaryTagOf(post: GhostPost): GhostTag | null {
  return postTags(post).find((tag) => !isInternalTag(tag)) ?? null;
}

const STATUSES: Record<string, ImportPostStatus> = {
  published: 'published',
  draft: 'draft',
  scheduled: 'scheduled',
  // A newsletter also published on the site; an e-mail-only one is `sent` and has no page.
  sent: 'draft',
};

/** A post (or page) of the Content or Admin API as the importers' post. */
export function toImportPost(post: GhostPost, kind: 'post' | 'page'): ImportPost {
  const tags = postTags(post);
  const primary = primaryTagOf(post);
  // The Content API lists published posts only and does not say so.
  const listed = post.status === undefined ? 'published' : (STATUSES[post.status] ?? 'draft');
  // Members-only and paid posts (`members`, `paid`, `tiers`): the API gives their free preview only, which
  // would stand on the site as the whole article. They stay off the front (decision 036).
  const status = listed === 'published' && post.visibility !== undefined && post.visibility !== 'public' ? 'members' : listed;
  const image = featureImage(post);
  return {
    sourceId: post.id,
    kind,
    title: post.title ?? '',
    slug: post.slug,
    status,
    publishedAt: post.published_at,
    updatedAt: post.updated_at,
    excerpt: post.custom_excerpt ?? '',
    seoTitle: post.meta_title ?? post.og_title ?? '',
    seoDescription: post.meta_description ?? post.og_description ?? '',
    authorSourceIds: postAuthors(post).map((author) => author.id),
    categorySourceIds: kind === 'post' && primary ? [primary.id] : [],
    // The primary tag is the category; the others (internal ones included, kept hidden by the writer) are tags.
    tagSourceIds: tags.filter((tag) => tag.id !== primary?.id).map((tag) => tag.id),
    bodyHtml: post.html ?? '',
    featureImage: image,
    oldUrls: status === 'published' ? [post.url ?? '', `/${post.slug}/`].filter(Boolean) : [],
  };
}

function featureImage(post: GhostPost): ImportImage | null {
  if (!post.feature_image) return null;
  return {
    url: post.feature_image,
    alt: post.feature_image_alt ?? '',
    // Ghost's captions are HTML (a credit with its link); the model's caption is text.
    caption: plainText(post.feature_image_caption ?? ''),
  };
}
