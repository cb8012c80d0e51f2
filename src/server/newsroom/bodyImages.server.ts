/**
 * Images in the article body: the media library rows an editor's document names, looked up before the
 * allow-list (richText.ts) checks it, and the in-body uses of an image (so that deleting it can refuse).
 * The document only names an image by its id; everything readers get comes from the row found here.
 */
import { and, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { articles, media, newsroomArticles } from '../../db/schema.ts';
import { checkDoc, type DocCheck, imageIdsOf, type LibraryImage } from './richText.ts';

type Tx = Transaction;
type Db = Database | Tx;

function toLibraryImage(row: Pick<typeof media.$inferSelect, 'id' | 'width' | 'height' | 'variants'>): LibraryImage | undefined {
  const variants = row.variants.map(({ format, width, height, url }) => ({ format, width, height, url }));
  // The largest WebP is the `src` every browser can show; its size gives the aspect ratio (no layout shift).
  const webp = variants.filter((v) => v.format === 'webp').sort((a, b) => b.width - a.width)[0];
  if (!webp) return undefined;
  return { id: row.id, url: webp.url, width: webp.width, height: webp.height, variants };
}

/** The library images `doc` names (unknown ids are simply absent: checkDoc refuses them). */
export async function libraryImagesOf(db: Db, doc: unknown): Promise<Map<number, LibraryImage>> {
  const ids = imageIdsOf(doc);
  const found = new Map<number, LibraryImage>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: media.id, width: media.width, height: media.height, variants: media.variants })
    .from(media)
    .where(inArray(media.id, ids))
    // Locked until the save commits, as libraryImage.ts does: no deletion slips in between.
    .for('key share');
  for (const row of rows) {
    const image = toLibraryImage(row);
    if (image) found.set(row.id, image);
  }
  return found;
}

/** checkDoc with the media library: what saving, publishing and previewing call. */
export async function checkDocWithLibrary(db: Db, doc: unknown): Promise<DocCheck> {
  const images = await libraryImagesOf(db, doc);
  return checkDoc(doc, (id) => images.get(id));
}

/**
 * Titles of the articles whose body shows library image `id`: editorial documents in any state (an image
 * may sit in a quote: a JSON path search at any depth) and published bodies. Old revisions do not count.
 */
export async function articlesShowingInBody(db: Db, id: number): Promise<{ id: number; title: string }[]> {
  const editorial = await db
    .select({ id: newsroomArticles.id, title: newsroomArticles.title })
    .from(newsroomArticles)
    .where(
      and(
        sql`${newsroomArticles.doc} IS NOT NULL`,
        sql`jsonb_path_exists(${newsroomArticles.doc}, '$.** ? (@.type == "image" && @.attrs.mediaId == $id)', jsonb_build_object('id', ${id}::int))`,
      ),
    );
  const published = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(sql`${articles.body} @> jsonb_build_array(jsonb_build_object('type', 'image', 'mediaId', ${id}::int))`);
  return [...editorial, ...published];
}
