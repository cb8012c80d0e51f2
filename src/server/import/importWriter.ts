/**
 * Stores what an import reader emits (issue 20): authors, categories, tags, then posts and pages as
 * newsroom articles, their images in the media library, their old addresses in the redirect table. Each
 * item is written in its own transaction: a failure is reported and the rest goes on, and an import cut
 * short (kill -9) is simply run again — every item keeps its source id in `import_items`, so nothing is
 * created twice and an unchanged item is not written again. A dry run does all of it inside one
 * transaction that is rolled back (each item in a savepoint), so that its report is the real one.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ContentBlock, Image } from '../../api/types.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { RecordPurge } from '../cache/cacheTags.ts';
import {
  articleBylines,
  articles,
  articleTags,
  authors,
  categories,
  type ImportItemKind,
  importItems,
  type NewsroomStatus,
  newsroomArticles,
  type RichTextNode,
  tags,
} from '../../db/schema.ts';
import { audit } from '../newsroom/audit.server.ts';
import { keepOldAddress, publishArticleCopy, withdrawArticleCopy } from '../newsroom/articles/articleReaderCopy.ts';
import { checkDocWithLibrary } from '../newsroom/bodyImages.server.ts';
import type { MediaStorage } from '../newsroom/mediaStorage.ts';
import { slugify, uniqueSlug } from '../newsroom/slugs.ts';
import { normaliseRedirectPath, reservedPathReason } from '../redirects/redirectPaths.ts';
import { type RedirectOrigin, saveImportedRedirect } from '../redirects/redirectStore.server.ts';
import { htmlToDoc, replaceImportImages } from './htmlToDoc.ts';
import { type DownloadAccess, importImageLibrary, type ImportImageLibrary, noStorage, REFUSED_ADDRESS } from './importImages.ts';
import type { ImportAuthor, ImportEvent, ImportPost, ImportSource, ImportTerm } from './importModel.ts';
import { type ImportReport, newReport, type ReportLine, record } from './importReport.ts';
import { plainText } from './plainText.ts';
import { lockSourceItem } from './sourceItemLock.ts';
import { frontAddressOf, rewriteOldSiteLinks } from './oldSiteLinks.ts';
import { writeSourcePage } from './sourcePageWriter.ts';
import { DEFAULT_UPLOAD_LIMITS } from '../config/newsroomConfig.ts';
import type { UploadLimits } from '../newsroom/media/uploadRules.ts';

type Tx = Transaction;
type Db = Database | Tx;

export interface ImportOptions {
  dryRun: boolean;
  /** Where posts without a category go (a category's slug); default: the first category. */
  categorySlug?: string | null;
  /** Pages of the source come in as drafts of this category; without it they are skipped and listed. */
  pagesCategorySlug?: string | null;
  /** Download images the export does not hold (default true). */
  download?: boolean;
  storage: MediaStorage;
  /** The media library's limits (default: MEDIA_MAX_BYTES… unset). */
  limits?: UploadLimits;
  now?: () => Date;
  /** Where image downloads may go (OUTBOUND_ALLOW_HOSTS); default: public addresses only. */
  access?: DownloadAccess;
  /** Called after every post or page: how many are done, of how many (null when unknown). */
  onProgress?: (done: number, total: number | null) => void;
  /**
   * Called in the transaction of each item that changed what readers see: records the CDN's purge (`site`,
   * decision 032) with it, so an import cut short by a crash leaves nothing stale at the CDN.
   */
  recordPurge?: RecordPurge;
  /**
   * A live source's sync (issue 35, decision 036) rather than a one-off import: each post's copy is marked with
   * the source's own `updated_at`, and a post older than the copy is never written over it — checked inside the
   * post's own transaction, under a lock on that source item, so that a webhook in one process and a pass in
   * another cannot interleave between the check and the write. A published copy's slug change keeps the old
   * address (one 301) in the same transaction.
   */
  live?: {
    /** A post the copy already holds in a newer version: left alone (counted by the sync). */
    onOlder: (post: ImportPost) => void;
  };
}

export interface ImportResult {
  report: ImportReport;
  /** true when readers' pages changed (the caller purges the page cache on every process). */
  publicChange: boolean;
}

