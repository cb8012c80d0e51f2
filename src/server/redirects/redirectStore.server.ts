/**
 * The redirect table (issue 20): old addresses of imported items, and those an editor adds, each answering
 * one 301 to a page of this site. Every write keeps the table free of chains and loops — a target that is
 * itself a source is followed to its end, and redirects that pointed at a new source are re-pointed past it
 * — so the request side (redirectAnswers.ts) never follows more than one row. Refusals are French
 * sentences (NewsroomResult 'bad'); nothing here throws on input.
 */
import { and, count, desc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { articles, categories, newsroomArticles, redirects } from '../../db/schema.ts';
import { findRedirect } from '../http/redirects.ts';
import { type AuditActor, audit } from '../newsroom/audit.server.ts';
import { type NewsroomResult, refused } from '../newsroom/newsroomResult.ts';
import { normaliseRedirectPath, normaliseRedirectTarget, reservedPathReason, withoutVariantSuffix } from './redirectPaths.ts';

export const REDIRECT_ORIGINS = ['import:wordpress', 'import:ghost', 'newsroom'] as const;
export type RedirectOrigin = (typeof REDIRECT_ORIGINS)[number];

/** The column is text: anything else than a known origin (a hand-made row) reads as the newsroom's. */
const originOf = (text: string): RedirectOrigin => REDIRECT_ORIGINS.find((origin) => origin === text) ?? 'newsroom';

/** An old address and where it goes: a newsroom article (followed wherever it moves) or a path of this site. */
export type RedirectInput = { from: string; articleId: number } | { from: string; toPath: string };

export interface RedirectItem {
  id: number;
  from: string;
  /** The current final address; null while the article it names is not published (no redirect then). */
  to: string | null;
  origin: RedirectOrigin;
  createdAt: string;
  articleId: number | null;
  title: string | null;
}

export interface RedirectWriteOptions {
  /** This site's address: an absolute target URL is accepted only on it. */
  siteUrl?: string | null;
  /**
   * Told after a write (purges pages and redirect lookups in every process: the server's announceContentChanged).
   * An import writing many rows may pass a no-op and announce once at the end.
   */
  changed: () => Promise<void> | void;
  /** Recorded in the audit log, in the write's transaction. */
  audit?: { who: AuditActor; at: Date };
}

type Target = { articleId: number; toPath: null } | { articleId: null; toPath: string };

/** Hops followed at write time before calling it a loop (the table holds no chain, so one is the rule). */
const MAX_HOPS = 20;

const messages = {
  from: "L'ancienne adresse doit être un chemin de page (par exemple /2019/05/mon-article/) ou une adresse web complète.",
  to: 'La nouvelle adresse doit être une page de ce site : un chemin commençant par « / ».',
  same: "La nouvelle adresse est l'ancienne : une redirection vers elle-même tournerait en rond.",
  loop: (to: string) => `La nouvelle adresse « ${to} » redirige déjà vers l'ancienne : cette redirection ferait une boucle.`,
  article: 'Cet article est introuvable.',
  category: (path: string) => `L'adresse « ${path} » est celle d'une rubrique : elle ne peut pas être redirigée.`,
  live: (path: string) => `L'adresse « ${path} » est celle d'un article publié : elle ne peut pas être redirigée.`,
  fixed: (path: string) => `L'adresse « ${path} » est déjà redirigée par la configuration du site.`,
} as const;

const addressOf = (slug: string | null, url: string | null) => (slug !== null && url !== null ? `/${slug}/${url}` : null);

/** Why `path` (normalised) is a live address of this site and may not be a source, or null. */
async function liveAddressReason(db: Database, path: string): Promise<string | null> {
  const reserved = reservedPathReason(path);
  if (reserved) return reserved;
  if (!path.startsWith('/?') && findRedirect(new URL(path, 'http://site.invalid'))) return messages.fixed(path);
  const segments = path.split('/').slice(1);
  if (segments.length === 1) {
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, segments[0] ?? ''));
    if (category) return messages.category(path);
  }
  if (segments.length === 2) {
    const [article] = await db
      .select({ id: articles.id })
      .from(articles)
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .where(and(eq(categories.slug, segments[0] ?? ''), eq(articles.url, segments[1] ?? '')));
    if (article) return messages.live(path);
  }
  return null;
}

