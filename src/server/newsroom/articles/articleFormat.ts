/**
 * Articles as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own fields only —
 * title, subtitle, address, category, byline, stamp, main image, rich-text body, SEO — how they are checked,
 * written, snapshotted and restored. The workflow does the rest (versions, statuses, revisions, audit).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { ContentBlock, Image, Stamp } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { articleRevisions, authors, categories, newsroomArticles, type RichTextNode } from '../../../db/schema.ts';
import { checkDocWithLibrary } from '../bodyImages.server.ts';
import { type ImageRef, withLibraryImages } from '../libraryImage.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { plainParagraphs } from '../richText.ts';
import { slugify, uniqueSlug } from '../slugs.ts';
import type { StaffMember } from '../staff.server.ts';
import { revisionStoreOf } from '../workflow/editorialTable.ts';
import type { EditorialFormat } from '../workflow/editorialWorkflow.ts';
import { type Change, paragraphChanges, showValue } from '../workflow/revisions.ts';
import { type AdminArticle, type ArticleRow, docOf, findRow, publishedBlocks, toAdminArticle } from './articleQueries.ts';
import { keepOldAddress, publishArticleCopy, withdrawArticleCopy } from './articleReaderCopy.ts';

export interface ArticleInput {
  title: string;
  subtitle: string;
  slug?: string;
  categorySlug: string;
  authorSlug?: string;
  stamp?: Stamp | null;
  mainImage: Image;
  doc: unknown;
  seoTitle?: string;
  seoDescription?: string;
  ogImage?: string | null;
}

interface Checked {
  categoryId: number;
  authorId: number;
  doc: RichTextNode;
  blocks: ContentBlock[];
}

async function checkArticle(
  db: Database,
  member: StaffMember,
  input: ArticleInput,
  current: ArticleRow | null,
): Promise<NewsroomResult<Checked>> {
  const checked = await checkDocWithLibrary(db, input.doc);
  if (!checked.ok) return refused.bad(checked.message, 'doc');
  if (input.title.trim() === '') return refused.bad('Le titre est obligatoire.', 'title');
  if (input.mainImage.alt.trim() === '') return refused.bad("Le texte alternatif de l'image principale est obligatoire.", 'mainImage.alt');
  // A focal point is a position: half of one means nothing to a crop.
  if ((input.mainImage.focalX === undefined) !== (input.mainImage.focalY === undefined)) {
    return refused.bad("Le point focal de l'image principale a besoin de ses deux coordonnées.", 'mainImage.focalX');
  }
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, input.categorySlug));
  if (!category) return refused.bad("Cette rubrique n'existe pas.", 'categorySlug');
  let authorId = current?.authorId ?? member.authorId ?? null;
  if (input.authorSlug) {
    const [author] = await db.select({ id: authors.id }).from(authors).where(eq(authors.slug, input.authorSlug));
    if (!author) return refused.bad("Cette signature n'existe pas.", 'authorSlug');
    authorId = author.id;
  }
  if (authorId === null) {
    const [first] = await db.select({ id: authors.id }).from(authors).orderBy(asc(authors.id)).limit(1);
    if (!first) return refused.bad('Aucune signature disponible : créez un compte de la rédaction avec un nom.', 'authorSlug');
    authorId = first.id;
  }
  return { ok: true, value: { categoryId: category.id, authorId, doc: checked.doc, blocks: checked.blocks } };
}

/** The columns a save writes from the editor's input, the same for a new article and an update. */
function editedFields(input: ArticleInput, checked: Checked) {
  return {
    categoryId: checked.categoryId,
    authorId: checked.authorId,
    title: input.title.trim(),
    subtitle: input.subtitle.trim(),
    stamp: input.stamp ?? null,
    mainImage: input.mainImage,
    doc: checked.doc,
  };
}

const slugTaken = (db: Database, exceptId: number | null) => async (slug: string) => {
  const rows = await db.select({ id: newsroomArticles.id }).from(newsroomArticles).where(eq(newsroomArticles.slug, slug));
  return rows.some((r) => r.id !== exceptId);
};

const takenMessage = (slug: string) => `L'adresse « ${slug} » est déjà prise par un autre article.`;

const articleRevisionStore = revisionStoreOf(articleRevisions);

/** "30 % × 60 %" (from the left, from the top), or '' without a focal point. */
function focalLabel(image: Image | undefined): string {
  if (image?.focalX === undefined || image.focalY === undefined) return '';
  return `${Math.round(image.focalX * 100)} % × ${Math.round(image.focalY * 100)} %`;
}

function imageAndTextChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  const altBefore = showValue((before?.mainImage as Image | undefined)?.alt);
  const altAfter = showValue((after.mainImage as Image | undefined)?.alt);
  if (altBefore !== altAfter) changes.push({ field: "Texte alternatif de l'image", before: altBefore, after: altAfter });
  const focalBefore = focalLabel(before?.mainImage as Image | undefined);
  const focalAfter = focalLabel(after.mainImage as Image | undefined);
  if (focalBefore !== focalAfter) changes.push({ field: "Point focal de l'image", before: focalBefore, after: focalAfter });
  return [
    ...changes,
    ...paragraphChanges('Texte', (before?.text as string[] | undefined) ?? [], (after.text as string[] | undefined) ?? []),
  ];
}

