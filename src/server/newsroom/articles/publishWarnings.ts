/**
 * What an article lacks for Google Discover and the search engines (issue 36): a main image narrower than
 * 1 200 px or without alternative text, no author. Warnings, shown to the editor before publishing; they
 * block publishing only when the operator asks for it (PUBLISH_WARNINGS_BLOCK=1).
 */
import { eq } from 'drizzle-orm';
import { appConfig } from '../../../../app.config.ts';
import type { Image } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { authors } from '../../../db/schema.ts';
import { libraryImageWidth } from '../libraryImage.ts';

export interface PublishFacts {
  /** The main image's width in pixels; null when unknown (not a library image). */
  imageWidth: number | null;
  imageAlt: string;
  /** The author's name; null when the article has none. */
  authorName: string | null;
}

const frenchNumber = new Intl.NumberFormat('fr-FR');

export function publishWarningsOf(facts: PublishFacts): string[] {
  const warnings: string[] = [];
  const min = appConfig.seo.discoverImageMinWidth;
  if (facts.imageWidth !== null && facts.imageWidth < min) {
    warnings.push(
      `L’image principale fait ${frenchNumber.format(facts.imageWidth)} px de large : Google Discover demande au moins ${frenchNumber.format(min)} px.`,
    );
  }
  if (facts.imageAlt.trim() === '') warnings.push('L’image principale n’a pas de texte alternatif.');
  if (facts.authorName === null || facts.authorName.trim() === '') warnings.push('Cet article n’a pas d’auteur.');
  return warnings;
}

export async function articlePublishWarnings(db: Database, row: { mainImage: Image; authorId: number }): Promise<string[]> {
  const [author] = await db.select({ name: authors.name }).from(authors).where(eq(authors.id, row.authorId));
  return publishWarningsOf({
    imageWidth: await libraryImageWidth(db, row.mainImage.url),
    imageAlt: row.mainImage.alt ?? '',
    authorName: author?.name ?? null,
  });
}

/** The 422's sentence when the warnings block (PUBLISH_WARNINGS_BLOCK=1): what to fix, then each warning. */
export function publishBlockedMessage(warnings: readonly string[]): string {
  return `Publication impossible tant que ces points ne sont pas réglés : ${warnings.join(' ')}`;
}
