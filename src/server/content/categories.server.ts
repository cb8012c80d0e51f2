import { asc } from 'drizzle-orm';
import type { Category } from '../../api/types.ts';
import type { Database } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';
import { processContentDataCache } from './contentDataCache.ts';

type CategoryRow = typeof categories.$inferSelect;

export function toCategory(row: CategoryRow): Category {
  return { slug: row.slug, name: row.name, description: row.description, color: row.color };
}

interface CategoryTable {
  rows: CategoryRow[];
  /** The contract's list, in menu order. */
  list: Category[];
  bySlug: Map<string, CategoryRow>;
}

/** Every page reads the categories (menu, addresses): one query per content change, not one per page. */
function categoryTable(db: Database): Promise<CategoryTable> {
  return processContentDataCache().remember(db, 'categories', async () => {
    const rows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
    return { rows, list: rows.map(toCategory), bySlug: new Map(rows.map((row) => [row.slug, row])) };
  });
}

/** Shared between callers while cached: read it, never change it. */
export async function listCategories(db: Database): Promise<Category[]> {
  return (await categoryTable(db)).list;
}

export async function findCategory(db: Database, slug: string): Promise<CategoryRow | null> {
  return (await categoryTable(db)).bySlug.get(slug) ?? null;
}