const DEFAULT_COLOR = '#8E244D';
const IMPORT_ROLE = 'Rédaction';
const MAX_TITLE = 300;
const MAX_SUBTITLE = 600;

class DryRunRollback extends Error {}

/** Everything one run knows: the source's ids → ours, the images stored, the report. */
interface RunState {
  source: ImportSource;
  options: ImportOptions;
  now: Date;
  report: ImportReport;
  images: ImportImageLibrary;
  authorIds: Map<string, number>;
  categoryIds: Map<string, number>;
  categoryNames: Map<string, string>;
  tagIds: Map<string, number>;
  /** Articles whose links name old addresses not imported yet, for the pass after the last post. */
  touched: number[];
  /** Category id → slug (an article's address), and old path → new address, as learnt during the run. */
  categorySlugs: Map<number, string>;
  newAddresses: Map<string, string>;
  /** The current item's addresses, known to the others once it commits. */
  pendingAddresses: [string, string][];
  publicChange: boolean;
  defaultCategoryId: number | null;
  pagesCategoryId: number | null;
}

export async function runImport(db: Database, source: ImportSource, options: ImportOptions): Promise<ImportResult> {
  const now = (options.now ?? (() => new Date()))();
  const report = newReport(source.kind, options.dryRun, now);
  const state: RunState = {
    source,
    options,
    now,
    report,
    images: importImageLibrary(source, {
      download: options.download ?? true,
      storage: options.dryRun ? noStorage : options.storage,
      now,
      ...(options.access ? { access: options.access } : {}),
      limits: options.limits ?? DEFAULT_UPLOAD_LIMITS,
    }),
    authorIds: new Map(),
    categoryIds: new Map(),
    categoryNames: new Map(),
    tagIds: new Map(),
    touched: [],
    categorySlugs: new Map(),
    newAddresses: new Map(),
    pendingAddresses: [],
    publicChange: false,
    defaultCategoryId: null,
    pagesCategoryId: null,
  };
  const work = async (outer: Db, itemTx: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>) => {
    state.defaultCategoryId = await categoryIdOf(outer, options.categorySlug ?? null, true);
    state.pagesCategoryId = options.pagesCategorySlug ? await categoryIdOf(outer, options.pagesCategorySlug, false) : null;
    if (options.categorySlug && state.defaultCategoryId === null) {
      throw new ImportOptionError(`La rubrique « ${options.categorySlug} » n’existe pas.`);
    }
    if (options.pagesCategorySlug && state.pagesCategoryId === null) {
      throw new ImportOptionError(`La rubrique « ${options.pagesCategorySlug} » (--pages-category) n’existe pas.`);
    }
    let done = 0;
    let nextAnalyse = FIRST_ANALYSE;
    for await (const event of source.events()) {
      if (event.type === 'skipped') {
        record(report, { ...event.skipped, outcome: 'skipped', reasons: [event.skipped.reason] });
        continue;
      }
      const line = await inItem(state, itemTx, baseLine(event), async (tx) => {
        if (event.type === 'author') return importAuthor(tx, state, event.author);
        if (event.type === 'category') return importCategory(tx, state, event.term);
        if (event.type === 'tag') return importTag(tx, state, event.term);
        return importPost(tx, state, event.post);
      });
      record(report, line);
      if (event.type === 'post') {
        options.onProgress?.(++done, source.postCount);
        if (done === nextAnalyse) {
          await analyseGrowingTables(outer);
          nextAnalyse *= 2;
        }
      }
    }
    for (const id of state.touched) {
      await inItem(state, itemTx, { kind: 'post', sourceId: String(id), title: '' }, (tx) =>
        rewriteInternalLinks(tx, state.source.siteUrl, state.now, id),
      ).then((line) => {
        if (line.outcome === 'failed') record(report, line);
      });
    }
    if (!options.dryRun) {
      // The run's summary line: each item was audited in its own transaction; this one gets its own too.
      const detail = { source: source.kind, counts: report.counts };
      await itemTx((tx) => audit(tx, null, { action: 'import.run', entity: 'import', detail }, now));
    }
  };
  if (options.dryRun) {
    await db
      .transaction(async (outer) => {
        await work(outer, (fn) => outer.transaction(fn));
        throw new DryRunRollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof DryRunRollback)) throw error;
      });
  } else {
    await work(db, (fn) => db.transaction(fn));
  }
  report.finishedAt = new Date().toISOString();
  return { report, publicChange: state.publicChange && !options.dryRun };
}

