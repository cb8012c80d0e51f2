/**
 * A page of a live source (issue 35, decision 036: « À propos », « Contact »…) written into `source_pages`,
 * inside the importers' per-item transaction and with their body and image handling (handed in as `tools`, so
 * the allow-list, the media library and the redirects are the writer's own). Like a post's copy: a late answer
 * never writes over a newer copy (checked under the source item's lock), an unchanged re-read writes nothing, a
 * slug change keeps the old address (one 301), and a page the source no longer publishes leaves the front.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ContentBlock, Image } from '../../api/types.ts';
import type { Transaction } from '../../db/client.ts';
import { type ImportSourceKind, type RichTextNode, sourcePages } from '../../db/schema.ts';
import { dropRedirectsFrom } from '../redirects/redirectStore.server.ts';
import { slugify, uniqueSlug } from '../newsroom/slugs.ts';
import type { ImportPost } from './importModel.ts';
import type { ReportLine } from './importReport.ts';
import { plainText } from './plainText.ts';
import { lockSourceItem } from './sourceItemLock.ts';

const MAX_TITLE = 300;
const MAX_SUBTITLE = 600;

/** What the writer lends a page: its own body, image and redirect handling. */
export interface SourcePageTools {
  sourceKind: ImportSourceKind;
  now: Date;
  onOlder: (post: ImportPost) => void;
  body(
    post: ImportPost,
    title: string,
    line: ReportLine,
    fail: (reason: string) => never,
  ): Promise<{ doc: RichTextNode; blocks: ContentBlock[] }>;
  mainImage(post: ImportPost, title: string, line: ReportLine): Promise<Image>;
  redirectOldUrls(urls: readonly string[], toPath: string, line: ReportLine): Promise<void>;
}

export interface SourcePageWrite {
  line: ReportLine;
  /** Readers' pages changed (the caller records the CDN's purge in the same transaction). */
  publicChange: boolean;
}

const checksumOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

export const sourcePageAddress = (slug: string) => `/${slug}`;

export async function writeSourcePage(
  tx: Transaction,
  tools: SourcePageTools,
  post: ImportPost,
  failure: (line: ReportLine) => Error,
): Promise<SourcePageWrite> {
  const title = plainText(post.title).slice(0, MAX_TITLE);
  const line: ReportLine = { kind: 'page', sourceId: post.sourceId, title, outcome: 'imported', reasons: [] };
  const unchanged = { line: { ...line, outcome: 'unchanged' as const }, publicChange: false };
  const fail = (reason: string): never => {
    throw failure({ ...line, outcome: 'failed', reasons: [...line.reasons, reason] });
  };
  const badDate = (date: Date | null) => date !== null && Number.isNaN(date.getTime());
  if (badDate(post.publishedAt) || badDate(post.updatedAt)) fail('date de publication illisible');
  // The same lock as a post's: a webhook in one process and a pass in another wait for each other here.
  await lockSourceItem(tx, tools.sourceKind, post.sourceId);
  const [current] = await tx
    .select()
    .from(sourcePages)
    .where(and(eq(sourcePages.sourceKind, tools.sourceKind), eq(sourcePages.sourceId, post.sourceId)))
    .for('update');
  if (current?.sourceUpdatedAt && post.updatedAt && post.updatedAt < current.sourceUpdatedAt) {
    tools.onOlder(post);
    return unchanged;
  }
  const checksum = checksumOf(post);
  if (current && current.checksum === checksum) return unchanged;

  if (post.status !== 'published') {
    // Drafts, members-only or scheduled pages are not the front's: a copy on it leaves it (404, out of the sitemap).
    if (current?.status !== 'published')
      return { line: { ...line, outcome: 'skipped', reasons: ['page non publiée dans la source'] }, publicChange: false };
    await tx
      .update(sourcePages)
      .set({ status: 'unpublished', checksum: '', version: sql`${sourcePages.version} + 1`, sourceUpdatedAt: post.updatedAt })
      .where(eq(sourcePages.id, current.id));
    return { line: { ...line, outcome: 'updated', reasons: ['page retirée : plus publiée dans la source'] }, publicChange: true };
  }

  const { doc, blocks } = await tools.body(post, title, line, fail);
  const mainImage = post.featureImage ? await tools.mainImage(post, title, line) : null;
  const slug = await uniqueSlug(
    slugify(post.slug || title).slice(0, 120) || `page-${post.sourceId}`.replace(/[^a-z0-9-]/g, ''),
    async (s) =>
      (await tx.select({ id: sourcePages.id }).from(sourcePages).where(eq(sourcePages.slug, s))).some((r) => r.id !== current?.id),
  );
  const publishedAt = post.publishedAt ?? post.updatedAt ?? tools.now;
  const fields = {
    slug,
    status: 'published' as const,
    title: title || '(sans titre)',
    subtitle: plainText(post.excerpt).slice(0, MAX_SUBTITLE),
    mainImage,
    doc,
    body: blocks,
    seoTitle: plainText(post.seoTitle).slice(0, 200),
    seoDescription: plainText(post.seoDescription).slice(0, 400),
    publishedAt,
    updatedAt: post.updatedAt ?? publishedAt,
    sourceUpdatedAt: post.updatedAt,
    checksum,
  };
  if (current) {
    await tx
      .update(sourcePages)
      .set({ ...fields, version: current.version + 1 })
      .where(eq(sourcePages.id, current.id));
    line.outcome = 'updated';
  } else {
    await tx.insert(sourcePages).values({ sourceKind: tools.sourceKind, sourceId: post.sourceId, ...fields });
  }
  const address = sourcePageAddress(slug);
  // The page wins over any redirect from its own address (as a published article does).
  await dropRedirectsFrom(tx, address);
  const oldUrls = [...post.oldUrls];
  // A published page moved: its old address answers one 301 to the new one.
  if (current?.status === 'published' && current.slug !== slug) oldUrls.push(sourcePageAddress(current.slug));
  await tools.redirectOldUrls(oldUrls, address, line);
  return { line, publicChange: true };
}
