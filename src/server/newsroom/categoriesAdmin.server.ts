/** Categories from the newsroom: create, rename, describe, reorder; delete only when empty. */
import { asc, count, eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, newsroomArticles } from '../../db/schema.ts';
import { audit } from './audit.server.ts';
import type { NewsroomResult } from './newsroomResult.ts';
import { reservedPathReason } from '../redirects/redirectPaths.ts';
import { slugify } from './slugs.ts';
import type { StaffMember } from './staff.server.ts';

type CategoryRow = typeof categories.$inferSelect;

export type CategoryWrite<T> = NewsroomResult<T>;

async function articleCounts(db: Database): Promise<Map<number, number>> {
  const rows = await db.select({ id: newsroomArticles.categoryId, n: count() }).from(newsroomArticles).groupBy(newsroomArticles.categoryId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

const toAdmin = (row: CategoryRow, n: number) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  color: row.color,
  position: row.position,
  articleCount: n,
});

export async function listAdminCategories(db: Database) {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    articleCounts(db),
  ]);
  return rows.map((row) => toAdmin(row, counts.get(row.id) ?? 0));
}

export async function createCategory(
  db: Database,
  who: StaffMember,
  input: { name: string; slug?: string; description: string; color: string },
  now: Date,
): Promise<CategoryWrite<ReturnType<typeof toAdmin>>> {
  const name = input.name.trim();
  if (!name) return { ok: false, kind: 'bad', message: 'Le nom de la rubrique est obligatoire.' };
  const slug = input.slug ?? slugify(name);
  // A category's page is /<slug>: never one of the site's own pages (/tag, /concours…), whose route would win.
  if (reservedPathReason(`/${slug}`) !== null) {
    return { ok: false, kind: 'taken', message: `L'adresse « /${slug} » est celle d'une page du site : choisissez un autre nom.` };
  }
  const [existing] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (existing) return { ok: false, kind: 'taken', message: `L'adresse « /${slug} » est déjà celle d'une rubrique.` };
  const [last] = await db.select({ p: max(categories.position) }).from(categories);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(categories)
      .values({ slug, name, description: input.description.trim(), color: input.color, position: (last?.p ?? 0) + 1 })
      .onConflictDoNothing()
      .returning();
    if (created) await audit(tx, who, { action: 'category.create', entity: 'category', entityId: created.id, detail: { slug } }, now);
    return created;
  });
  if (!row) return { ok: false, kind: 'taken', message: `L'adresse « /${slug} » est déjà celle d'une rubrique.` };
  return { ok: true, value: toAdmin(row, 0) };
}

export async function updateCategory(
  db: Database,
  who: StaffMember,
  id: number,
  input: { name?: string; description?: string; color?: string },
  now: Date,
): Promise<CategoryWrite<ReturnType<typeof toAdmin>>> {
  const [current] = await db.select().from(categories).where(eq(categories.id, id));
  if (!current) return { ok: false, kind: 'notFound' };
  if (input.name !== undefined && input.name.trim() === '')
    return { ok: false, kind: 'bad', message: 'Le nom de la rubrique est obligatoire.' };
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(categories)
      .set({
        name: input.name?.trim() ?? current.name,
        description: input.description?.trim() ?? current.description,
        color: input.color ?? current.color,
      })
      .where(eq(categories.id, id))
      .returning();
    if (updated) {
      const detail = { fromName: current.name, toName: updated.name };
      await audit(tx, who, { action: 'category.update', entity: 'category', entityId: id, detail }, now);
    }
    return updated;
  });
  if (!row) return { ok: false, kind: 'notFound' };
  return { ok: true, value: toAdmin(row, (await articleCounts(db)).get(id) ?? 0) };
}

export async function deleteCategory(db: Database, who: StaffMember, id: number, now: Date): Promise<CategoryWrite<null>> {
  const [current] = await db.select().from(categories).where(eq(categories.id, id));
  if (!current) return { ok: false, kind: 'notFound' };
  const n = (await articleCounts(db)).get(id) ?? 0;
  if (n > 0) {
    return {
      ok: false,
      kind: 'taken',
      message: `La rubrique « ${current.name} » contient encore ${n} article${n > 1 ? 's' : ''} : déplacez-les dans une autre rubrique avant de la supprimer.`,
    };
  }
  await db.transaction(async (tx) => {
    await tx.delete(categories).where(eq(categories.id, id));
    await audit(tx, who, { action: 'category.delete', entity: 'category', entityId: id, detail: { slug: current.slug } }, now);
  });
  return { ok: true, value: null };
}

export async function reorderCategories(db: Database, who: StaffMember, ids: number[], now: Date): Promise<CategoryWrite<null>> {
  const rows = await db.select({ id: categories.id }).from(categories);
  const known = new Set(rows.map((r) => r.id));
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
    return { ok: false, kind: 'bad', message: "L'ordre doit nommer chaque rubrique une fois, et seulement elles." };
  }
  await db.transaction(async (tx) => {
    for (const [position, id] of ids.entries())
      await tx
        .update(categories)
        .set({ position: position + 1 })
        .where(eq(categories.id, id));
    await audit(tx, who, { action: 'category.reorder', entity: 'category', entityId: null, detail: { ids } }, now);
  });
  return { ok: true, value: null };
}
