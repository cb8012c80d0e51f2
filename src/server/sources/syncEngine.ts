/**
 * The live sources' sync (issue 35, decision 036): a local copy of a Ghost or a WordPress, kept in the store
 * the newsroom uses, written by the importers' own writer (importWriter.ts: the allow-list, the media
 * library, the redirects, one transaction per item, idempotent by source id). Then search, the page cache,
 * feeds, sitemaps and every page work unchanged, and a source outage costs readers nothing.
 *
 * A pass reads the source's terms and the posts changed since the stored cursor, page after page, storing
 * the cursor after each page (a first synchronisation cut short resumes there). A post older than the copy
 * (a late answer, a replayed webhook) is never written over it. Every so often a reconciliation lists what the
 * source publishes: local copies it no longer lists are unpublished (404, out of search, feeds and sitemaps),
 * and published posts the copy lacks are read. Each change purges exactly the cache tags it touched.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  articleBylines,
  articles,
  articleTags,
  authors,
  categories,
  type ImportSourceKind,
  importItems,
  newsroomArticles,
  sourcePages,
  tags,
} from '../../db/schema.ts';
import { cacheTag, type ContentChanged } from '../cache/cacheTags.ts';
import type { ImportEvent, ImportPost, ImportSource } from '../import/importModel.ts';
import { articleCacheTags } from '../newsroom/articles/articleCacheTags.ts';
import { lockSourceItem } from '../import/sourceItemLock.ts';
import { withdrawArticleCopy } from '../newsroom/articles/articleReaderCopy.ts';
import type { UploadLimits } from '../newsroom/media/uploadRules.ts';
import type { MediaStorage } from '../newsroom/mediaStorage.ts';
import { audit } from '../newsroom/audit.server.ts';
import type { RecordPurge } from '../cache/cacheTags.ts';
import type { ChangedPosts, LiveSource, SourceTerms } from './liveSource.ts';
import { readSyncState, recordSyncFailure, recordSyncSuccess, saveSyncProgress } from './syncState.ts';

export interface SourceSyncDeps {
  db: Database;
  source: LiveSource;
  storage: MediaStorage;
  limits: UploadLimits;
  now: () => Date;
  /** The content purge of newsroom writes (decision 032), IndexNow after it. */
  contentChanged: ContentChanged;
  /**
   * The CDN's outbox (decision 032): each post's write records it in its own transaction (the importers' writer
   * does, as `site`), and the exact tags of a pass are recorded again before the pages are purged.
   */
  recordPurge?: RecordPurge;
  /** SOURCE_RECONCILE_SECONDS. */
  reconcileSeconds: number;
  log?: (line: string) => void;
}

export interface PassOutcome {
  ok: boolean;
  /** Posts written (new or changed) and unpublished by this pass. */
  written: number;
  unpublished: number;
  /** Posts the source sent that were older than the copy: left alone. */
  older: number;
  error?: string;
}

export type ChangeOutcome = 'written' | 'unchanged' | 'older' | 'unpublished' | 'absent';

export interface SourceSync {
  readonly kind: ImportSourceKind;
  /** One poll: terms, changed posts, and the reconciliation when due (or asked). Never throws. */
  poll(options?: { reconcile?: boolean }): Promise<PassOutcome>;
  /** A webhook said post `sourceId` changed: it is read from the source itself (never from the webhook's body). */
  applySourceChange(sourceId: string): Promise<ChangeOutcome>;
  /** A webhook said post `sourceId` was deleted or unpublished: the copy leaves the front (404). */
  applySourceDeletion(sourceId: string): Promise<ChangeOutcome>;
}

/** A reconciliation that finds the source publishing nothing at all while the copy holds this many is not believed. */
const SUSPICIOUS_EMPTY = 3;
/** Published posts the copy lacks, read per reconciliation (the next ones come with the next). */
const MISSING_PER_PASS = 200;

interface LocalCopy {
  id: number;
  slug: string;
  status: string;
  version: number;
  sourceUpdatedAt: Date | null;
}

const checksumOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