/**
 * PGlite has no autovacuum, so the statistics of the tables an import fills stay those of the empty
 * tables: PostgreSQL then keeps its cached foreign-key plans (every byline, tag and redirect checks its
 * article) as sequential scans, and each post costs more than the last. Analysing after 100, 200, 400…
 * posts keeps the plans on the indexes at a logarithmic cost.
 */
const FIRST_ANALYSE = 100;
async function analyseGrowingTables(db: Db): Promise<void> {
  await db.execute(
    sql`ANALYZE newsroom_articles, articles, article_bylines, article_tags, redirects, import_items, article_slug_redirects`,
  );
}

/** A bad option (an unknown category): one sentence, nothing written. */
export class ImportOptionError extends Error {}

/** One item in its own transaction (or savepoint): its failure is a report line, never the run's end. */
async function inItem(
  state: RunState,
  itemTx: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  base: Pick<ReportLine, 'kind' | 'sourceId' | 'title'>,
  write: (tx: Tx) => Promise<ReportLine>,
): Promise<ReportLine> {
  const touchedBefore = state.touched.length;
  const publicBefore = state.publicChange;
  try {
    const line = await itemTx(async (tx) => {
      state.publicChange = false;
      const written = await write(tx);
      const mine = state.publicChange;
      state.publicChange = publicBefore || mine;
      // Last in the item's transaction (the outbox's rows are locked in one order: cdnPurgeOutbox.ts).
      if (mine) await state.options.recordPurge?.(tx);
      return written;
    });
    state.images.keep();
    for (const [path, address] of state.pendingAddresses) state.newAddresses.set(path, address);
    state.pendingAddresses = [];
    return line;
  } catch (error) {
    state.images.forget();
    state.pendingAddresses = [];
    state.touched.length = touchedBefore;
    state.publicChange = publicBefore;
    if (error instanceof ItemFailure) return error.line;
    return { ...base, outcome: 'failed', reasons: [`erreur inattendue : ${(error as Error).message.slice(0, 200)}`] };
  }
}

/** How the report names an event's item before it is written. */
function baseLine(event: Exclude<ImportEvent, { type: 'skipped' }>): Pick<ReportLine, 'kind' | 'sourceId' | 'title'> {
  if (event.type === 'author') return { kind: 'author', sourceId: event.author.sourceId, title: plainText(event.author.name) };
  if (event.type === 'post') return { kind: event.post.kind, sourceId: event.post.sourceId, title: plainText(event.post.title) };
  return { kind: event.type, sourceId: event.term.sourceId, title: plainText(event.term.name) };
}

/** Thrown inside an item's transaction to roll it back and report it. */
class ItemFailure extends Error {
  readonly line: ReportLine;
  constructor(line: ReportLine) {
    super(line.reasons.join(' ; '));
    this.line = line;
  }
}

async function categoryIdOf(db: Db, slug: string | null, fallbackToFirst: boolean): Promise<number | null> {
  if (slug) {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
    return row?.id ?? null;
  }
  if (!fallbackToFirst) return null;
  const [first] = await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.position), asc(categories.id)).limit(1);
  return first?.id ?? null;
}

const checksumOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

async function knownItem(db: Db, state: RunState, kind: ImportItemKind, sourceId: string) {
  const [row] = await db
    .select()
    .from(importItems)
    .where(and(eq(importItems.source, state.source.kind), eq(importItems.kind, kind), eq(importItems.sourceId, sourceId)));
  return row ?? null;
}

async function rememberItem(db: Db, state: RunState, kind: ImportItemKind, sourceId: string, entityId: number, checksum: string) {
  await db
    .insert(importItems)
    .values({ source: state.source.kind, kind, sourceId, entityId, checksum, importedAt: state.now })
    .onConflictDoUpdate({
      target: [importItems.source, importItems.kind, importItems.sourceId],
      set: { entityId, checksum, importedAt: state.now },
    });
}

const origin = (state: RunState): RedirectOrigin => `import:${state.source.kind}`;

