/**
 * Signed preview links, once for every format of the editorial workflow: whoever may read an item may share
 * a link that expires (audited), and whoever holds the link sees the item's working copy as readers would —
 * without a session, the link being the credential. A format names its kind of token (an article's never
 * opens a quiz of the same id), the page that shows a token, and how its working copy reads as readers get it.
 */
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../../../db/client.ts';
import { audit } from '../audit.server.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { previewToken, readPreviewToken } from '../previewTokens.ts';
import type { StaffMember } from '../staff.server.ts';
import { canRead, type EditorialRow } from './editorialWorkflow.ts';

export interface PreviewKind<Row extends Pick<EditorialRow, 'id' | 'createdBy' | 'status'>, Reader> {
  /** The audit log's entity ('quiz' → 'quiz.preview-link'). */
  entity: string;
  /** What the token is signed for ('' for articles, whose tokens predate the others). */
  purpose: string;
  find(db: Database, id: number): Promise<Row | null>;
  /** The reader's page that shows this token (a path, with its query when the preview rides on a real page). */
  pageOf(row: Row, token: string): string;
  /** The working copy as the public page reads it; null when it cannot be shown. */
  readerCopy(db: Database, row: Row, now: Date): Promise<Reader | null>;
}

export interface PreviewLink {
  url: string;
  expiresAt: string;
}

export interface PreviewLinks<Reader> {
  issue(db: Database, who: StaffMember, id: number, secret: string, now: Date): Promise<NewsroomResult<PreviewLink>>;
  /** What a valid, unexpired token of this kind shows; null otherwise (forged, expired, another kind's, gone). */
  open(db: Database, secret: string, token: string, now: Date): Promise<Reader | null>;
}

export function previewLinks<Row extends Pick<EditorialRow, 'id' | 'createdBy' | 'status'>, Reader>(
  kind: PreviewKind<Row, Reader>,
): PreviewLinks<Reader> {
  return {
    async issue(db, who, id, secret, now) {
      const row = await kind.find(db, id);
      if (!row) return refused.notFound;
      if (!canRead(who, row)) return refused.forbidden;
      const expiresAt = new Date(now.getTime() + appConfig.newsroom.previewLinkMinutes * 60_000);
      const token = previewToken(secret, row.id, expiresAt, kind.purpose);
      await db.transaction((tx) =>
        audit(
          tx,
          who,
          { action: `${kind.entity}.preview-link`, entity: kind.entity, entityId: row.id, detail: { expiresAt: expiresAt.toISOString() } },
          now,
        ),
      );
      return { ok: true, value: { url: kind.pageOf(row, token), expiresAt: expiresAt.toISOString() } };
    },
    async open(db, secret, token, now) {
      const id = readPreviewToken(secret, token, now, kind.purpose);
      const row = id === null ? null : await kind.find(db, id);
      return row ? kind.readerCopy(db, row, now) : null;
    },
  };
}
