/**
 * The editorial workflow every newsroom format shares (articles today; quizzes, generators, popins next):
 * drafts, versions with conflict detection, publish / schedule / unpublish, the scheduler's pass, revisions
 * with restore, and the audit log, each write in one transaction. A format brings its own fields only,
 * through an EditorialFormat: how to check its input, write its row, snapshot it, and publish the copy
 * readers read. Nothing here knows what an article is.
 */
import type { Database, Transaction } from '../../../db/client.ts';
import type { NewsroomStatus } from '../../../db/schema.ts';
import { audit } from '../audit.server.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import type { StaffMember } from '../staff.server.ts';
import { type RevisionStore, diffSnapshots, type SnapshotFields } from './revisions.ts';

/** What the workflow reads of any format's editorial row. */
export interface EditorialRow {
  id: number;
  status: NewsroomStatus;
  version: number;
  createdBy: number | null;
  updatedBy: number | null;
  updatedAt: Date;
  scheduledAt: Date | null;
  publishedAt: Date | null;
}

/** A status change as the workflow decides it; the format writes it (version-checked). */
export interface StatusChange {
  status: NewsroomStatus;
  scheduledAt: Date | null;
  publishedAt: Date | null;
}

export interface EditorialFormat<Row extends EditorialRow, Input, Checked, Admin> {
  /** The audit log's entity, and the prefix of its actions ('article' → 'article.publish'). */
  entity: string;
  /** "cet article": how refusals name one item of this format. */
  thisItem: string;
  find(db: Database, id: number): Promise<Row | null>;
  /** Validates and resolves the format's own fields (slugs, references, rich text). */
  check(db: Database, who: StaffMember, input: Input, current: Row | null): Promise<NewsroomResult<Checked>>;
  /** Writes a new draft; `taken` when its address is someone else's. */
  insert(db: Database, who: StaffMember, input: Input, checked: Checked, now: Date): Promise<NewsroomResult<Row>>;
  /** Saves the fields if `row.version` is still current (null: someone saved first); `taken` on an address clash. */
  update(db: Database, who: StaffMember, row: Row, input: Input, checked: Checked, now: Date): Promise<NewsroomResult<Row> | null>;
  /** Writes a status change if `row.version` is still current (null otherwise). */
  setStatus(db: Database, who: StaffMember | null, row: Row, change: StatusChange, now: Date): Promise<Row | null>;
  /** Readers' copy: written (or refreshed) when published, removed when it leaves. */
  publish(db: Database, row: Row, now: Date): Promise<void>;
  withdraw(db: Database, row: Row): Promise<void>;
  /** Side effects of a save on a published item (an address moved: the old one keeps answering). */
  afterPublishedSave?(db: Database, before: Row, after: Row, now: Date): Promise<void>;
  /** What a revision keeps, and the fields a diff names. */
  snapshot(db: Database, row: Row, checked: Checked | null): Promise<Record<string, unknown>>;
  snapshotFields: SnapshotFields;
  /** A revision back into an input; `bad` when what it references is gone. */
  inputFromSnapshot(db: Database, snapshot: Record<string, unknown>): Promise<NewsroomResult<Input>>;
  revisions: RevisionStore;
  /** Extra audit detail of a creation (e.g. its slug) and of a save (e.g. a slug change, its own action). */
  createDetail?(row: Row): Record<string, unknown>;
  saveDetail?(before: Row, after: Row): { action?: string; detail?: Record<string, unknown> };
  /** `who` reads it: a format whose item holds parts by several authors shows each only what they may read. */
  toAdmin(db: Database, row: Row, who: StaffMember): Promise<Admin>;
  /**
   * The fields whose refusal is recorded in the audit log (hostile content: pasted HTML, a `javascript:`
   * link); by default the rich-text body, `doc`.
   */
  auditedRefusal?(field: string): boolean;
}

export interface SaveOutcome<Admin> {
  item: Admin;
  /** What readers see changed (a published item saved, published or withdrawn): pages must be purged. */
  publicChange: boolean;
}