async function importAuthor(tx: Tx, state: RunState, author: ImportAuthor): Promise<ReportLine> {
  const name = plainText(author.name).slice(0, 200) || author.slug || author.sourceId;
  const line: ReportLine = { kind: 'author', sourceId: author.sourceId, title: name, outcome: 'imported', reasons: [] };
  const checksum = checksumOf(author);
  const known = await knownItem(tx, state, 'author', author.sourceId);
  if (known) {
    const [row] = await tx.select({ id: authors.id }).from(authors).where(eq(authors.id, known.entityId));
    if (row) {
      state.authorIds.set(author.sourceId, row.id);
      if (known.checksum === checksum) return { ...line, outcome: 'unchanged' };
      await tx.update(authors).set({ name }).where(eq(authors.id, row.id));
      await rememberItem(tx, state, 'author', author.sourceId, row.id, checksum);
      return { ...line, outcome: 'updated' };
    }
  }
  const base = slugify(author.slug || name) || 'signature';
  // The same person already signing here (same address, same name) is the same byline.
  const [same] = await tx.select().from(authors).where(eq(authors.slug, base));
  let id: number;
  if (same && same.name.toLowerCase() === name.toLowerCase()) {
    id = same.id;
  } else {
    const slug = await uniqueSlug(
      base,
      async (s) => (await tx.select({ id: authors.id }).from(authors).where(eq(authors.slug, s))).length > 0,
    );
    const [made] = await tx.insert(authors).values({ slug, name, role: IMPORT_ROLE }).returning({ id: authors.id });
    if (!made) throw new Error('author insert returned nothing');
    id = made.id;
  }
  state.authorIds.set(author.sourceId, id);
  await rememberItem(tx, state, 'author', author.sourceId, id, checksum);
  return line;
}

async function importCategory(tx: Tx, state: RunState, term: ImportTerm): Promise<ReportLine> {
  const name = plainText(term.name).slice(0, 120) || term.slug;
  const line: ReportLine = { kind: 'category', sourceId: term.sourceId, title: name, outcome: 'imported', reasons: [] };
  if (term.parentSourceId) {
    const parent = state.categoryNames.get(term.parentSourceId);
    line.reasons.push(`sous-rubrique${parent ? ` de « ${parent} »` : ''} : mise au premier niveau`);
  }
  state.categoryNames.set(term.sourceId, name);
  const checksum = checksumOf(term);
  const known = await knownItem(tx, state, 'category', term.sourceId);
  let id: number | null = null;
  if (known) {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, known.entityId));
    if (row) {
      state.categoryIds.set(term.sourceId, row.id);
      if (known.checksum === checksum) return { ...line, outcome: 'unchanged', reasons: [] };
      id = row.id;
      line.outcome = 'updated';
    }
  }
  let slug = slugify(term.slug || name) || 'rubrique';
  if (id === null) {
    if (reservedPathReason(`/${slug}`) !== null) slug = `${slug}-rubrique`;
    // A category of the same address is the same category (e.g. "mode"): posts join it.
    const [same] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
    if (same) {
      id = same.id;
    } else {
      const [position] = await tx.select({ max: sql<number>`coalesce(max(${categories.position}), 0)` }).from(categories);
      const [made] = await tx
        .insert(categories)
        .values({
          slug,
          name,
          description: plainText(term.description).slice(0, 500),
          color: DEFAULT_COLOR,
          position: Number(position?.max ?? 0) + 1,
        })
        .returning({ id: categories.id });
      if (!made) throw new Error('category insert returned nothing');
      id = made.id;
    }
  } else {
    const [row] = await tx.select({ slug: categories.slug }).from(categories).where(eq(categories.id, id));
    slug = row?.slug ?? slug;
  }
  state.categoryIds.set(term.sourceId, id);
  await redirectOldUrls(tx, state, term.oldUrls, { toPath: `/${slug}` }, line, `/${slug}`);
  await rememberItem(tx, state, 'category', term.sourceId, id, checksum);
  return line;
}