export const articleFormat: EditorialFormat<ArticleRow, ArticleInput, Checked, AdminArticle> = {
  entity: 'article',
  thisItem: 'cet article',
  find: findRow,
  async check(db, member, input, current) {
    // The main and share images by the rule every format follows (the body's are library ids already).
    const images: ImageRef[] = [{ url: input.mainImage.url, label: "L'image principale", field: 'mainImage' }];
    if (input.ogImage) images.push({ url: input.ogImage, label: "L'image de partage", field: 'ogImage', isAddress: true });
    const kept = current ? [current.mainImage.url, current.ogImage].filter((url): url is string => url !== null) : [];
    return withLibraryImages(db, await checkArticle(db, member, input, current), images, kept);
  },

  async insert(db, who, input, checked, now) {
    let slug: string;
    if (input.slug) {
      if (await slugTaken(db, null)(input.slug)) return refused.taken(takenMessage(input.slug));
      slug = input.slug;
    } else {
      slug = await uniqueSlug(slugify(input.title), slugTaken(db, null));
    }
    const [row] = await db
      .insert(newsroomArticles)
      .values({
        slug,
        status: 'draft',
        version: 1,
        ...editedFields(input, checked),
        seoTitle: input.seoTitle ?? '',
        seoDescription: input.seoDescription ?? '',
        ogImage: input.ogImage ?? null,
        createdBy: who.id,
        updatedBy: who.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return { ok: true, value: row };
  },

  async update(db, who, row, input, checked, now) {
    const slug = input.slug ?? row.slug;
    if (slug !== row.slug && (await slugTaken(db, row.id)(slug))) return refused.taken(takenMessage(slug));
    const [updated] = await db
      .update(newsroomArticles)
      .set({
        slug,
        version: row.version + 1,
        ...editedFields(input, checked),
        seoTitle: input.seoTitle ?? row.seoTitle,
        seoDescription: input.seoDescription ?? row.seoDescription,
        ogImage: input.ogImage === undefined ? row.ogImage : input.ogImage,
        updatedBy: who.id,
        updatedAt: now,
      })
      // The version in the WHERE clause: two saves racing on the same version, one wins.
      .where(and(eq(newsroomArticles.id, row.id), eq(newsroomArticles.version, row.version)))
      .returning();
    return updated ? { ok: true, value: updated } : null;
  },

  async setStatus(db, who, row, change, now) {
    const [updated] = await db
      .update(newsroomArticles)
      .set({
        status: change.status,
        version: row.version + 1,
        scheduledAt: change.scheduledAt,
        publishedAt: change.publishedAt,
        // The scheduler (no member) leaves the last editor's name in place.
        ...(who ? { updatedBy: who.id } : {}),
        updatedAt: now,
      })
      .where(and(eq(newsroomArticles.id, row.id), eq(newsroomArticles.version, row.version), eq(newsroomArticles.status, row.status)))
      .returning();
    return updated ?? null;
  },

  publish: publishArticleCopy,
  withdraw: withdrawArticleCopy,
  async afterPublishedSave(db, before, after, now) {
    if (after.slug !== before.slug) await keepOldAddress(db, after.id, before.slug, now);
  },

  async snapshot(db, row, checked) {
    const doc = checked?.doc ?? (await docOf(db, row));
    const blocks = checked?.blocks ?? (await publishedBlocks(db, row.id));
    return {
      title: row.title,
      subtitle: row.subtitle,
      slug: row.slug,
      categoryId: row.categoryId,
      authorId: row.authorId,
      stamp: row.stamp,
      mainImage: row.mainImage,
      doc,
      text: plainParagraphs(blocks),
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      ogImage: row.ogImage,
    };
  },
  snapshotFields: {
    names: {
      title: 'Titre',
      subtitle: 'Chapô',
      slug: 'Adresse',
      stamp: 'Tampon',
      seoTitle: 'Titre SEO',
      seoDescription: 'Description SEO',
      ogImage: 'Image de partage',
      categoryId: 'Rubrique',
      authorId: 'Signature',
    },
    extra: imageAndTextChanges,
  },
  async inputFromSnapshot(db, s) {
    const [category] = await db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, Number(s.categoryId)));
    const [author] = await db
      .select({ slug: authors.slug })
      .from(authors)
      .where(eq(authors.id, Number(s.authorId)));
    if (!category || !author) return refused.bad("La rubrique ou la signature de cette révision n'existe plus.", 'revisionId');
    return {
      ok: true,
      value: {
        title: String(s.title),
        subtitle: String(s.subtitle),
        slug: String(s.slug),
        categorySlug: category.slug,
        authorSlug: author.slug,
        stamp: (s.stamp as Stamp | null) ?? null,
        mainImage: s.mainImage as Image,
        doc: s.doc,
        seoTitle: String(s.seoTitle ?? ''),
        seoDescription: String(s.seoDescription ?? ''),
        ogImage: (s.ogImage as string | null) ?? null,
      },
    };
  },
  revisions: articleRevisionStore,
  createDetail: (row) => ({ slug: row.slug }),
  saveDetail: (before, after) =>
    after.slug !== before.slug ? { action: 'article.update.slug', detail: { fromSlug: before.slug, toSlug: after.slug } } : {},
  toAdmin: toAdminArticle,
};
