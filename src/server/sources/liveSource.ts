/**
 * A CMS a team already runs (Ghost, WordPress), read continuously into the local store (issue 35). The sync keeps a
 * local copy so that search, the page cache, feeds, sitemaps and every page work unchanged and a source outage costs
 * readers nothing. Adapters speak their CMS's HTTP API (through the guarded outbound fetch, decision 026) and hand the
 * sync the importers' own model (importModel.ts): the same writer rules, allow-list and image handling as an import.
 */
import type { ImportAuthor, ImportPost, ImportTerm } from '../import/importModel.ts';

export type ContentSourceKind = 'piquante' | 'ghost' | 'wordpress';

/** Everything the posts name, read whole (small sets, paged inside the adapter). */
export interface SourceTerms {
  authors: ImportAuthor[];
  categories: ImportTerm[];
  tags: ImportTerm[];
}

/** A draft of the source, listed for its preview (issue 35). */
export interface SourceDraft {
  sourceId: string;
  /** Plain text (WordPress's HTML entities decoded). */
  title: string;
  updatedAt: Date | null;
}

/** One page of posts changed since a cursor, oldest change first. */
export interface ChangedPosts {
  posts: ImportPost[];
  /**
   * Where the next call resumes (opaque to the sync, stored after the page is written). null: caught up, and the
   * sync keeps the cursor it gave (an adapter that can say where the next poll starts returns it with `caughtUp`).
   */
  next: string | null;
  /** true: nothing more to read now; the sync stores `next` for its next poll. Absent: caught up when `next` is null. */
  caughtUp?: boolean;
  /** How many posts the whole read holds, when the source says (the first synchronisation's progress). */
  total?: number | null;
}

/**
 * The source cannot be read now (unreachable, too slow, an error status, an answer that is not what it should be).
 * `message` is one French sentence for the newsroom and the log, never a key or a password.
 */
export class SourceUnavailable extends Error {}

/** What a verified webhook says happened; the sync then reads the post itself (never trusts the body's copy). */
export type SourceWebhookEvent =
  | { type: 'post.changed'; sourceId: string }
  | { type: 'post.deleted'; sourceId: string }
  | { type: 'terms.changed' }
  | { type: 'ignored'; reason: string };

/** A webhook that cannot be trusted (bad or missing signature, too old): 401, nothing changed. */
export class WebhookRefused extends Error {}

export interface LiveSource {
  readonly kind: Exclude<ContentSourceKind, 'piquante'>;
  /** For the newsroom: « Ghost », « WordPress ». */
  readonly label: string;
  /** The source's public address (links between its posts are rewritten to the front's addresses). */
  readonly siteUrl: string;
  terms(signal: AbortSignal): Promise<SourceTerms>;
  /** Published posts and pages changed after `cursor` (null: from the beginning), a bounded page at a time. */
  changedPosts(cursor: string | null, signal: AbortSignal): Promise<ChangedPosts>;
  /** The ids of every post and page published now, in pages (the reconciliation pass: the rest was unpublished or deleted). */
  publishedIds(signal: AbortSignal): AsyncIterable<string[]>;
  /** One post, whatever its status when `drafts` (previews; needs the admin credentials), else published only; null when gone. */
  post(sourceId: string, options: { drafts: boolean }, signal: AbortSignal): Promise<ImportPost | null>;
  /** Whether drafts can be read (Ghost's Admin API key, WordPress's application password): previews need it. */
  readonly readsDrafts: boolean;
  /** The drafts most recently changed, newest first (at most `limit`); [] without the credentials. */
  drafts(limit: number, signal: AbortSignal): Promise<SourceDraft[]>;
  /** Where an editor changes this post in the source's own admin. */
  editUrl(sourceId: string): string;
  /** An image's bytes (null when it is not an image or cannot be read). */
  readImage(url: string, signal: AbortSignal): Promise<Uint8Array | null>;
  /** Verifies and reads a webhook delivery; absent for sources without webhooks (WordPress core). Throws WebhookRefused. */
  parseWebhook?(headers: Headers, rawBody: Uint8Array): SourceWebhookEvent;
}
