/**
 * WordPress's REST answers (`/wp-json/wp/v2/…`) into the importers' model. Every field is checked: an item that
 * is not what WordPress sends is left out (and named), never half-read. Titles come HTML-encoded (`&#038;`,
 * `&rsquo;`): the writer's plainText decodes them; a trashed post's slug ends in `__trashed` (removed here).
 */
import { z } from 'zod';
import type { ImportAuthor, ImportImage, ImportPost, ImportPostStatus, ImportTerm } from '../../import/importModel.ts';
import { plainText } from '../../import/plainText.ts';
import type { SourceDraft } from '../liveSource.ts';

const rendered = z.object({ rendered: z.string().max(20_000_000).catch('') }).partial();
const id = z.number().int().positive();

const postSchema = z.object({
  id,
  type: z.string().optional(),
  status: z.string(),
  slug: z.string().max(2000).catch(''),
  link: z.string().max(2000).optional().catch(undefined),
  date_gmt: z.string().nullable().optional(),
  /** The site's local time: what `modified_after` compares with (column post_modified, not its _gmt). */
  modified: z.string().nullable().optional(),
  modified_gmt: z.string().nullable().optional(),
  title: rendered.optional(),
  excerpt: rendered.optional(),
  content: z.object({ rendered: z.string().max(20_000_000).optional(), protected: z.boolean().optional() }).optional(),
  author: z.number().int().nonnegative().optional().catch(undefined),
  categories: z.array(id).max(1000).optional().catch([]),
  tags: z.array(id).max(1000).optional().catch([]),
  featured_media: z.number().int().nonnegative().optional().catch(0),
  yoast_head_json: z
    .object({ title: z.string().max(2000).optional().catch(undefined), description: z.string().max(5000).optional().catch(undefined) })
    .passthrough()
    .nullable()
    .optional()
    .catch(null),
  _embedded: z
    .object({
      'wp:featuredmedia': z
        .array(
          z
            .object({
              id: z.number().optional(),
              source_url: z.string().max(4000).optional(),
              alt_text: z.string().max(4000).optional().catch(''),
              caption: rendered.optional().catch(undefined),
              media_type: z.string().optional(),
            })
            .passthrough(),
        )
        .optional()
        .catch(undefined),
    })
    .passthrough()
    .optional()
    .catch(undefined),
});

export type WordPressPost = z.infer<typeof postSchema>;

const termSchema = z.object({
  id,
  slug: z.string().max(2000),
  name: z.string().max(2000),
  description: z.string().max(100_000).optional().catch(''),
  parent: z.number().int().nonnegative().optional().catch(0),
  link: z.string().max(2000).optional().catch(undefined),
});

const userSchema = z.object({ id, slug: z.string().max(2000), name: z.string().max(2000) });

const STATUSES: Record<string, ImportPostStatus> = {
  publish: 'published',
  future: 'scheduled',
  draft: 'draft',
  pending: 'draft',
  'auto-draft': 'draft',
  private: 'private',
  trash: 'trash',
};

/** WordPress's `*_gmt` fields are UTC without a zone (`2026-05-01T10:00:00`). */
function gmtDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The list's items read one by one: the ones that are not a post (or a term) are named, the rest kept. */
export function readItems<T>(body: unknown, schema: z.ZodType<T>, what: string): { items: T[]; refused: string[] } {
  if (!Array.isArray(body)) return { items: [], refused: [`${what} : la réponse n’est pas une liste`] };
  const items: T[] = [];
  const refused: string[] = [];
  body.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) items.push(parsed.data);
    else {
      const rawId = typeof raw === 'object' && raw && 'id' in raw ? String((raw as { id: unknown }).id).slice(0, 40) : `n° ${index + 1}`;
      refused.push(`${what} ${rawId} illisible, ignoré`);
    }
  });
  return { items, refused };
}

/** A draft as listed for previews (`_fields=id,title,modified_gmt`). */
const draftSchema = z.object({
  id,
  title: rendered.optional().catch(undefined),
  modified_gmt: z.string().max(64).nullable().optional().catch(null),
});

export const wordpressSchemas = { post: postSchema, term: termSchema, user: userSchema, draft: draftSchema };

/** A listed draft: the title's HTML entities decoded (WordPress sends `&#038;`, `&rsquo;`). */
export function toSourceDraft(draft: z.infer<typeof draftSchema>): SourceDraft {
  return { sourceId: String(draft.id), title: plainText(draft.title?.rendered ?? ''), updatedAt: gmtDate(draft.modified_gmt) };
}

export function toImportTerm(term: z.infer<typeof termSchema>): ImportTerm {
  return {
    sourceId: String(term.id),
    slug: term.slug,
    name: term.name,
    description: term.description ?? '',
    parentSourceId: term.parent ? String(term.parent) : null,
    internal: false,
    oldUrls: term.link ? [term.link] : [],
  };
}

export function toImportAuthor(user: z.infer<typeof userSchema>): ImportAuthor {
  return { sourceId: String(user.id), slug: user.slug, name: user.name };
}

function featureImageOf(post: WordPressPost): ImportImage | null {
  const media = post._embedded?.['wp:featuredmedia']?.[0];
  if (!media?.source_url || (media.media_type && media.media_type !== 'image')) return null;
  return { url: media.source_url, alt: media.alt_text ?? '', caption: plainText(media.caption?.rendered ?? '') };
}

/** A post (or page) of the REST API as the importers' post. */
export function toImportPost(post: WordPressPost): ImportPost {
  let status = STATUSES[post.status] ?? 'draft';
  if (status === 'published' && post.content?.protected) status = 'password';
  const yoast = post.yoast_head_json ?? null;
  const oldUrls = post.link && status === 'published' ? [post.link] : [];
  return {
    sourceId: String(post.id),
    kind: post.type === 'page' ? 'page' : 'post',
    title: post.title?.rendered ?? '',
    slug: post.slug.replace(/__trashed(-\d+)?$/, ''),
    status,
    publishedAt: gmtDate(post.date_gmt),
    updatedAt: gmtDate(post.modified_gmt),
    excerpt: post.excerpt?.rendered ?? '',
    seoTitle: yoast?.title ?? '',
    seoDescription: yoast?.description ?? '',
    authorSourceIds: post.author ? [String(post.author)] : [],
    categorySourceIds: (post.categories ?? []).map(String),
    tagSourceIds: (post.tags ?? []).map(String),
    // Protected posts' content is not given without the password: nothing of it is shown.
    bodyHtml: post.content?.protected ? '' : (post.content?.rendered ?? ''),
    featureImage: featureImageOf(post),
    oldUrls,
  };
}
