/**
 * Deleting from the media library: refused while an article or a quiz shows the entry, else its row and audit
 * line go together, then its files.
 */
import { asc, eq, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { articles, media, newsroomArticles, newsroomQuizzes } from '../../../db/schema.ts';
import { audit } from '../audit.server.ts';
import { articlesShowingInBody } from '../bodyImages.server.ts';
import type { MediaStorage } from '../mediaStorage.ts';
import type { StaffMember } from '../staff.server.ts';
import { filesOf } from './mediaEntries.ts';

export type DeleteMediaResult =
  | { ok: true; removedFiles: number; failedFiles: string[] }
  | { ok: false; kind: 'notFound' }
  | { ok: false; kind: 'taken'; message: string };

/** « A », « B » et 3 autres: the first five titles named, the rest counted. */
function namedTitles(titles: string[]): string {
  const named = titles.slice(0, 5).map((t) => `« ${t} »`);
  const rest = titles.length - named.length;
  return rest > 0 ? `${named.join(', ')} et ${rest} autre${rest > 1 ? 's' : ''}` : named.join(', ');
}

/** Who to go and change before the image can go. */
function inUseMessage(titles: string[]): string {
  const list = namedTitles(titles);
  const who = titles.length === 1 ? `l’article ${list}` : `${titles.length} articles : ${list}`;
  return `Cette image est utilisée par ${who}. Choisissez-leur une autre image avant de la supprimer.`;
}

/** The same sentence about a sound: « Ce son est utilisé par le quiz … Choisissez-lui un autre son … ». */
const soundInUse = (message: string) =>
  message.replace('Cette image est utilisée', 'Ce son est utilisé').replace('une autre image', 'un autre son');

function quizInUseMessage(titles: string[]): string {
  const list = namedTitles(titles);
  const who = titles.length === 1 ? `le quiz ${list}` : `${titles.length} quiz : ${list}`;
  return `Cette image est utilisée par ${who}. Choisissez-${titles.length === 1 ? 'lui' : 'leur'} une autre image avant de la supprimer.`;
}

/**
 * Deletes an image no article or quiz uses (main, sharing or in-body image, in any state; old revisions do not count), then
 * the files of its variants. The row goes first: a file left behind by a storage failure is an unreferenced,
 * content-named orphan (reported in the audit log), never an article pointing at nothing.
 */
export async function deleteMedia(
  db: Database,
  who: StaffMember,
  id: number,
  storage: MediaStorage,
  now: Date,
): Promise<DeleteMediaResult> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  if (!row) return { ok: false, kind: 'notFound' };
  // Every variant's address starts so ('/media/library/<sha-256>-'): the hash is hex, nothing to escape.
  const prefix = `/media/library/${row.hash}-%`;
  const editorial = await db
    .select({ id: newsroomArticles.id, title: newsroomArticles.title })
    .from(newsroomArticles)
    .where(or(like(sql`${newsroomArticles.mainImage}->>'url'`, prefix), like(newsroomArticles.ogImage, prefix)))
    .orderBy(asc(newsroomArticles.title));
  // Published rows share their id with their editorial copy; an article from an import not yet backfilled would not.
  const published = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(or(like(sql`${articles.mainImage}->>'url'`, prefix), like(articles.ogImage, prefix)));
  // In the body too: an image placed in the text is named there by its library id.
  const inBody = await articlesShowingInBody(db, id);
  const users = new Map([...published, ...editorial, ...inBody].map((a) => [a.id, a.title]));
  if (users.size > 0)
    return { ok: false, kind: 'taken', message: inUseMessage([...users.values()].sort((a, b) => a.localeCompare(b, 'fr'))) };
  // A quiz shows it (cover, result, picture answer), in any state: its working copy holds every image it publishes.
  const quizUsers = await db
    .select({ title: newsroomQuizzes.title })
    .from(newsroomQuizzes)
    .where(
      or(
        like(sql`${newsroomQuizzes.image}->>'url'`, prefix),
        like(sql`${newsroomQuizzes.results}::text`, `%${prefix}`),
        like(sql`${newsroomQuizzes.questions}::text`, `%${prefix}`),
      ),
    )
    .orderBy(asc(newsroomQuizzes.title));
  if (quizUsers.length > 0) {
    const message = quizInUseMessage(quizUsers.map((q) => q.title));
    return { ok: false, kind: 'taken', message: row.kind === 'audio' ? soundInUse(message) : message };
  }

  // The row and its audit line go together. The files are removed inside the transaction (the line says how
  // many went): storage is not transactional, so a failed audit brings the row back but not removed files.
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(media).where(eq(media.id, id)).returning();
    if (!deleted) return { ok: false, kind: 'notFound' } as const;
    const failedFiles: string[] = [];
    const files = filesOf(deleted);
    for (const name of files) {
      try {
        await storage.remove(name);
      } catch (error) {
        console.error(`[newsroom] media ${id}: could not remove ${name}:`, (error as Error).message);
        failedFiles.push(name);
      }
    }
    const removedFiles = files.length - failedFiles.length;
    const detail = { hash: deleted.hash, alt: deleted.alt, removedFiles, failedFiles };
    await audit(tx, who, { action: 'media.delete', entity: 'media', entityId: id, detail }, now);
    return { ok: true, removedFiles, failedFiles } as const;
  });
}
