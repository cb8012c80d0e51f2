/**
 * Every place that shows a media library item, in every format and every state (old revisions aside): what
 * deleting it must refuse, so that nothing published loses its image or sound. One declared list of
 * (table, columns) below, one query per table: a new format that stores library addresses adds a line here,
 * and media usage tests build one item of each.
 *
 * Every address of an item starts with `/media/library/<sha-256>-` (its variants, a sound's one file), so a
 * column is searched as text for that prefix: an image stored as JSON `{url, alt…}`, a list of them at any
 * depth (quiz answers, mosaic images, popin parts), a plain address (an article's sharing image) and HTML
 * (a newsletter's rendered mail) are found alike, with the site's origin in front or not. Images placed in an
 * article's text are also found by their library id (bodyImages.server.ts).
 */
import { and, eq, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MediaUsage } from '../../api/types.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  articles,
  authors,
  formatContests,
  instagramPosts,
  liveBlogEntries,
  liveBlogs,
  media,
  mosaics,
  newsletterIssues,
  newsroomArticles,
  newsroomQuizzes,
  popins,
  quizResults,
  quizzes,
  reparteeGenerators,
  shoppingItems,
} from '../../db/schema.ts';
import { articlesShowingInBody } from './bodyImages.server.ts';

type Db = Database | Transaction;
type Format = MediaUsage['format'];

interface UsageSource {
  format: Format;
  table: PgTable;
  /** The id of the item whose editor shows it (a quiz result's quiz, a live entry's live blog). */
  id: PgColumn | SQL<number>;
  title: PgColumn | SQL<string>;
  /** Searched as text for the item's address prefix. */
  columns: PgColumn[];
  where?: SQL;
}

/** Where each format's editor is in the newsroom. */
export const editorPaths: Record<Format, string> = {
  article: '/admin/articles',
  quiz: '/admin/quizz',
  generator: '/admin/generateurs',
  mosaic: '/admin/mosaiques',
  contest: '/admin/concours',
  shopping: '/admin/shopping',
  instagram: '/admin/instagram',
  popin: '/admin/popins',
  newsletter: '/admin/lettres',
  liveBlog: '/admin/directs',
  author: '/admin/auteurs',
};

/** An item's editor: `/admin/<list>/<id>`, but authors are edited on their list's page, opened on the one asked. */
export function editorPathOf(format: Format, id: number): string {
  return format === 'author' ? `${editorPaths.author}?auteur=${id}` : `${editorPaths[format]}/${id}`;
}

/** Readers' copies (articles, quizzes) share their id with the newsroom's working copy: both are searched, one is listed. */
export const usageSources: UsageSource[] = [
  {
    format: 'article',
    table: newsroomArticles,
    id: newsroomArticles.id,
    title: newsroomArticles.title,
    columns: [newsroomArticles.mainImage, newsroomArticles.ogImage, newsroomArticles.doc],
  },
  {
    format: 'article',
    table: articles,
    id: articles.id,
    title: articles.title,
    columns: [articles.mainImage, articles.ogImage, articles.body],
  },
  {
    format: 'quiz',
    table: newsroomQuizzes,
    id: newsroomQuizzes.id,
    title: newsroomQuizzes.title,
    columns: [newsroomQuizzes.image, newsroomQuizzes.questions, newsroomQuizzes.results],
  },
  { format: 'quiz', table: quizzes, id: quizzes.id, title: quizzes.title, columns: [quizzes.image, quizzes.questions] },
  {
    format: 'quiz',
    table: quizResults,
    id: quizResults.quizId,
    title: sql<string>`(select ${quizzes.title} from ${quizzes} where ${quizzes.id} = ${quizResults.quizId})`,
    columns: [quizResults.image],
  },
  {
    format: 'generator',
    table: reparteeGenerators,
    id: reparteeGenerators.id,
    title: reparteeGenerators.title,
    columns: [reparteeGenerators.image, reparteeGenerators.replies],
  },
  { format: 'mosaic', table: mosaics, id: mosaics.id, title: mosaics.title, columns: [mosaics.cover, mosaics.images] },
  { format: 'contest', table: formatContests, id: formatContests.id, title: formatContests.title, columns: [formatContests.image] },
  { format: 'shopping', table: shoppingItems, id: shoppingItems.id, title: shoppingItems.title, columns: [shoppingItems.image] },
  { format: 'instagram', table: instagramPosts, id: instagramPosts.id, title: instagramPosts.caption, columns: [instagramPosts.image] },
  { format: 'popin', table: popins, id: popins.id, title: popins.name, columns: [popins.parts] },
  {
    format: 'newsletter',
    table: newsletterIssues,
    id: newsletterIssues.id,
    title: newsletterIssues.subject,
    columns: [newsletterIssues.html, newsletterIssues.text],
  },
  { format: 'liveBlog', table: liveBlogs, id: liveBlogs.id, title: liveBlogs.title, columns: [liveBlogs.mainImage] },
  {
    format: 'liveBlog',
    table: liveBlogEntries,
    id: liveBlogEntries.liveBlogId,
    title: sql<string>`(select ${liveBlogs.title} from ${liveBlogs} where ${liveBlogs.id} = ${liveBlogEntries.liveBlogId})`,
    columns: [liveBlogEntries.image, liveBlogEntries.body, liveBlogEntries.doc],
    // A deleted entry is a tombstone readers never see again.
    where: isNull(liveBlogEntries.deletedAt),
  },
  // An author's photo (issue 36): their page shows it.
  { format: 'author', table: authors, id: authors.id, title: authors.name, columns: [authors.photo] },
];

/** A title for the list: an Instagram caption's first words, a nameless popin's number. */
function shownTitle(format: Format, id: number, title: string | null): string {
  const text = (title ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return format === 'popin' ? `Popin n° ${id}` : `Sans titre (n° ${id})`;
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Every place showing the item whose files start with `/media/library/<hash>-`, sorted by format then title. */
export async function usagesOfHash(db: Db, hash: string, mediaId: number): Promise<MediaUsage[]> {
  // The hash is hex: nothing in it is a LIKE wildcard.
  const pattern = `%/media/library/${hash}-%`;
  const found = new Map<string, MediaUsage>();
  const add = (format: Format, id: number, title: string | null) => {
    const key = `${format}:${id}`;
    if (!found.has(key)) found.set(key, { format, id, title: shownTitle(format, id, title), editorPath: editorPathOf(format, id) });
  };
  for (const source of usageSources) {
    const matches = or(...source.columns.map((column) => like(sql`${column}::text`, pattern)));
    const rows = await db
      .select({ id: sql<number>`${source.id}`.mapWith(Number), title: sql<string | null>`${source.title}` })
      .from(source.table)
      .where(source.where ? and(source.where, matches) : matches);
    for (const row of rows) add(source.format, row.id, row.title);
  }
  for (const article of await articlesShowingInBody(db, mediaId)) add('article', article.id, article.title);
  const order = Object.keys(editorPaths);
  return [...found.values()].sort(
    (a, b) => order.indexOf(a.format) - order.indexOf(b.format) || a.title.localeCompare(b.title, 'fr') || a.id - b.id,
  );
}

/** The item's kind and every place showing it, or null when the library has no such item. */
export async function mediaUsages(db: Db, id: number): Promise<{ kind: 'image' | 'audio'; usages: MediaUsage[] } | null> {
  const [row] = await db.select({ hash: media.hash, kind: media.kind }).from(media).where(eq(media.id, id));
  if (!row) return null;
  return { kind: row.kind, usages: await usagesOfHash(db, row.hash, id) };
}