async function importTag(tx: Tx, state: RunState, term: ImportTerm): Promise<ReportLine> {
  const name = plainText(term.name).slice(0, 120) || term.slug;
  const line: ReportLine = { kind: 'tag', sourceId: term.sourceId, title: name, outcome: 'imported', reasons: [] };
  const checksum = checksumOf(term);
  const known = await knownItem(tx, state, 'tag', term.sourceId);
  if (known) {
    const [row] = await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, known.entityId));
    if (row) {
      state.tagIds.set(term.sourceId, row.id);
      if (known.checksum === checksum) return { ...line, outcome: 'unchanged' };
      await tx.update(tags).set({ name, internal: term.internal }).where(eq(tags.id, row.id));
      await rememberItem(tx, state, 'tag', term.sourceId, row.id, checksum);
      return { ...line, outcome: 'updated' };
    }
  }
  const slug = slugify(term.slug || name) || 'tag';
  const [made] = await tx
    .insert(tags)
    .values({ slug, name, internal: term.internal })
    .onConflictDoUpdate({ target: tags.slug, set: { name } })
    .returning({ id: tags.id });
  if (!made) throw new Error('tag insert returned nothing');
  state.tagIds.set(term.sourceId, made.id);
  if (term.internal) line.reasons.push('tag interne : jamais montré aux lectrices');
  // Old tag pages (/tag/slug/) land on ours, /tag/slug, by the trailing-slash rule; other paths get a row.
  const others = term.oldUrls.filter((url) => !url.replace(/^https?:\/\/[^/]+/, '').startsWith(`/tag/${slug}`));
  if (!term.internal) await redirectOldUrls(tx, state, others, { toPath: `/tag/${slug}` }, line, `/tag/${slug}`);
  await rememberItem(tx, state, 'tag', term.sourceId, made.id, checksum);
  return line;
}

async function redirectOldUrls(
  tx: Tx,
  state: RunState,
  urls: readonly string[],
  target: { articleId: number } | { toPath: string },
  line: ReportLine,
  ownAddress: string,
) {
  for (const from of urls) {
    // The old address may already be the new one (same permalink structure): nothing to redirect.
    if (normaliseRedirectPath(from) === ownAddress) continue;
    const saved = await saveImportedRedirect(tx, { from, ...target }, origin(state));
    if (!saved.ok) line.reasons.push(`ancienne adresse ${from} non redirigée${'message' in saved ? ` : ${saved.message}` : ''}`);
  }
}

const STATUS_REASONS: Partial<Record<ImportPost['status'], string>> = {
  private: 'privé dans la source : importé en brouillon',
  password: 'protégé par un mot de passe dans la source : importé en brouillon',
  members: 'réservé aux abonnés dans la source : gardé hors du site, en brouillon',
};

