import { asc, eq } from 'drizzle-orm';
import type { Category } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';

type CategoryRow = typeof categories.$inferSelect;

export function toCategory(row: CategoryRow): Category {
  return { slug: row.slug, name: row.name, description: row.description, color: row.color };
}

export async function listCategories(db: Database): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
  return rows.map(toCategory);
}

export async function findCategory(db: Database, slug: string): Promise<CategoryRow | null> {
  const [row] = await db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
  return row ?? null;
}