export type StatusAction = 'schedule' | 'publish' | 'unpublish' | 'draft';

const allowed: Record<StatusAction, readonly NewsroomStatus[]> = {
  schedule: ['draft', 'unpublished', 'scheduled'],
  publish: ['draft', 'scheduled', 'unpublished'],
  unpublish: ['published'],
  draft: ['scheduled', 'unpublished'],
};

const statusOf: Record<StatusAction, NewsroomStatus> = {
  schedule: 'scheduled',
  publish: 'published',
  unpublish: 'unpublished',
  draft: 'draft',
};

const statusNames: Record<NewsroomStatus, string> = {
  draft: 'un brouillon',
  scheduled: 'programmé',
  published: 'publié',
  unpublished: 'dépublié',
};

/** Who may write what (issue 15): contributors their own unpublished drafts, authors their own, editors all. */
export function canEdit(member: StaffMember, row: Pick<EditorialRow, 'createdBy' | 'status'>): boolean {
  if (member.role === 'editor' || member.role === 'admin') return true;
  if (row.createdBy !== member.id) return false;
  if (member.role === 'author') return true;
  return row.status === 'draft' || row.status === 'unpublished';
}

/**
 * Who may read an item by its id (issue 23, IDOR): editors everything; the others their own items and what
 * readers can already see, never a colleague's draft.
 */
export function canRead(member: StaffMember, row: Pick<EditorialRow, 'createdBy' | 'status'>): boolean {
  if (member.role === 'editor' || member.role === 'admin') return true;
  return row.createdBy === member.id || row.status === 'published';
}

/**
 * Who may read an item's history: its earlier versions were drafts, so the same people as for a colleague's
 * draft (editors) and the item's own author. The others may read a published item, not the way it got there.
 */
export function canReadHistory(member: StaffMember, row: Pick<EditorialRow, 'createdBy'>): boolean {
  if (member.role === 'editor' || member.role === 'admin') return true;
  return row.createdBy === member.id;
}

export function canPublish(member: StaffMember, row: Pick<EditorialRow, 'createdBy'>): boolean {
  if (member.role === 'editor' || member.role === 'admin') return true;
  return member.role === 'author' && row.createdBy === member.id;
}

/** Someone saved first: who, when, which version (nothing was overwritten). */
export async function conflictOf<Row extends EditorialRow>(
  format: EditorialFormat<Row, unknown, unknown, unknown>,
  db: Database,
  id: number,
  staffName: (db: Database, id: number | null) => Promise<string | null>,
): Promise<NewsroomResult<never>> {
  const current = await format.find(db, id);
  if (!current) return refused.notFound;
  return {
    ok: false,
    kind: 'conflict',
    currentVersion: current.version,
    changedBy: await staffName(db, current.updatedBy),
    changedAt: current.updatedAt,
  };
}