export function createSourceSync(deps: SourceSyncDeps): SourceSync {
  const { db, source } = deps;
  const kind: ImportSourceKind = source.kind;
  const log = deps.log ?? ((line: string) => console.log(line));
  let lastTermsKey: string | null = null;
  /** Authors gone from the source but kept (still signing): said once per process, looked at again each reconciliation. */
  const saidKept = new Set<string>();
  // One pass or change at a time in this process (the job queue keeps one per site across processes).
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };

  /** The copy of post `sourceId` (by the writer's own key: an earlier import of the same site counts). */
  async function localCopy(sourceId: string): Promise<LocalCopy | null> {
    const [row] = await db
      .select({
        id: newsroomArticles.id,
        slug: newsroomArticles.slug,
        status: newsroomArticles.status,
        version: newsroomArticles.version,
        sourceUpdatedAt: newsroomArticles.sourceUpdatedAt,
      })
      .from(importItems)
      .innerJoin(newsroomArticles, eq(newsroomArticles.id, importItems.entityId))
      .where(and(eq(importItems.source, kind), eq(importItems.kind, 'post'), eq(importItems.sourceId, sourceId)));
    return row ?? null;
  }

  /** The copy of page `sourceId` (decision 036: pages have their own table). */
  async function localPage(sourceId: string): Promise<LocalCopy | null> {
    const [row] = await db
      .select({
        id: sourcePages.id,
        slug: sourcePages.slug,
        status: sourcePages.status,
        version: sourcePages.version,
        sourceUpdatedAt: sourcePages.sourceUpdatedAt,
      })
      .from(sourcePages)
      .where(and(eq(sourcePages.sourceKind, kind), eq(sourcePages.sourceId, sourceId)));
    return row ?? null;
  }

  /** A page's address and the pages sitemap: what a page's change purges. */
  const pageTags = (copy: LocalCopy | null) => (copy ? [cacheTag.page(copy.slug), cacheTag.pages] : []);

  /** A batch written by the importers' writer: the terms, then the posts the pages hold. */
  async function write(
    terms: SourceTerms,
    pages: AsyncIterable<ImportPost[]>,
    counts: { written: number; older: number },
    touched: Set<string>,
  ): Promise<void> {
    const { runImport } = await import('../import/importWriter.ts');
    const afterPost = async (post: ImportPost, before: LocalCopy | null, tagsBefore: string[]) => {
      // The writer marked the copy and kept the old address in the post's own transaction (importWriter's `live`).
      const after = post.kind === 'page' ? await localPage(post.sourceId) : await localCopy(post.sourceId);
      if (!after) return;
      const changed = !before || before.version !== after.version || before.status !== after.status;
      if (!changed) return;
      counts.written++;
      const tagsAfter = post.kind === 'page' ? pageTags(after) : await articleCacheTags(db, after.id);
      for (const tag of [...tagsBefore, ...tagsAfter]) touched.add(tag);
    };
    const events = async function* (): AsyncIterable<ImportEvent> {
      for (const author of terms.authors) yield { type: 'author', author };
      for (const term of terms.categories) yield { type: 'category', term };
      for (const term of terms.tags) yield { type: 'tag', term };
      for await (const posts of pages) {
        for (const post of posts) {
          const before = post.kind === 'page' ? await localPage(post.sourceId) : await localCopy(post.sourceId);
          // A shortcut only (no image is read for an older answer): the check that holds across processes is the
          // writer's own, inside the post's transaction.
          if (before?.sourceUpdatedAt && post.updatedAt && post.updatedAt < before.sourceUpdatedAt) {
            counts.older++;
            continue;
          }
          const tagsBefore = post.kind === 'page' ? pageTags(before) : before ? await articleCacheTags(db, before.id) : [];
          yield { type: 'post', post };
          // Here the writer has committed the post (or reported it): its copy is marked and its tags collected.
          await afterPost(post, before, tagsBefore);
        }
      }
    };
    const importSource: ImportSource = {
      kind,
      siteUrl: source.siteUrl,
      postCount: null,
      events,
      readImage: (url) => source.readImage(url, new AbortController().signal),
      close: async () => {},
    };
    const { report } = await runImport(db, importSource, {
      dryRun: false,
      // Images come only through the adapter (its host allowed, its bounds): never a second download.
      download: false,
      storage: deps.storage,
      limits: deps.limits,
      now: deps.now,
      ...(deps.recordPurge ? { recordPurge: deps.recordPurge } : {}),
      live: {
        onOlder: () => {
          counts.older++;
        },
      },
    });
    const termCounts = ['author', 'category', 'tag'].map((k) => report.counts[k]).filter(Boolean);
    if (termCounts.some((c) => c && c.imported + c.updated > 0)) {
      // A renamed category, tag or signature shows on its page, in menus and on every card: said as `site`.
      touched.add(cacheTag.site);
    }
    for (const line of report.lines) {
      if (line.outcome === 'failed')
        log(`[sources] ${source.label} ${line.kind} ${line.sourceId} not written: ${line.reasons.join(' ; ')}`);
    }
  }

  /**
   * Withdraws the copy of `sourceId`. `seenVersion` is the copy's version read before the source was asked: a copy
   * written since (a webhook in another process bringing a newer version while this one read an older list) is
   * left alone — checked inside the transaction, the row locked, so the two cannot interleave.
   */
  async function unpublish(sourceId: string, touched: Set<string>, seenVersion?: number): Promise<boolean> {
    const copy = await localCopy(sourceId);
    if (!copy) return unpublishPage(sourceId, touched, seenVersion);
    if (copy.status !== 'published' && copy.status !== 'scheduled') return false;
    const tagsBefore = await articleCacheTags(db, copy.id);
    const now = deps.now();
    const done = await db.transaction(async (tx) => {
      await lockSourceItem(tx, kind, sourceId);
      const [locked] = await tx
        .select({ status: newsroomArticles.status, version: newsroomArticles.version })
        .from(newsroomArticles)
        .where(eq(newsroomArticles.id, copy.id))
        .for('update');
      if (!locked || (locked.status !== 'published' && locked.status !== 'scheduled')) return false;
      if (seenVersion !== undefined && locked.version !== seenVersion) return false;
      const [row] = await tx
        .update(newsroomArticles)
        .set({ status: 'unpublished', version: sql`${newsroomArticles.version} + 1`, scheduledAt: null, updatedAt: now })
        .where(eq(newsroomArticles.id, copy.id))
        .returning();
      if (!row) return false;
      await withdrawArticleCopy(tx, row);
      // Published again later, the post is written again whatever its checksum.
      await tx
        .update(importItems)
        .set({ checksum: '' })
        .where(and(eq(importItems.source, kind), eq(importItems.kind, 'post'), eq(importItems.sourceId, sourceId)));
      await audit(
        tx,
        null,
        { action: 'article.source-unpublished', entity: 'article', entityId: row.id, detail: { source: kind, sourceId } },
        now,
      );
      return true;
    });
    if (done) for (const tag of tagsBefore) touched.add(tag);
    return done;
  }

  /** The same for a page: it leaves its address (404) and the pages sitemap. */
  async function unpublishPage(sourceId: string, touched: Set<string>, seenVersion?: number): Promise<boolean> {
    const page = await localPage(sourceId);
    if (page?.status !== 'published') return false;
    const done = await db.transaction(async (tx) => {
      await lockSourceItem(tx, kind, sourceId);
      const [locked] = await tx
        .select({ status: sourcePages.status, version: sourcePages.version })
        .from(sourcePages)
        .where(eq(sourcePages.id, page.id))
        .for('update');
      if (locked?.status !== 'published' || (seenVersion !== undefined && locked.version !== seenVersion)) return false;
      // Published again later, the page is written again whatever its checksum.
      await tx
        .update(sourcePages)
        .set({ status: 'unpublished', checksum: '', version: sql`${sourcePages.version} + 1` })
        .where(eq(sourcePages.id, page.id));
      return true;
    });
    if (done) for (const tag of pageTags(page)) touched.add(tag);
    return done;
  }

  /**
   * Links between the source's posts lead to the front's addresses once every post is in: a first
   * synchronisation spread over several passes (resumed) rewrites them all when it ends.
   */
  async function linkEverything(touched: Set<string>): Promise<void> {
    const { rewriteLinksToNewAddresses } = await import('../import/importWriter.ts');
    const copies = await db
      .select({ id: newsroomArticles.id })
      .from(newsroomArticles)
      .where(and(eq(newsroomArticles.sourceKind, kind), eq(newsroomArticles.status, 'published')));
    for (const { id } of copies) {
      if (await rewriteLinksToNewAddresses(db, source.siteUrl, id, deps.now())) touched.add(cacheTag.article(id));
    }
  }

  async function purge(touched: Set<string>): Promise<void> {
    if (touched.size === 0) return;
    try {
      // Unpublishing and address changes are written outside the writer's transactions: recorded here.
      await deps.recordPurge?.(db, [...touched]);
      await deps.contentChanged([...touched]);
    } catch (error) {
      log(`[sources] purge failed: ${(error as Error).message}`);
    }
  }

  /**
   * Categories and tags the source no longer has (deleted there; for Ghost, a tag no post leads with any more is
   * no longer a category). A tag leaves the source's copies; the tag itself goes (its page 404, out of the
   * sitemap) unless the newsroom's own articles carry it. A category goes only when nothing holds it any more — no
   * article, copy or Piquante format (the database's own references say so): one still holding something is kept
   * and said once, and the copies move when their post is next written.
   */
  async function retireGoneTerms(terms: SourceTerms, touched: Set<string>): Promise<void> {
    const known = await db
      .select({ kind: importItems.kind, sourceId: importItems.sourceId, entityId: importItems.entityId })
      .from(importItems)
      .where(and(eq(importItems.source, kind), inArray(importItems.kind, ['tag', 'category'])));
    const present = { tag: new Set(terms.tags.map((t) => t.sourceId)), category: new Set(terms.categories.map((t) => t.sourceId)) };
    const held = known.filter((row) => row.kind === 'tag' || row.kind === 'category');
    // A source that suddenly lists no term at all while the copy holds several is not believed.
    if (present.tag.size + present.category.size === 0 && held.length >= SUSPICIOUS_EMPTY) return;
    for (const row of held) {
      const termKind = row.kind as 'tag' | 'category';
      if (present[termKind].has(row.sourceId)) continue;
      const forget = (tx: Database | Transaction) =>
        tx
          .delete(importItems)
          .where(and(eq(importItems.source, kind), eq(importItems.kind, termKind), eq(importItems.sourceId, row.sourceId)));
      if (termKind === 'tag') {
        await db.transaction(async (tx) => {
          const [tag] = await tx.select({ slug: tags.slug }).from(tags).where(eq(tags.id, row.entityId));
          const copies = tx.select({ id: newsroomArticles.id }).from(newsroomArticles).where(eq(newsroomArticles.sourceKind, kind));
          await tx.delete(articleTags).where(and(eq(articleTags.tagId, row.entityId), inArray(articleTags.articleId, copies)));
          const [own] = await tx
            .select({ id: articleTags.articleId })
            .from(articleTags)
            .where(eq(articleTags.tagId, row.entityId))
            .limit(1);
          if (!own) await tx.delete(tags).where(eq(tags.id, row.entityId));
          await forget(tx);
          if (tag) touched.add(cacheTag.tag(tag.slug));
        });
        touched.add(cacheTag.site);
        log(`[sources] ${source.label}: tag ${row.sourceId} gone from the source, retired`);
        continue;
      }
      const retired = await db
        .transaction(async (tx) => {
          await forget(tx);
          // Any row still pointing at the category (a copy, an article, a format) refuses the delete: kept.
          await tx.delete(categories).where(eq(categories.id, row.entityId));
          return true;
        })
        .catch(() => false);
      if (retired) {
        touched.add(cacheTag.site);
        log(`[sources] ${source.label}: category ${row.sourceId} gone from the source, retired`);
      } else {
        await forget(db);
        log(`[sources] ${source.label}: category ${row.sourceId} gone from the source, kept (it still holds articles or formats)`);
      }
    }
  }

  /**
   * Authors the source no longer lists (a WordPress user deleted, a Ghost staff user removed). One that no article
   * signs any more — no copy, no newsroom article, no reader's copy, no byline — is deleted: their page 404s and
   * leaves the sitemap. One still signing is kept, said once, and looked at again at each reconciliation (WordPress
   * gives a deleted user's posts to another, and the copies follow when their posts are next written). A staff
   * account's byline is kept too (the database refuses). A source that lists no author at all is not believed.
   */
  async function retireGoneAuthors(terms: SourceTerms, touched: Set<string>): Promise<void> {
    const known = await db
      .select({ sourceId: importItems.sourceId, entityId: importItems.entityId })
      .from(importItems)
      .where(and(eq(importItems.source, kind), eq(importItems.kind, 'author')));
    const present = new Set(terms.authors.map((a) => a.sourceId));
    if (present.size === 0 && known.length > 0) {
      if (!saidKept.has('')) log(`[sources] ${source.label} lists no author at all: not believed, no author retired`);
      saidKept.add('');
      return;
    }
    for (const row of known) {
      if (present.has(row.sourceId)) continue;
      const outcome = await db
        .transaction(async (tx) => {
          const id = row.entityId;
          const signs = await tx
            .select({ one: sql`1` })
            .from(newsroomArticles)
            .where(eq(newsroomArticles.authorId, id))
            .union(tx.select({ one: sql`1` }).from(articleBylines).where(eq(articleBylines.authorId, id)))
            .union(tx.select({ one: sql`1` }).from(articles).where(eq(articles.authorId, id)))
            .limit(1);
          if (signs.length > 0) return 'signs' as const;
          const [gone] = await tx.delete(authors).where(eq(authors.id, id)).returning({ slug: authors.slug });
          await tx
            .delete(importItems)
            .where(and(eq(importItems.source, kind), eq(importItems.kind, 'author'), eq(importItems.sourceId, row.sourceId)));
          return gone ?? null;
        })
        // Anything else still pointing at the author (a staff account's byline, a byline written meanwhile) refuses it.
        .catch(() => 'held' as const);
      if (outcome === 'signs' || outcome === 'held') {
        if (!saidKept.has(row.sourceId)) {
          log(`[sources] ${source.label}: author ${row.sourceId} gone from the source, kept (it still signs articles or a staff account)`);
        }
        saidKept.add(row.sourceId);
        continue;
      }
      saidKept.delete(row.sourceId);
      if (outcome) touched.add(cacheTag.author(outcome.slug));
      touched.add(cacheTag.site);
      log(`[sources] ${source.label}: author ${row.sourceId} gone from the source, retired`);
    }
  }

  /** Every published id of the source against the copy: gone ones unpublished, missing ones read. */
  async function reconcile(touched: Set<string>, counts: { written: number; older: number; unpublished: number }): Promise<void> {
    const signal = new AbortController().signal;
    // The copy is read before the source: a copy written after this (a webhook meanwhile) is not unpublished on
    // the strength of a list read before it (see `unpublish`).
    const local = [
      ...(await db
        .select({ sourceId: newsroomArticles.sourceId, status: newsroomArticles.status, version: newsroomArticles.version })
        .from(newsroomArticles)
        .where(eq(newsroomArticles.sourceKind, kind))),
      ...(await db
        .select({ sourceId: sourcePages.sourceId, status: sourcePages.status, version: sourcePages.version })
        .from(sourcePages)
        .where(eq(sourcePages.sourceKind, kind))),
    ];
    const remote = new Set<string>();
    for await (const ids of source.publishedIds(signal)) for (const id of ids) remote.add(id);
    // Scheduled copies are not listed as published by the source yet: only an explicit deletion withdraws them.
    const published = local.filter((row) => row.status === 'published');
    if (remote.size === 0 && published.length >= SUSPICIOUS_EMPTY) {
      log(`[sources] ${source.label} lists no published post at all: not believed, nothing unpublished`);
      return;
    }
    for (const row of published) {
      if (row.sourceId && !remote.has(row.sourceId) && (await unpublish(row.sourceId, touched, row.version))) counts.unpublished++;
    }
    const current = new Set(published.map((row) => row.sourceId));
    const missing = [...remote].filter((id) => !current.has(id)).slice(0, MISSING_PER_PASS);
    if (missing.length === 0) return;
    const terms = await source.terms(signal);
    const posts = async function* () {
      for (const id of missing) {
        const post = await source.post(id, { drafts: false }, signal);
        if (post) yield [post];
      }
    };
    await write(terms, posts(), counts, touched);
  }

  async function pass(forceReconcile: boolean): Promise<PassOutcome> {
    const counts = { written: 0, older: 0, unpublished: 0 };
    const touched = new Set<string>();
    const signal = new AbortController().signal;
    try {
      const state = await readSyncState(db, kind);
      const terms = await source.terms(signal);
      const termsKey = checksumOf(terms);
      let cursor = state.cursor;
      let postsDone = state.postsDone;
      const first = await source.changedPosts(cursor, signal);
      const caughtUp = (page: ChangedPosts) => page.caughtUp ?? page.next === null;
      if (first.posts.length > 0 || termsKey !== lastTermsKey || !caughtUp(first)) {
        const pages = async function* () {
          let page = first;
          for (;;) {
            yield page.posts;
            postsDone += page.posts.length;
            const next = page.next ?? cursor;
            const done = caughtUp(page);
            await saveSyncProgress(db, kind, {
              cursor: next,
              postsDone,
              ...(page.total !== undefined && page.total !== null ? { postsTotal: page.total } : {}),
              ...(done ? { firstSyncDone: deps.now() } : {}),
            });
            if (done && !state.firstSyncDoneAt) await linkEverything(touched);
            if (!state.firstSyncDoneAt)
              log(`[sources] ${source.label}: first synchronisation, ${postsDone} posts read${page.total ? ` of ${page.total}` : ''}`);
            // An adapter that would read the same page again is stopped here, not looped on.
            if (done || next === cursor) return;
            cursor = next;
            page = await source.changedPosts(cursor, signal);
          }
        };
        await write(terms, pages(), counts, touched);
      } else if (first.next && first.next !== cursor) {
        await saveSyncProgress(db, kind, { cursor: first.next, postsDone, firstSyncDone: deps.now() });
      } else if (!state.firstSyncDoneAt) {
        await saveSyncProgress(db, kind, { cursor, postsDone, firstSyncDone: deps.now() });
      }
      lastTermsKey = termsKey;
      const reconcileDue =
        forceReconcile || !state.lastReconcileAt || deps.now().getTime() - state.lastReconcileAt.getTime() >= deps.reconcileSeconds * 1000;
      if (reconcileDue) {
        await reconcile(touched, counts);
        await retireGoneTerms(terms, touched);
        await retireGoneAuthors(terms, touched);
      }
      await purge(touched);
      const outage = await recordSyncSuccess(db, kind, deps.now(), reconcileDue);
      if (outage) log(`[sources] ${source.label} answers again (unreachable since ${outage.toISOString()}); caught up`);
      if (counts.written + counts.unpublished > 0) {
        log(
          `[sources] ${source.label}: ${counts.written} written, ${counts.unpublished} unpublished${counts.older ? `, ${counts.older} older answers ignored` : ''}`,
        );
      }
      return { ok: true, ...counts };
    } catch (error) {
      // What was written before the failure stays (each post committed on its own); its pages are purged.
      await purge(touched);
      const message = (error as Error).message || 'erreur inconnue';
      const first = await recordSyncFailure(db, kind, deps.now(), message).catch(() => false);
      // Once per outage, not once per poll.
      if (first) log(`[sources] ${source.label} unreachable, the site serves what it has: ${message}`);
      return { ok: false, ...counts, error: message };
    }
  }

  return {
    kind,
    poll: (options = {}) => exclusive(() => pass(options.reconcile ?? false)),
    applySourceChange: (sourceId) =>
      exclusive(async () => {
        const signal = new AbortController().signal;
        const seen = (await localCopy(sourceId)) ?? (await localPage(sourceId));
        const post = await source.post(sourceId, { drafts: false }, signal);
        const touched = new Set<string>();
        if (!post) {
          const gone = await unpublish(sourceId, touched, seen?.version);
          await purge(touched);
          return gone ? 'unpublished' : 'absent';
        }
        const counts = { written: 0, older: 0 };
        const terms = await source.terms(signal);
        await write(
          terms,
          (async function* () {
            yield [post];
          })(),
          counts,
          touched,
        );
        await purge(touched);
        return counts.older > 0 ? 'older' : counts.written > 0 ? 'written' : 'unchanged';
      }),
    applySourceDeletion: (sourceId) =>
      exclusive(async () => {
        const touched = new Set<string>();
        const gone = await unpublish(sourceId, touched);
        await purge(touched);
        return gone ? 'unpublished' : 'absent';
      }),
  };
}