/** The end of the chain starting at `target` (as stored rows point), or a refusal when it comes back to `from`. */
async function finalTarget(db: Database, from: string, target: Target): Promise<NewsroomResult<Target>> {
  let current = target;
  const seen = new Set([from]);
  for (let hop = 0; current.toPath !== null; hop++) {
    const key = normaliseRedirectPath(current.toPath) ?? current.toPath;
    if (key === from) return refused.bad(hop === 0 ? messages.same : messages.loop(target.toPath ?? key), 'to');
    if (seen.has(key) || hop >= MAX_HOPS) return refused.bad(messages.loop(target.toPath ?? key), 'to');
    seen.add(key);
    const [next] = await db
      .select({ articleId: redirects.articleId, toPath: redirects.toPath })
      .from(redirects)
      .where(eq(redirects.fromPath, key));
    if (!next) break;
    current = next.articleId !== null ? { articleId: next.articleId, toPath: null } : { articleId: null, toPath: next.toPath ?? '/' };
  }
  return { ok: true, value: current };
}

/**
 * Adds (or replaces: upsert on the old address) a redirect. Refuses an old address that is no path or is a
 * live address of this site, a target off this site, equal to its source, or leading back to it.
 */
export async function saveRedirect(
  db: Database,
  input: RedirectInput,
  origin: RedirectOrigin,
  options: RedirectWriteOptions,
): Promise<NewsroomResult<RedirectItem>> {
  const checked = checkedInput(input, options);
  if (!checked.ok) return checked;
  const { from, target } = checked.value;
  const written = await db.transaction((tx) => writeRedirect(tx, from, target, origin, options, tx));
  if (!written.ok) return written;
  await options.changed();
  const item = await findRedirectItem(db, written.value);
  return item ? { ok: true, value: item } : refused.notFound;
}

/**
 * The import's way (issue 20): inside the item's own transaction, no savepoint (every refusal comes before
 * the first write), no item read back, no announcement (the import announces once at the end).
 */
export async function saveImportedRedirect(tx: Database, input: RedirectInput, origin: RedirectOrigin): Promise<NewsroomResult<number>> {
  const checked = checkedInput(input, {});
  if (!checked.ok) return checked;
  return writeRedirect(tx, checked.value.from, checked.value.target, origin, {});
}

function checkedInput(
  input: RedirectInput,
  options: Omit<RedirectWriteOptions, 'changed'>,
): NewsroomResult<{ from: string; target: Target }> {
  const from = typeof input.from === 'string' ? normaliseRedirectPath(input.from) : null;
  if (from === null) return refused.bad(messages.from, 'from');
  if ('articleId' in input) {
    if (!Number.isSafeInteger(input.articleId) || input.articleId < 1) return refused.bad(messages.article, 'to');
    return { ok: true, value: { from, target: { articleId: input.articleId, toPath: null } } };
  }
  const toPath = typeof input.toPath === 'string' ? normaliseRedirectTarget(input.toPath, options.siteUrl ?? null) : null;
  if (toPath === null) return refused.bad(messages.to, 'to');
  return { ok: true, value: { from, target: { articleId: null, toPath } } };
}

/** The checks and the write, in the caller's transaction; refusals come before anything is written. */
async function writeRedirect(
  tx: Database,
  from: string,
  target: Target,
  origin: RedirectOrigin,
  options: Omit<RedirectWriteOptions, 'changed'>,
  /** The transaction `tx` is, when the write is audited (the newsroom's); the import's writes are audited per item. */
  auditTx: Transaction | null = null,
): Promise<NewsroomResult<number>> {
  const live = await liveAddressReason(tx, from);
  if (live) return refused.bad(live, 'from');
  if (target.articleId !== null) {
    const [article] = await tx.select({ id: newsroomArticles.id }).from(newsroomArticles).where(eq(newsroomArticles.id, target.articleId));
    if (!article) return refused.bad(messages.article, 'to');
  }
  const final = await finalTarget(tx, from, target);
  if (!final.ok) return final;
  const values = { articleId: final.value.articleId, toPath: final.value.toPath, origin };
  const [row] = await tx
    .insert(redirects)
    .values({ fromPath: from, ...values })
    .onConflictDoUpdate({ target: redirects.fromPath, set: values })
    .returning({ id: redirects.id });
  if (!row) return refused.bad(messages.from, 'from');
  // Whatever pointed at the new source now points past it: the table never holds a chain.
  await tx
    .update(redirects)
    .set({ articleId: final.value.articleId, toPath: final.value.toPath })
    .where(and(eq(redirects.toPath, from), ne(redirects.id, row.id)));
  if (options.audit) {
    if (!auditTx) throw new Error('an audited redirect write needs its transaction');
    await audit(
      auditTx,
      options.audit.who,
      {
        action: 'redirect.save',
        entity: 'redirect',
        entityId: row.id,
        detail: { from, to: final.value.toPath, articleId: final.value.articleId, origin },
      },
      options.audit.at,
    );
  }
  return { ok: true, value: row.id };
}

