/**
 * The small tables of a Ghost export, read in the first pass and kept in memory (a few bytes per
 * post): who wrote what, which tags go where, the SEO fields that Ghost ≥ 4 keeps in `posts_meta`.
 */
import { isRecord } from './html.ts';

export interface GhostUser {
  id: string;
  slug: string;
  name: string;
}

export interface GhostTag {
  id: string;
  slug: string;
  name: string;
  description: string;
  internal: boolean;
}

/** The `posts_meta` fields the reader uses, by post id. */
export interface GhostPostMeta {
  metaTitle: string | null;
  metaDescription: string | null;
  featureImageAlt: string | null;
  featureImageCaption: string | null;
  /** A newsletter sent by e-mail only: it never had a page on the site. */
  emailOnly: boolean;
}

export interface GhostTables {
  version: string | null;
  users: GhostUser[];
  tags: GhostTag[];
  /** Tag ids and author ids per post id, in Ghost's `sort_order`. */
  tagsByPost: Map<string, string[]>;
  authorsByPost: Map<string, string[]>;
  metaByPost: Map<string, GhostPostMeta>;
  settings: Map<string, string>;
  postCount: number;
}

export const SMALL_TABLES = new Set(['users', 'tags', 'posts_tags', 'posts_authors', 'posts_meta', 'settings']);

export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

export class GhostTablesBuilder {
  readonly tables: GhostTables = {
    version: null,
    users: [],
    tags: [],
    tagsByPost: new Map(),
    authorsByPost: new Map(),
    metaByPost: new Map(),
    settings: new Map(),
    postCount: 0,
  };
  private readonly tagLinks: { post: string; id: string; order: number }[] = [];
  private readonly authorLinks: { post: string; id: string; order: number }[] = [];

  meta(meta: unknown): void {
    if (isRecord(meta)) this.tables.version = str(meta.version);
  }

  row(table: string, row: unknown): void {
    if (!isRecord(row)) return;
    const id = str(row.id);
    switch (table) {
      case 'users':
        if (id) this.tables.users.push({ id, slug: str(row.slug) ?? id, name: str(row.name) ?? '' });
        return;
      case 'tags': {
        if (!id) return;
        const name = str(row.name) ?? '';
        this.tables.tags.push({
          id,
          slug: str(row.slug) ?? id,
          name,
          description: str(row.description) ?? '',
          internal: row.visibility === 'internal' || name.startsWith('#'),
        });
        return;
      }
      case 'posts_tags':
        link(this.tagLinks, row, 'tag_id');
        return;
      case 'posts_authors':
        link(this.authorLinks, row, 'author_id');
        return;
      case 'posts_meta': {
        const post = str(row.post_id);
        if (post) {
          this.tables.metaByPost.set(post, {
            metaTitle: str(row.meta_title),
            metaDescription: str(row.meta_description),
            featureImageAlt: str(row.feature_image_alt),
            featureImageCaption: str(row.feature_image_caption),
            emailOnly: row.email_only === true || row.email_only === 1,
          });
        }
        return;
      }
      case 'settings': {
        const key = str(row.key);
        const value = str(row.value);
        if (key && value !== null) this.tables.settings.set(key, value);
        return;
      }
    }
  }

  countPost(): void {
    this.tables.postCount++;
  }

  finish(): GhostTables {
    group(this.tagLinks, this.tables.tagsByPost);
    group(this.authorLinks, this.tables.authorsByPost);
    return this.tables;
  }
}

function link(into: { post: string; id: string; order: number }[], row: Record<string, unknown>, key: string): void {
  const post = str(row.post_id);
  const id = str(row[key]);
  if (post && id) into.push({ post, id, order: typeof row.sort_order === 'number' ? row.sort_order : 0 });
}

function group(links: { post: string; id: string; order: number }[], into: Map<string, string[]>): void {
  // A stable sort: rows with the same order keep the file's order.
  links.sort((a, b) => a.order - b.order);
  for (const { post, id } of links) {
    const list = into.get(post);
    if (list) list.push(id);
    else into.set(post, [id]);
  }
}