async function importPost(tx: Tx, state: RunState, post: ImportPost): Promise<ReportLine> {
  const title = plainText(post.title).slice(0, MAX_TITLE);
  const line: ReportLine = { kind: post.kind, sourceId: post.sourceId, title, outcome: 'imported', reasons: [] };
  const fail = (reason: string): never => {
    throw new ItemFailure({ ...line, outcome: 'failed', reasons: [...line.reasons, reason] });
  };
  if (post.status === 'trash') return { ...line, outcome: 'skipped', reasons: ['à la corbeille dans la source'] };
  if (post.kind === 'page' && state.options.live) return importSourcePage(tx, state, post);
  if (post.kind === 'page' && state.pagesCategoryId === null) {
    return { ...line, outcome: 'skipped', reasons: ['page : indiquez --pages-category RUBRIQUE pour l’importer en brouillon'] };
  }
  const badDate = (date: Date | null) => date !== null && Number.isNaN(date.getTime());
  if (badDate(post.publishedAt) || badDate(post.updatedAt)) fail('date de publication illisible');
  const checksum = checksumOf(post);
  const live = state.options.live;
  // Every writer of this source item (a webhook, a pass, in any process) waits here for the one before it, so the
  // copy read below is the last committed one, even for a post not yet in (no row to lock).
  if (live) await lockSourceItem(tx, state.source.kind, post.sourceId);
  const known = await knownItem(tx, state, post.kind, post.sourceId);
  const current = known
    ? ((await tx.select().from(newsroomArticles).where(eq(newsroomArticles.id, known.entityId)).for('update'))[0] ?? null)
    : null;
  if (live && current?.sourceUpdatedAt && post.updatedAt && post.updatedAt < current.sourceUpdatedAt) {
    // Equal is let through: WordPress keeps modifications to the second; the checksum tells a same-second edit.
    live.onOlder(post);
    return { ...line, outcome: 'unchanged' };
  }
  if (current && known?.checksum === checksum) {
    if (live && current.sourceKind === null) {
      // A copy imported before the site followed its source: marked now, nothing else changes.
      await tx
        .update(newsroomArticles)
        .set({ sourceKind: state.source.kind, sourceId: post.sourceId, sourceUpdatedAt: post.updatedAt })
        .where(eq(newsroomArticles.id, current.id));
    }
    return { ...line, outcome: 'unchanged' };
  }

  // Category: the first the source names; the others are said.
  const categoryIds = post.categorySourceIds.map((id) => state.categoryIds.get(id)).filter((id): id is number => id !== undefined);
  let categoryId = post.kind === 'page' ? state.pagesCategoryId : (categoryIds[0] ?? state.defaultCategoryId);
  if (post.kind === 'post' && categoryIds.length > 1) {
    const names = post.categorySourceIds.slice(1).map((id) => state.categoryNames.get(id) ?? id);
    line.reasons.push(`plusieurs rubriques : gardée la première, pas ${names.map((n) => `« ${n} »`).join(', ')}`);
  }
  if (categoryId === null) categoryId = await archivesCategory(tx, line);
  const authorIds = [...new Set(post.authorSourceIds.map((id) => state.authorIds.get(id)).filter((id): id is number => id !== undefined))];
  if (authorIds.length === 0) authorIds.push(await fallbackAuthor(tx));
  const tagIds = [...new Set(post.tagSourceIds.map((id) => state.tagIds.get(id)).filter((id): id is number => id !== undefined))];

  const { doc, blocks, unresolved } = await importBody(tx, state, post, title, line, fail);
  const mainImage = await mainImageOf(tx, state, post, title, line);
  const slug = await uniqueSlug(
    slugify(post.slug || title).slice(0, 120) || `article-${post.sourceId}`.replace(/[^a-z0-9-]/g, ''),
    async (s) =>
      (await tx.select({ id: newsroomArticles.id }).from(newsroomArticles).where(eq(newsroomArticles.slug, s))).some(
        (r) => r.id !== current?.id,
      ),
  );
  const statusReason = STATUS_REASONS[post.status];
  if (statusReason) line.reasons.push(statusReason);
  if (post.kind === 'page') line.reasons.push('page : importée en brouillon');
  const status: NewsroomStatus =
    post.kind === 'page'
      ? 'draft'
      : post.status === 'published'
        ? 'published'
        : post.status === 'scheduled' && post.publishedAt
          ? 'scheduled'
          : 'draft';
  const publishedAt = post.publishedAt ?? post.updatedAt ?? state.now;
  const fields = {
    slug,
    status,
    categoryId,
    authorId: authorIds[0] as number,
    title: title || '(sans titre)',
    subtitle: plainText(post.excerpt).slice(0, MAX_SUBTITLE),
    mainImage,
    doc,
    seoTitle: plainText(post.seoTitle).slice(0, 200),
    seoDescription: plainText(post.seoDescription).slice(0, 400),
    scheduledAt: status === 'scheduled' ? publishedAt : null,
    publishedAt: status === 'published' ? publishedAt : null,
    updatedAt: post.updatedAt ?? publishedAt,
    ...(live ? { sourceKind: state.source.kind, sourceId: post.sourceId, sourceUpdatedAt: post.updatedAt } : {}),
  };
  if (!title) line.reasons.push('sans titre dans la source');
  let row: typeof newsroomArticles.$inferSelect | undefined;
  if (current) {
    [row] = await tx
      .update(newsroomArticles)
      .set({ ...fields, version: current.version + 1 })
      .where(eq(newsroomArticles.id, current.id))
      .returning();
    line.outcome = 'updated';
  } else {
    [row] = await tx
      .insert(newsroomArticles)
      .values({ ...fields, createdAt: publishedAt })
      .returning();
  }
  if (!row) throw new Error('article write returned nothing');
  if (live && current && current.status === 'published' && row.status === 'published' && current.slug !== row.slug) {
    // The old address keeps answering: one 301 to the new one, as a newsroom slug change does.
    await keepOldAddress(tx, row.id, current.slug, state.now);
  }
  // A new row has no bylines or tags yet: the deletes are for updates only.
  if (current) await tx.delete(articleBylines).where(eq(articleBylines.articleId, row.id));
  await tx.insert(articleBylines).values(authorIds.map((authorId, position) => ({ articleId: row.id, authorId, position })));
  if (current) await tx.delete(articleTags).where(eq(articleTags.articleId, row.id));
  if (tagIds.length > 0) await tx.insert(articleTags).values(tagIds.map((tagId, position) => ({ articleId: row.id, tagId, position })));
  const categorySlug = await categorySlugOf(tx, state, row.categoryId);
  if (row.status === 'published') {
    await publishArticleCopy(tx, row, state.now, { blocks, categorySlug });
    state.publicChange = true;
  } else if (current && (await tx.select({ id: articles.id }).from(articles).where(eq(articles.id, row.id))).length > 0) {
    await withdrawArticleCopy(tx, row);
    state.publicChange = true;
  }
  const address = `/${categorySlug}/${row.slug}`;
  await redirectOldUrls(tx, state, post.oldUrls, { articleId: row.id }, line, address);
  if (row.status === 'published') {
    for (const old of post.oldUrls) {
      const path = normaliseRedirectPath(old);
      if (path) state.pendingAddresses.push([path, address]);
    }
  }
  await rememberItem(tx, state, post.kind, post.sourceId, row.id, checksum);
  await audit(
    tx,
    null,
    { action: 'article.import', entity: 'article', entityId: row.id, detail: { source: state.source.kind, sourceId: post.sourceId } },
    state.now,
  );
  if (unresolved) state.touched.push(row.id);
  return line;
}