/** The workflow bound to one format. */
export function editorialWorkflow<Row extends EditorialRow, Input, Checked, Admin>(
  format: EditorialFormat<Row, Input, Checked, Admin>,
  staffName: (db: Database, id: number | null) => Promise<string | null>,
) {
  /**
   * A refused body (a node, mark or link outside the allow-list: a `javascript:` address, pasted HTML) is
   * recorded with who tried: the refusal itself writes nothing else.
   */
  async function refusedCheck(tx: Transaction, who: StaffMember, id: number | null, result: NewsroomResult<never>, now: Date) {
    const audited = format.auditedRefusal ?? ((field: string) => field === 'doc');
    const field = !result.ok && result.kind === 'bad' ? Object.keys(result.fields ?? {}).find(audited) : undefined;
    if (field && !result.ok && result.kind === 'bad') {
      await audit(
        tx,
        who,
        { action: `${format.entity}.refused`, entity: format.entity, entityId: id, detail: { field, reason: result.message } },
        now,
      );
    }
    return result;
  }
  const conflict = (db: Database, id: number) => conflictOf(format as EditorialFormat<Row, unknown, unknown, unknown>, db, id, staffName);
  const record = async (db: Database, row: Row, checked: Checked | null, who: StaffMember, at: Date) =>
    format.revisions.save(db, {
      itemId: row.id,
      version: row.version,
      snapshot: await format.snapshot(db, row, checked),
      staffId: who.id,
      at,
    });

  async function save(
    db: Database,
    who: StaffMember,
    id: number,
    input: Input & { version: number },
    now: Date,
  ): Promise<NewsroomResult<SaveOutcome<Admin>>> {
    return db.transaction(async (tx) => {
      const row = await format.find(tx, id);
      if (!row) return refused.notFound;
      if (!canEdit(who, row)) return refused.forbidden;
      if (row.version !== input.version) return conflict(tx, id);
      const checked = await format.check(tx, who, input, row);
      if (!checked.ok) return refusedCheck(tx, who, id, checked, now);
      const written = await format.update(tx, who, row, input, checked.value, now);
      if (written === null) return conflict(tx, id);
      if (!written.ok) return written;
      const updated = written.value;
      const revisionId = await record(tx, updated, checked.value, who, now);
      const published = updated.status === 'published';
      if (published) {
        await format.afterPublishedSave?.(tx, row, updated, now);
        await format.publish(tx, updated, now);
      }
      const extra = format.saveDetail?.(row, updated) ?? {};
      await audit(
        tx,
        who,
        {
          action: extra.action ?? `${format.entity}.update`,
          entity: format.entity,
          entityId: id,
          detail: { version: updated.version, afterRevision: revisionId, ...extra.detail },
        },
        now,
      );
      return { ok: true, value: { item: await format.toAdmin(tx, updated, who), publicChange: published } };
    });
  }

  return {
    canEdit,
    canPublish,

    /** A new draft, version 1, with its first revision. */
    async create(db: Database, who: StaffMember, input: Input, now: Date): Promise<NewsroomResult<Admin>> {
      return db.transaction(async (tx) => {
        const checked = await format.check(tx, who, input, null);
        if (!checked.ok) return refusedCheck(tx, who, null, checked, now);
        const inserted = await format.insert(tx, who, input, checked.value, now);
        if (!inserted.ok) return inserted;
        const row = inserted.value;
        const revisionId = await record(tx, row, checked.value, who, now);
        await audit(
          tx,
          who,
          {
            action: `${format.entity}.create`,
            entity: format.entity,
            entityId: row.id,
            detail: { ...format.createDetail?.(row), afterRevision: revisionId },
          },
          now,
        );
        return { ok: true, value: await format.toAdmin(tx, row, who) };
      });
    },

    /** A save of the version the editor started from; an outdated version changes nothing and says who saved. */
    save,

    async changeStatus(
      db: Database,
      who: StaffMember,
      id: number,
      change: { action: StatusAction; version: number; scheduledAt?: string },
      now: Date,
    ): Promise<NewsroomResult<SaveOutcome<Admin>>> {
      return db.transaction(async (tx) => {
        const row = await format.find(tx, id);
        if (!row) return refused.notFound;
        const mayChange = change.action === 'draft' ? canEdit(who, row) : canPublish(who, row);
        if (!mayChange) return refused.forbidden;
        if (row.version !== change.version) return conflict(tx, id);
        if (!allowed[change.action].includes(row.status)) {
          const name = format.thisItem.charAt(0).toUpperCase() + format.thisItem.slice(1);
          return refused.bad(`${name} est ${statusNames[row.status]} : cette action ne s'applique pas.`, 'action');
        }
        let scheduledAt: Date | null = null;
        if (change.action === 'schedule') {
          if (!change.scheduledAt) return refused.bad('Indiquez la date et l’heure de publication.', 'scheduledAt');
          scheduledAt = new Date(change.scheduledAt);
          if (Number.isNaN(scheduledAt.getTime()) || scheduledAt.getTime() <= now.getTime()) {
            return refused.bad('La date de publication programmée doit être dans le futur.', 'scheduledAt');
          }
        }
        const status = statusOf[change.action];
        // Publishing for the first time dates the item now; a re-publication keeps its first date.
        const publishedAt = status === 'published' ? (row.publishedAt ?? now) : row.publishedAt;
        const updated = await format.setStatus(tx, who, row, { status, scheduledAt, publishedAt }, now);
        if (!updated) return conflict(tx, id);
        if (status === 'published') await format.publish(tx, updated, now);
        else if (row.status === 'published') await format.withdraw(tx, row);
        await audit(
          tx,
          who,
          {
            action: `${format.entity}.${change.action}`,
            entity: format.entity,
            entityId: id,
            detail: {
              from: row.status,
              to: status,
              version: updated.version,
              ...(scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {}),
            },
          },
          now,
        );
        const fresh = (await format.find(tx, id)) ?? updated;
        return {
          ok: true,
          value: { item: await format.toAdmin(tx, fresh, who), publicChange: status === 'published' || row.status === 'published' },
        };
      });
    },

    /** The scheduler's pass over the given due rows: each published in its own transaction. Answers their ids. */
    async publishDue(db: Database, due: Row[], now: Date): Promise<number[]> {
      const published: number[] = [];
      for (const row of due) {
        const done = await db.transaction(async (tx) => {
          const updated = await format.setStatus(
            tx,
            null,
            row,
            { status: 'published', scheduledAt: null, publishedAt: row.scheduledAt ?? now },
            now,
          );
          if (!updated) return false; // Someone changed it meanwhile: their state stands.
          await format.publish(tx, updated, now);
          await audit(
            tx,
            null,
            { action: `${format.entity}.publish.scheduled`, entity: format.entity, entityId: row.id, detail: { version: updated.version } },
            now,
          );
          return true;
        });
        if (done) published.push(row.id);
      }
      return published;
    },

    /**
     * Every revision, newest first, each with what changed since the one before; none for who may not read
     * the item. Who may read it but not its history (a colleague's published item, issue 34 part 5) gets the
     * newest revision alone, compared with nothing: it is what readers see now (a published item's saves are
     * published at once), while the earlier ones, and a diff's "before", may be drafts never made public.
     */
    async listRevisions(db: Database, id: number, who: StaffMember) {
      const item = await format.find(db, id);
      if (!item || !canRead(who, item)) return [];
      const all = await format.revisions.list(db, id);
      const rows = canReadHistory(who, item) ? all : all.slice(-1);
      const out = rows.map((r, i) => ({
        id: r.id,
        version: r.version,
        createdAt: r.createdAt.toISOString(),
        staffName: r.staffName,
        title: String(r.snapshot.title ?? ''),
        changes: diffSnapshots(format.snapshotFields, i > 0 ? (rows[i - 1]?.snapshot ?? null) : null, r.snapshot),
      }));
      return out.reverse();
    },

    /** A revision saved again as the newest version (its own revision, audited as a restore). */
    async restore(
      db: Database,
      who: StaffMember,
      id: number,
      revisionId: number,
      version: number,
      now: Date,
    ): Promise<NewsroomResult<SaveOutcome<Admin>>> {
      // Before the revision is read: a refusal must not depend on (nor tell anything of) its content.
      const item = await format.find(db, id);
      if (!item) return refused.notFound;
      if (!canEdit(who, item) || !canReadHistory(who, item)) return refused.forbidden;
      const revision = await format.revisions.find(db, id, revisionId);
      if (!revision) return refused.notFound;
      const input = await format.inputFromSnapshot(db, revision.snapshot);
      if (!input.ok) return input;
      // The save and its restore line commit together: a restore is never left unrecorded.
      return db.transaction(async (tx) => {
        const result = await save(tx, who, id, { ...input.value, version }, now);
        if (result.ok) {
          await audit(
            tx,
            who,
            {
              action: `${format.entity}.restore`,
              entity: format.entity,
              entityId: id,
              detail: { fromRevision: revisionId, version: (result.value.item as { version?: number }).version },
            },
            now,
          );
        }
        return result;
      });
    },
  };
}