/** Removes one redirect: its old address answers as any other path again. */
export async function deleteRedirect(db: Database, id: number, options: RedirectWriteOptions): Promise<NewsroomResult<null>> {
  if (!Number.isSafeInteger(id) || id < 1) return refused.notFound;
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
    if (row && options.audit) {
      await audit(
        tx,
        options.audit.who,
        {
          action: 'redirect.delete',
          entity: 'redirect',
          entityId: id,
          detail: { from: row.fromPath, to: row.toPath, articleId: row.articleId },
        },
        options.audit.at,
      );
    }
    return row ?? null;
  });
  if (!removed) return refused.notFound;
  await options.changed();
  return { ok: true, value: null };
}

function itemQuery(db: Database) {
  return db
    .select({
      id: redirects.id,
      from: redirects.fromPath,
      toPath: redirects.toPath,
      origin: redirects.origin,
      createdAt: redirects.createdAt,
      articleId: redirects.articleId,
      title: newsroomArticles.title,
      categorySlug: categories.slug,
      url: articles.url,
    })
    .from(redirects)
    .leftJoin(newsroomArticles, eq(newsroomArticles.id, redirects.articleId))
    .leftJoin(articles, eq(articles.id, redirects.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .$dynamic();
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['execute']>>[number];

const toItem = (row: ItemRow): RedirectItem => ({
  id: row.id,
  from: row.from,
  to: row.toPath ?? addressOf(row.categorySlug, row.url),
  origin: originOf(row.origin),
  createdAt: row.createdAt.toISOString(),
  articleId: row.articleId,
  title: row.title,
});

async function findRedirectItem(db: Database, id: number): Promise<RedirectItem | null> {
  const [row] = await itemQuery(db).where(eq(redirects.id, id));
  return row ? toItem(row) : null;
}

/** The newsroom's list, newest first; `q` filters on either address (case-insensitive). */
export async function listRedirects(
  db: Database,
  page: { limit: number; offset: number; q?: string | null },
): Promise<{ results: RedirectItem[]; total: number }> {
  const q = page.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = pattern ? or(ilike(redirects.fromPath, pattern), ilike(redirects.toPath, pattern)) : undefined;
  const [rows, [total]] = await Promise.all([
    itemQuery(db).where(where).orderBy(desc(redirects.createdAt), desc(redirects.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(redirects).where(where),
  ]);
  return { results: rows.map(toItem), total: total?.n ?? 0 };
}

/**
 * Where the old address `path` (normalised) goes now, or null: the exact path first, then the path without a
 * final `/amp` or `/feed` segment. A redirect to an article that is not published answers nothing (the
 * request falls through to the pages, a 404), as does one that would answer its own address.
 */
export async function findStoredRedirect(db: Database, path: string): Promise<string | null> {
  const candidates = [path];
  const base = withoutVariantSuffix(path);
  if (base) candidates.push(base);
  const rows = await db
    .select({ from: redirects.fromPath, toPath: redirects.toPath, categorySlug: categories.slug, url: articles.url })
    .from(redirects)
    .leftJoin(articles, eq(articles.id, redirects.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(inArray(redirects.fromPath, candidates));
  for (const candidate of candidates) {
    const row = rows.find((r) => r.from === candidate);
    const to = row ? (row.toPath ?? addressOf(row.categorySlug, row.url)) : null;
    if (to !== null && to !== path && to !== candidate) return to;
  }
  return null;
}

/** A published article took `address`: the article wins over any redirect from it (no redirect shadows a page). */
export async function dropRedirectsFrom(db: Database, address: string): Promise<void> {
  await db.delete(redirects).where(eq(redirects.fromPath, address));
}
