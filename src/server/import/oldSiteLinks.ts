/**
 * Links that point at the old site (an import's source, a live source) rewritten to the front's addresses. One pass
 * for the importer's writer, its last link pass and a live source's draft preview, so that the three agree on what
 * "a link to the old site" is and where it lands.
 */
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { type RichTextNode, sourcePages } from '../../db/schema.ts';
import { normaliseRedirectPath } from '../redirects/redirectPaths.ts';
import { findStoredRedirect } from '../redirects/redirectStore.server.ts';
import { rewriteLinks } from './htmlToDoc.ts';

type Db = Database | Transaction;

export interface RewrittenLinks {
  doc: RichTextNode;
  /** Some link to the old site found no address yet (a post of the same run not written yet). */
  unresolved: boolean;
  changed: boolean;
}

/**
 * Each distinct link to the old site looked up once (`lookup` gets its normalised path); links it finds are
 * rewritten, every other link is left as written.
 */
export async function rewriteOldSiteLinks(
  doc: RichTextNode,
  siteUrl: string | null,
  lookup: (path: string) => Promise<string | null>,
): Promise<RewrittenLinks> {
  const hrefs = new Set<string>();
  rewriteLinks(doc, (href) => {
    hrefs.add(href);
    return null;
  });
  const targets = new Map<string, string>();
  let unresolved = false;
  for (const href of hrefs) {
    const onOldSite = pathOnOldSite(href, siteUrl);
    const path = onOldSite ? normaliseRedirectPath(onOldSite) : null;
    if (!path) continue;
    const target = await lookup(path);
    if (target) targets.set(href, target);
    else unresolved = true;
  }
  if (targets.size === 0) return { doc, unresolved, changed: false };
  return { doc: rewriteLinks(doc, (href) => targets.get(href) ?? null), unresolved, changed: true };
}

/**
 * Where an old site's path is on the front: the redirect table's answer, else the same path when it is a published
 * page of the live source (decision 036: a page keeps its `/{slug}`, so it needs no redirect row).
 */
export async function frontAddressOf(db: Db, path: string): Promise<string | null> {
  const redirected = await findStoredRedirect(db, path);
  if (redirected) return redirected;
  const slug = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(path)?.[1];
  if (!slug) return null;
  const [page] = await db
    .select({ id: sourcePages.id })
    .from(sourcePages)
    .where(and(eq(sourcePages.slug, slug), eq(sourcePages.status, 'published')));
  return page ? path : null;
}

/** The path of a link to the old site (a path, or an address on its host), else null. */
export function pathOnOldSite(href: string, siteUrl: string | null): string | null {
  if (/^\/(?!\/)/.test(href)) return href;
  if (!siteUrl) return null;
  try {
    const url = new URL(href);
    const site = new URL(siteUrl);
    if (url.host.replace(/^www\./, '') !== site.host.replace(/^www\./, '')) return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}
