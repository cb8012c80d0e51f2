/**
 * Bylines from the newsroom (issue 36): create and edit an author — name, address, role, bio, photo from the
 * media library. An address change leaves the old page answering one 301 to the new one (the redirect
 * table). No deletion: an article keeps its bylines.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Image } from '../../api/types.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { authors, redirects } from '../../db/schema.ts';
import { audit } from './audit.server.ts';
import { withLibraryImages } from './libraryImage.ts';
import { type NewsroomResult, refused } from './newsroomResult.ts';
import { cleanImage, libraryImageProblem, plainFieldProblem } from './plainFields.ts';
import { slugify, uniqueSlug } from './slugs.ts';
import type { StaffMember } from './staff.server.ts';

export const AUTHOR_PAGE_PREFIX = '/auteur/';

export interface AuthorInput {
  name: string;
  slug?: string;
  role: string;
  bio: string;
  photo: Image | null;
}

type AuthorRow = typeof authors.$inferSelect;

/** Published articles signed by the author (first author or another byline), counted once each. */
const articleCount = sql<number>`(select count(*)::int from (
  select a.id from articles a where a.author_id = authors.id
  union
  select b.article_id from article_bylines b inner join articles a on a.id = b.article_id where b.author_id = authors.id
) signed)`;

const toAdmin = (row: AuthorRow, count: number) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  role: row.role,
  bio: row.bio,
  photo: row.photo ?? null,
  articleCount: count,
});

export type AdminAuthor = ReturnType<typeof toAdmin>;

export async function listAdminAuthors(db: Database): Promise<AdminAuthor[]> {
  const rows = await db.select({ row: authors, count: articleCount }).from(authors).orderBy(asc(authors.name), asc(authors.id));
  return rows.map(({ row, count }) => toAdmin(row, Number(count)));
}

async function findAdminAuthor(db: Database, id: number): Promise<AdminAuthor | null> {
  const [found] = await db.select({ row: authors, count: articleCount }).from(authors).where(eq(authors.id, id));
  return found ? toAdmin(found.row, Number(found.count)) : null;
}

/** The input trimmed and checked (plain texts, the photo's alt text), or the first French refusal. */
function checkedInput(input: AuthorInput): NewsroomResult<AuthorInput> {
  const name = input.name.trim();
  if (name === '') return refused.bad('Le nom de la signature est obligatoire.', 'name');
  const role = input.role.trim();
  const bio = input.bio.replace(/\r\n?/g, '\n').trim();
  const problems: [string, string | null][] = [
    ['name', plainFieldProblem(name, 'Nom')],
    ['role', plainFieldProblem(role, 'Rôle')],
    ['bio', plainFieldProblem(bio, 'Bio', true)],
    ['photo', input.photo ? libraryImageProblem(input.photo, 'La photo') : null],
  ];
  for (const [field, problem] of problems) if (problem) return refused.bad(problem, field);
  return { ok: true, value: { name, slug: input.slug, role, bio, photo: input.photo ? cleanImage(input.photo) : null } };
}

const takenMessage = (slug: string) => `L'adresse « ${AUTHOR_PAGE_PREFIX}${slug} » est déjà celle d'une autre signature.`;

async function slugTaken(db: Database, slug: string, except?: number): Promise<boolean> {
  const where = except === undefined ? eq(authors.slug, slug) : and(eq(authors.slug, slug), ne(authors.id, except));
  return (await db.select({ id: authors.id }).from(authors).where(where)).length > 0;
}

export async function createAuthor(db: Database, who: StaffMember, raw: AuthorInput, now: Date): Promise<NewsroomResult<AdminAuthor>> {
  const checked = await withPhoto(db, checkedInput(raw), null);
  if (!checked.ok) return checked;
  const input = checked.value;
  let slug = input.slug;
  if (slug === undefined) slug = await uniqueSlug(slugify(input.name), (s) => slugTaken(db, s));
  else if (await slugTaken(db, slug)) return refused.taken(takenMessage(slug));
  const chosen = slug;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(authors)
      .values({ slug: chosen, name: input.name, role: input.role, bio: input.bio, photo: input.photo })
      .onConflictDoNothing()
      .returning();
    if (!created) return null;
    await freeAddress(tx, chosen);
    await audit(tx, who, { action: 'author.create', entity: 'author', entityId: created.id, detail: { slug: chosen } }, now);
    return created;
  });
  return row ? { ok: true, value: toAdmin(row, 0) } : refused.taken(takenMessage(chosen));
}

export async function updateAuthor(
  db: Database,
  who: StaffMember,
  id: number,
  raw: AuthorInput,
  now: Date,
): Promise<NewsroomResult<AdminAuthor>> {
  const [current] = await db.select().from(authors).where(eq(authors.id, id));
  if (!current) return refused.notFound;
  const checked = await withPhoto(db, checkedInput(raw), current.photo);
  if (!checked.ok) return checked;
  const input = checked.value;
  const slug = input.slug ?? current.slug;
  if (slug !== current.slug && (await slugTaken(db, slug, id))) return refused.taken(takenMessage(slug));
  const written = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(authors)
      .set({ slug, name: input.name, role: input.role, bio: input.bio, photo: input.photo })
      .where(eq(authors.id, id))
      .returning({ id: authors.id });
    if (!updated) return false;
    if (slug !== current.slug) await moveAddress(tx, current.slug, slug);
    const detail = { fromSlug: current.slug, toSlug: slug, fromName: current.name, toName: input.name };
    await audit(tx, who, { action: 'author.update', entity: 'author', entityId: id, detail }, now);
    return true;
  });
  if (!written) return refused.notFound;
  const saved = await findAdminAuthor(db, id);
  return saved ? { ok: true, value: saved } : refused.notFound;
}

/** The photo must be the library's (or the one the author already shows: seeded photos are generated media). */
function withPhoto(db: Database, checked: NewsroomResult<AuthorInput>, current: Image | null) {
  if (!checked.ok || !checked.value.photo) return Promise.resolve(checked);
  return withLibraryImages(
    db,
    checked,
    [{ url: checked.value.photo.url, label: 'La photo', field: 'photo' }],
    current ? [current.url] : [],
  );
}

/** An address now live is no old address any more: a redirect from it would hide the page. */
async function freeAddress(tx: Transaction, slug: string): Promise<void> {
  await tx.delete(redirects).where(eq(redirects.fromPath, `${AUTHOR_PAGE_PREFIX}${slug}`));
}

/**
 * /auteur/<from> answers one 301 to /auteur/<to>: the row is written, and what pointed at the old address
 * now points at the new one, so that the table never holds a chain (redirectStore's rule).
 */
async function moveAddress(tx: Transaction, from: string, to: string): Promise<void> {
  const fromPath = `${AUTHOR_PAGE_PREFIX}${from}`;
  const toPath = `${AUTHOR_PAGE_PREFIX}${to}`;
  await freeAddress(tx, to);
  await tx
    .insert(redirects)
    .values({ fromPath, toPath, articleId: null, origin: 'newsroom' })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath, articleId: null, origin: 'newsroom' } });
  await tx
    .update(redirects)
    .set({ toPath })
    .where(and(eq(redirects.toPath, fromPath), ne(redirects.fromPath, fromPath)));
}
