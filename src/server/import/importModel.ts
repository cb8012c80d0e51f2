/**
 * What every import reader (WordPress's WXR, Ghost's JSON) turns its file into, and all the writer knows
 * of a source (issue 20). Readers parse and normalise; they never touch the database. The writer
 * (importWriter.ts) stores these items, one transaction each, and reports on every one.
 */
import type { ImportSourceKind } from '../../db/schema.ts';

export type { ImportSourceKind };

/** A person named on posts. Never a staff account: no e-mail, no password is kept. */
export interface ImportAuthor {
  sourceId: string;
  slug: string;
  name: string;
}

/** A category or a tag. */
export interface ImportTerm {
  sourceId: string;
  slug: string;
  name: string;
  description: string;
  /** WordPress's parent category (flattened by the writer, said in the report). */
  parentSourceId: string | null;
  /** Ghost's `#internal` tags: kept, never shown. */
  internal: boolean;
  /** The term's old public addresses (absolute URLs or paths), answered with a 301 to its new page. */
  oldUrls: string[];
}

/** An image a post names: where it came from, and how to get its bytes. */
export interface ImportImage {
  /** The address in the source (absolute, or relative to the site). */
  url: string;
  alt: string;
  caption: string;
}

/**
 * `members`: published for a Ghost site's members or paying subscribers only (`visibility` not `public`). Read
 * without a member's session, its body is only the free preview: kept off the site (decision 036).
 */
export type ImportPostStatus = 'published' | 'draft' | 'scheduled' | 'private' | 'password' | 'members' | 'trash';

export interface ImportPost {
  sourceId: string;
  kind: 'post' | 'page';
  title: string;
  slug: string;
  status: ImportPostStatus;
  /** Publication date (the scheduled date for a scheduled post). */
  publishedAt: Date | null;
  updatedAt: Date | null;
  /** The excerpt (→ the subtitle). */
  excerpt: string;
  seoTitle: string;
  seoDescription: string;
  authorSourceIds: string[];
  categorySourceIds: string[];
  tagSourceIds: string[];
  /**
   * The body as HTML, already rendered from the source's own format (Gutenberg blocks and shortcodes,
   * wpautop, Ghost's lexical / mobiledoc). Untrusted: it goes through htmlToDoc's allow-list.
   */
  bodyHtml: string;
  /**
   * What the reader itself dropped while rendering bodyHtml (shortcodes, unknown blocks…), one short English
   * description each, for the report; htmlToDoc's own `dropped` comes on top.
   */
  bodyDropped?: string[];
  featureImage: ImportImage | null;
  /** Every old public address of the post (permalink, `?p=ID`, …); the writer adds /amp/ and /feed/ variants. */
  oldUrls: string[];
}

/** Something in the file that is not imported at all (comments, menus, custom post types…), counted. */
export interface ImportSkipped {
  kind: string;
  sourceId: string;
  title: string;
  reason: string;
}

export type ImportEvent =
  | { type: 'author'; author: ImportAuthor }
  | { type: 'category'; term: ImportTerm }
  | { type: 'tag'; term: ImportTerm }
  | { type: 'post'; post: ImportPost }
  | { type: 'skipped'; skipped: ImportSkipped };

/** A source file, opened and checked. */
export interface ImportSource {
  kind: ImportSourceKind;
  /** The old site's address (WXR's `base_site_url`, Ghost's `url` setting) when the file says it. */
  siteUrl: string | null;
  /** How many posts and pages the file holds, when known before reading (for the progress bar). */
  postCount: number | null;
  /**
   * Every item, in an order the writer can follow: authors, categories and tags before the posts that
   * name them. Streams: a large file is never held whole in memory. Throws ImportFileError on a file
   * that is not what it says (the first bad byte ends the import with that sentence).
   */
  events(): AsyncIterable<ImportEvent>;
  /**
   * The bytes of an image the file names, from the export itself (WordPress `--uploads`, the Ghost
   * zip's `content/images/`) — null when the file does not hold it (the writer may then download it).
   */
  readImage(url: string): Promise<Uint8Array | null>;
  close(): Promise<void>;
}

/** A file that cannot be imported: one sentence, nothing written. `message` is French. */
export class ImportFileError extends Error {}
