/**
 * Signed, expiring preview links: `<id>.<expires in seconds>.<HMAC-SHA256>`. Nothing stored: the
 * signature and the date are the whole proof. The key is NEWSROOM_SECRET, else one generated once and kept
 * in the database (shared by every instance, kept across restarts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newsletterKeys } from '../../db/schema.ts';

export async function loadNewsroomSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured && configured.trim() !== '') return configured.trim();
  await db
    .insert(newsletterKeys)
    .values({ name: 'newsroom', secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: newsletterKeys.secret }).from(newsletterKeys).where(eq(newsletterKeys.name, 'newsroom'));
  if (!row) throw new Error('newsroom secret missing after insert');
  return row.secret;
}

/**
 * `purpose` separates kinds of previews ('' for articles, 'popin'): a token made for one never opens another
 * kind's item of the same id.
 */
const sign = (secret: string, payload: string, purpose: string) =>
  createHmac('sha256', secret)
    .update(`piquante-preview:${purpose ? `${purpose}:` : ''}${payload}`)
    .digest('base64url');

export function previewToken(secret: string, articleId: number, expiresAt: Date, purpose = ''): string {
  const payload = `${articleId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${sign(secret, payload, purpose)}`;
}

/** The article id of a valid, unexpired token, or null. */
export function readPreviewToken(secret: string, token: string, now: Date, purpose = ''): number | null {
  const id = verify(secret, token, now, purpose, /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/);
  return id === null ? null : Number(id);
}

/** The id part of a token of this purpose whose signature holds and whose date has not passed; null otherwise. */
function verify(secret: string, token: string, now: Date, purpose: string, shape: RegExp): string | null {
  const match = shape.exec(token);
  if (!match) return null;
  const [, id = '', expires = '', signature = ''] = match;
  const expected = Buffer.from(sign(secret, `${id}.${expires}`, purpose));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return id;
}

/**
 * The same links for a draft of the live source (issue 35), whose id is the source's own (Ghost's 24 hex digits,
 * WordPress's number): signed for purpose 'source', so no article's or format's token opens a draft, nor the reverse.
 */
const SOURCE_PURPOSE = 'source';

export function sourcePreviewToken(secret: string, sourceId: string, expiresAt: Date): string {
  if (!/^[A-Za-z0-9]{1,40}$/.test(sourceId)) throw new Error('a source id is 1 to 40 letters or digits');
  const payload = `${sourceId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${sign(secret, payload, SOURCE_PURPOSE)}`;
}

/** The source's post id of a valid, unexpired draft token, or null. */
export function readSourcePreviewToken(secret: string, token: string, now: Date): string | null {
  return verify(secret, token, now, SOURCE_PURPOSE, /^([A-Za-z0-9]{1,40})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/);
}