/**
 * A post's or page's body: the source's HTML through the editor's allow-list (what is left out is said), its
 * images into the media library once each, links to posts already in rewritten to their new addresses (those to
 * posts further in the source wait for the last pass: `unresolved`), then the editor's own document check.
 */
async function importBody(
  tx: Tx,
  state: RunState,
  post: ImportPost,
  title: string,
  line: ReportLine,
  fail: (reason: string) => never,
): Promise<{ doc: RichTextNode; blocks: ContentBlock[]; unresolved: boolean }> {
  const converted = htmlToDoc(post.bodyHtml, { baseUrl: state.source.siteUrl });
  for (const dropped of [...(post.bodyDropped ?? []), ...converted.dropped]) line.reasons.push(`retiré du texte : ${dropped}`);
  const found = new Map<string, { mediaId: number; src: string }>();
  for (const image of converted.images) {
    if (found.has(image.url)) continue;
    const outcome = await state.images.image(tx, image.url, image.alt || title);
    if (outcome.ok) found.set(image.url, outcome.entry);
    else line.reasons.push(outcome.reason);
  }
  const withImages = replaceImportImages(converted.doc, (src) => found.get(src) ?? null);
  const { doc, unresolved } = await linksToNewAddresses(tx, state, withImages);
  const checked = await checkDocWithLibrary(tx, doc);
  if (!checked.ok) return fail(`texte refusé : ${checked.message}`);
  return { doc: checked.doc, blocks: checked.blocks, unresolved };
}

/** A live source's page (decision 036): its own table, with this writer's body, images and redirects. */
async function importSourcePage(tx: Tx, state: RunState, post: ImportPost): Promise<ReportLine> {
  const live = state.options.live;
  if (!live) throw new Error('source pages are written by a live source only');
  const written = await writeSourcePage(
    tx,
    {
      sourceKind: state.source.kind,
      now: state.now,
      onOlder: live.onOlder,
      body: (p, title, line, fail) => importBody(tx, state, p, title, line, fail),
      mainImage: (p, title, line) => mainImageOf(tx, state, p, title, line),
      redirectOldUrls: (urls, toPath, line) => redirectOldUrls(tx, state, urls, { toPath }, line, toPath),
    },
    post,
    (line) => new ItemFailure(line),
  );
  if (written.publicChange) state.publicChange = true;
  return written.line;
}

async function categorySlugOf(tx: Tx, state: RunState, id: number): Promise<string> {
  const known = state.categorySlugs.get(id);
  if (known !== undefined) return known;
  const [row] = await tx.select({ slug: categories.slug }).from(categories).where(eq(categories.id, id));
  const slug = row?.slug ?? '';
  state.categorySlugs.set(id, slug);
  return slug;
}

