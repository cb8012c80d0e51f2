/**
 * A format's child items (its declaration's `children`, e.g. a live blog's entries), stored once for any
 * format: posted (published, or a draft waiting for someone who may publish), corrected (a published item is
 * marked with the time, a draft simply rewritten), deleted (kept as a tombstone so that readers polling since
 * an older cursor drop it too), published, pinned (one at most: the table's partial unique index). Every change
 * locks the parent row and bumps its cursor in the same transaction, with its audit: readers poll with the
 * cursor and get what changed since. The format brings its items' own columns (their check) and their view.
 */
import { and, desc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import type { ChildDeclaration } from '../../../formats/formatDeclaration.ts';
import { audit } from '../audit.server.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import type { StaffMember } from '../staff.server.ts';
import type { EditorialTable, RowOf } from './editorialTable.ts';
import { canEdit, canPublish, canRead } from './editorialWorkflow.ts';

type ChildColumnName = 'id' | 'status' | 'pinned' | 'publishedAt' | 'correctedAt' | 'deletedAt' | 'changedIn' | 'createdBy' | 'updatedAt';
/** A child items' table: any Drizzle table with these columns, and one naming the parent. */
export type ChildTable = PgTable & { [K in ChildColumnName | 'createdAt']: PgColumn };
export interface ChildRow {
  id: number;
  status: 'draft' | 'published';
  pinned: boolean;
  publishedAt: Date | null;
  correctedAt: Date | null;
  deletedAt: Date | null;
  changedIn: number;
  createdBy: number | null;
}
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type ChildAction<Input> =
  | { kind: 'correct'; input: Input }
  | { kind: 'delete' }
  | { kind: 'pin'; pinned: boolean }
  | { kind: 'publish' };
/** `input.publish` false keeps a new item a draft (a contributor's always is). */
export type ChildInput = { publish?: boolean | null };

export interface ChildChange<View> {
  entry: View;
  /** Readers' pages changed (a published item of a published parent): purge them. */
  publicChange: boolean;
}

export interface ChildItemsSpec<P extends EditorialTable, C extends ChildTable, Input, View> {
  declaration: ChildDeclaration;
  parent: P;
  /** The parent's count of its items' changes: readers' cursor. */
  cursor: PgColumn;
  items: C;
  /** The items' column naming their parent. */
  parentColumn: PgColumn;
  /** Whether the parent takes no more items (a live blog ended). */
  closed(parent: RowOf<P>): boolean;
  /** The items' own columns from the contract's input, checked (a French refusal otherwise). */
  check(tx: Tx, input: Input): Promise<NewsroomResult<Record<string, unknown>>>;
  /** The newsroom's view of some items. */
  view(db: Database | Tx, rows: (C['$inferSelect'] & ChildRow)[]): Promise<View[]>;
}

function onlyPublishedPinned({ singular, gender }: ChildDeclaration['noun']) {
  const [one, e] = gender === 'feminine' ? ['une', 'e'] : ['un', ''];
  return `Seul${e} ${one} ${singular} publié${e} peut être épinglé${e}.`;
}

export function childItems<P extends EditorialTable, C extends ChildTable, Input extends ChildInput, View>(
  spec: ChildItemsSpec<P, C, Input, View>,
) {
  type Row = C['$inferSelect'] & ChildRow;
  const { parent, items, cursor, declaration } = spec;
  // As in editorialTable.ts: Drizzle's builders cannot resolve a generic table's columns; values are typed at the boundary.
  const insertValue = (v: Record<string, unknown>) => v as PgInsertValue<C>;
  const setValue = (v: Record<string, unknown>) => v as PgUpdateSetSource<C>;
  // Writes name columns by their TypeScript key, not their SQL name.
  const keyOf = (table: PgTable, column: PgColumn) => {
    const key = Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0];
    if (!key) throw new Error(`${declaration.entity}: ${column.name} is not a column of its table`);
    return key;
  };
  const [parentKey, cursorKey] = [keyOf(items, spec.parentColumn), keyOf(parent, cursor)];
  const first = async (db: Database | Tx, rows: unknown) => ((await spec.view(db, rows as Row[])) as [View])[0];

  /** The parent, locked until this write commits: its items' changes are numbered one after the other. */
  async function lock(tx: Tx, parentId: number) {
    const [found] = await tx
      .select()
      .from(parent as EditorialTable)
      .where(eq(parent.id, parentId))
      .for('update');
    return (found as RowOf<P> | undefined) ?? null;
  }

  /** The next cursor, taken only once the write is sure (a refusal leaves readers' ETag alone). */
  async function bump(tx: Tx, parentId: number, now: Date): Promise<number> {
    const [bumped] = await tx
      .update(parent as EditorialTable)
      .set({ [cursorKey]: sql`${cursor} + 1`, updatedAt: now } as PgUpdateSetSource<EditorialTable>)
      .where(eq(parent.id, parentId))
      .returning({ version: cursor });
    if (!bumped) throw new Error(`${declaration.entity}: parent vanished while locked`);
    return bumped.version as number;
  }

  const record = (tx: Tx, who: StaffMember, kind: string, id: number, detail: Record<string, unknown>, now: Date) =>
    audit(tx, who, { action: `${declaration.entity}.${kind}`, entity: declaration.entity, entityId: id, detail }, now);

  return {
    async post(db: Database, who: StaffMember, parentId: number, input: Input, now: Date): Promise<NewsroomResult<ChildChange<View>>> {
      return db.transaction(async (tx) => {
        const owner = await lock(tx, parentId);
        if (!owner) return refused.notFound;
        if (spec.closed(owner)) return refused.bad(declaration.closed);
        const checked = await spec.check(tx, input);
        if (!checked.ok) return checked;
        const publish = input.publish !== false && canPublish(who, { createdBy: who.id });
        const rows = await tx
          .insert(items)
          .values(
            insertValue({
              ...checked.value,
              [parentKey]: parentId,
              status: publish ? 'published' : 'draft',
              publishedAt: publish ? now : null,
              changedIn: await bump(tx, parentId, now),
              createdBy: who.id,
              createdAt: now,
              updatedAt: now,
            }),
          )
          .returning();
        const entry = await first(tx, rows);
        const id = (rows as Row[])[0]?.id ?? 0;
        await record(tx, who, 'post', id, { parentId, publish }, now);
        return { ok: true, value: { entry, publicChange: publish && owner.status === 'published' } };
      });
    },

    /** Correct, delete, pin or publish one item of one parent. */
    async change(
      db: Database,
      who: StaffMember,
      parentId: number,
      itemId: number,
      action: ChildAction<Input>,
      now: Date,
    ): Promise<NewsroomResult<ChildChange<View>>> {
      return db.transaction(async (tx) => {
        const owner = await lock(tx, parentId);
        if (!owner) return refused.notFound;
        const [row] = (await tx
          .select()
          .from(items as ChildTable)
          .where(and(eq(items.id, itemId), eq(spec.parentColumn, parentId)))) as Row[];
        if (!row || row.deletedAt) return refused.notFound;
        const wasPublic = row.status === 'published';
        let set: Record<string, unknown>;
        if (action.kind === 'correct') {
          if (!canEdit(who, row)) return refused.forbidden;
          const checked = await spec.check(tx, action.input);
          if (!checked.ok) return checked;
          // Correcting what readers already saw is shown as such; a draft is simply rewritten.
          set = { ...checked.value, correctedAt: wasPublic ? now : null };
        } else if (action.kind === 'delete') {
          if (!canEdit(who, row)) return refused.forbidden;
          set = { deletedAt: now, pinned: false };
        } else if (action.kind === 'publish') {
          if (!canPublish(who, row)) return refused.forbidden;
          if (spec.closed(owner)) return refused.bad(declaration.closed);
          set = { status: 'published', publishedAt: row.publishedAt ?? now };
        } else {
          if (!canPublish(who, { createdBy: owner.createdBy })) return refused.forbidden;
          if (action.pinned && !wasPublic) return refused.bad(onlyPublishedPinned(declaration.noun));
          set = { pinned: action.pinned };
        }
        const version = await bump(tx, parentId, now);
        if (action.kind === 'pin' && action.pinned) {
          // The previous pinned item is unpinned first, in this transaction (the unique index keeps it one).
          await tx
            .update(items)
            .set(setValue({ pinned: false, changedIn: version, updatedAt: now }))
            .where(and(eq(spec.parentColumn, parentId), eq(items.pinned, true)));
        }
        const updated = (await tx
          .update(items)
          .set(setValue({ ...set, changedIn: version, updatedAt: now }))
          .where(eq(items.id, row.id))
          .returning()) as Row[];
        const after = updated[0];
        if (!after) throw new Error('update returned nothing');
        await record(tx, who, action.kind, row.id, { parentId }, now);
        const isPublic = after.status === 'published' && !after.deletedAt;
        return {
          ok: true,
          value: { entry: await first(tx, updated), publicChange: (wasPublic || isPublic) && owner.status === 'published' },
        };
      });
    },

    /** The newsroom's view: every item not deleted that `who` may read (a colleague's draft is theirs and the editors'), newest first. */
    async adminList(db: Database, parentId: number, who: StaffMember): Promise<View[]> {
      const rows = (await db
        .select()
        .from(items as ChildTable)
        .where(and(eq(spec.parentColumn, parentId), isNull(items.deletedAt)))
        .orderBy(sql`coalesce(${items.publishedAt}, ${items.createdAt}) desc`, desc(items.id))) as Row[];
      return spec.view(
        db,
        rows.filter((r) => canRead(who, r)),
      );
    },

    /**
     * What readers get: the published items changed since the cursor (all of them without one), newest first,
     * and the ones they may hold that are gone (deleted or back to draft).
     */
    async since(db: Database, parentId: number, since: number | null) {
      const rows = (await db
        .select()
        .from(items as ChildTable)
        .where(and(eq(spec.parentColumn, parentId), since === null ? undefined : gt(items.changedIn, since)))
        .orderBy(sql`${items.publishedAt} desc nulls last`, sql`${items.id} desc`)) as Row[];
      const visible = rows.filter((r) => r.status === 'published' && !r.deletedAt);
      const removed = since === null ? [] : rows.filter((r) => r.status !== 'published' || r.deletedAt).map((r) => r.id);
      return { entries: await spec.view(db, visible), removed };
    },
  };
}

export type ChildItems<Input, View> = ReturnType<typeof childItems<EditorialTable, ChildTable, Input & ChildInput, View>>;