/**
 * Links to the old site rewritten to the new addresses known so far (this run's posts, then the redirect
 * table); `unresolved` when some old-site link found none yet.
 */
async function linksToNewAddresses(tx: Tx, state: RunState, doc: RichTextNode): Promise<{ doc: RichTextNode; unresolved: boolean }> {
  return rewriteOldSiteLinks(doc, state.source.siteUrl, async (path) => state.newAddresses.get(path) ?? (await frontAddressOf(tx, path)));
}

/** The featured image from the library, or the site's own drawing when it cannot be had (said). */
async function mainImageOf(tx: Tx, state: RunState, post: ImportPost, title: string, line: ReportLine): Promise<Image> {
  const alt = plainText(post.featureImage?.alt ?? '').slice(0, 1000) || title || 'Illustration';
  if (post.featureImage) {
    const outcome = await state.images.image(tx, post.featureImage.url, alt);
    if (outcome.ok) return { url: outcome.entry.src, alt, width: outcome.entry.width, height: outcome.entry.height };
    line.reasons.push(
      outcome.refused ? `Image principale ignorée : ${REFUSED_ADDRESS} : ${post.featureImage.url}` : `image principale : ${outcome.reason}`,
    );
  }
  const key = slugify(post.slug || title).slice(0, 120) || 'article';
  return { url: `/media/svg/article/${key}.svg`, alt, width: 1200, height: 800 };
}

/**
 * Where a post goes when the source names no category and the magazine has none yet (a Ghost export into
 * a new magazine): one "Archives" category, made once, said in the report.
 */
async function archivesCategory(tx: Tx, line: ReportLine): Promise<number> {
  line.reasons.push('aucune rubrique : rangé dans « Archives »');
  const [existing] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'archives'));
  if (existing) return existing.id;
  const [made] = await tx
    .insert(categories)
    .values({ slug: 'archives', name: 'Archives', description: 'Les articles de l’ancien site.', color: DEFAULT_COLOR, position: 1 })
    .returning({ id: categories.id });
  if (!made) throw new Error('category insert returned nothing');
  return made.id;
}

/** The byline of an article whose authors the source does not name: the magazine's first signature. */
async function fallbackAuthor(tx: Tx): Promise<number> {
  const [first] = await tx.select({ id: authors.id }).from(authors).orderBy(asc(authors.id)).limit(1);
  if (first) return first.id;
  const [made] = await tx
    .insert(authors)
    .values({ slug: 'redaction', name: 'La rédaction', role: IMPORT_ROLE })
    .returning({ id: authors.id });
  if (!made) throw new Error('author insert returned nothing');
  return made.id;
}

/**
 * Links between imported posts point at the old site: once every post is in, each link whose old address
 * is in the redirect table is rewritten to the address it redirects to (no reader goes through a 301).
 */
async function rewriteInternalLinks(tx: Tx, siteUrl: string | null, now: Date, id: number): Promise<ReportLine> {
  const line: ReportLine = { kind: 'post', sourceId: String(id), title: '', outcome: 'updated', reasons: [] };
  const [row] = await tx.select().from(newsroomArticles).where(eq(newsroomArticles.id, id));
  if (!row?.doc) return line;
  const { doc, changed } = await rewriteOldSiteLinks(row.doc, siteUrl, (path) => frontAddressOf(tx, path));
  if (!changed) return line;
  const [updated] = await tx.update(newsroomArticles).set({ doc }).where(eq(newsroomArticles.id, id)).returning();
  if (updated?.status === 'published') await publishArticleCopy(tx, updated, now);
  return line;
}

/**
 * The same last pass for articles written by other runs (a live source's first synchronisation, resumed over
 * several passes): true when a link was rewritten.
 */
export async function rewriteLinksToNewAddresses(db: Database, siteUrl: string, id: number, now: Date): Promise<boolean> {
  const docOf = async () =>
    (await db.select({ doc: newsroomArticles.doc }).from(newsroomArticles).where(eq(newsroomArticles.id, id)))[0]?.doc;
  const before = JSON.stringify(await docOf());
  await db.transaction((tx) => rewriteInternalLinks(tx, siteUrl, now, id));
  return JSON.stringify(await docOf()) !== before;
}
