/**
 * The editorial workflow's adapter for any format whose table spreads `editorialColumns()` and keeps its
 * revisions in a `revisionsTableFor(...)` table (db/schema.ts): find, insert, version-checked update and
 * status change, the revision store, the newsroom's list page and the scheduler's due rows, written once.
 * `tableFormat` builds a whole EditorialFormat (the workflow's port) from it, the format's declaration
 * (src/formats) and what only the format knows: its own columns, its snapshot, its readers' copy.
 */
import { and, asc, count, desc, eq, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FormatDeclaration } from '../../../formats/formatDeclaration.ts';
import { anotherItem, thisItem } from '../../../formats/formatWords.ts';
import type { Database } from '../../../db/client.ts';
import { type NewsroomStatus, type RevisionsTable, staff } from '../../../db/schema.ts';
import { dropRedirectsFrom, saveImportedRedirect } from '../../redirects/redirectStore.server.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { slugify, uniqueSlug } from '../slugs.ts';
import type { StaffMember } from '../staff.server.ts';
import type { EditorialFormat, EditorialRow } from './editorialWorkflow.ts';
import type { RevisionStore } from './revisions.ts';

/** The columns `editorialColumns()` adds, and the id. */
type EditorialColumnName =
  | 'id'
  | 'status'
  | 'version'
  | 'scheduledAt'
  | 'publishedAt'
  | 'createdBy'
  | 'updatedBy'
  | 'createdAt'
  | 'updatedAt';

/** A format's table: any Drizzle table with the editorial columns. */
export type EditorialTable = PgTable & { [K in EditorialColumnName]: PgColumn };

export type RowOf<T extends EditorialTable> = T['$inferSelect'] & EditorialRow;
/** The format's own columns as written: everything but the workflow's. */
export type OwnColumns<T extends EditorialTable> = Omit<T['$inferInsert'], EditorialColumnName>;

/** What every format's admin shape shares, from the editorial columns. */
export function editorialAdminFields(row: EditorialRow & { createdAt: Date }) {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdById: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What every format's list row shares, from the editorial columns. */
export function editorialListFields(row: EditorialRow) {
  return { id: row.id, status: row.status, version: row.version, updatedAt: row.updatedAt.toISOString() };
}

/** The columns an admin shape or a list row shows as they are stored, named once. */
export function columnsOf<R, K extends keyof R>(row: R, ...keys: K[]): Pick<R, K> {
  const picked = {} as Pick<R, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}

/** One revision store for every format: the tables differ by name only. */
export function revisionStoreOf(table: RevisionsTable): RevisionStore {
  return {
    async save(db, r) {
      const [revision] = await db
        .insert(table)
        .values({ itemId: r.itemId, version: r.version, snapshot: r.snapshot, staffId: r.staffId, createdAt: r.at })
        .onConflictDoNothing()
        .returning({ id: table.id });
      return revision?.id ?? 0;
    },
    async list(db, itemId) {
      const rows = await db
        .select({ revision: table, staffName: staff.name })
        .from(table)
        .leftJoin(staff, eq(staff.id, table.staffId))
        .where(eq(table.itemId, itemId))
        .orderBy(asc(table.version));
      return rows.map((r) => ({ ...r.revision, staffName: r.staffName }));
    },
    async find(db, itemId, revisionId) {
      const [revision] = await db
        .select({ snapshot: table.snapshot })
        .from(table)
        .where(and(eq(table.id, revisionId), eq(table.itemId, itemId)));
      return revision ?? null;
    },
  };
}

export interface ListFilter {
  status?: NewsroomStatus;
  /** Only what this member may read (their own items and published ones); null for editors and admins. */
  readableBy?: number | null;
  limit: number;
  offset: number;
}

/**
 * The table's reads and writes of the workflow's columns. `order` is the newsroom list's order (by default
 * the last saved first).
 */
export function editorialTable<T extends EditorialTable>(table: T, options: { order?: SQL[] } = {}) {
  type Row = RowOf<T>;
  const order = options.order ?? [desc(table.updatedAt), desc(table.id)];
  // Drizzle's builders cannot resolve a generic table's column types; the values are typed at this
  // module's boundary (OwnColumns<T>, Row), and each write below names only the editorial columns.
  const insertValue = (v: Record<string, unknown>) => v as PgInsertValue<T>;
  const setValue = (v: Record<string, unknown>) => v as PgUpdateSetSource<T>;
  const returned = (rows: unknown) => (rows as Row[])[0] ?? null;

  return {
    table,
    async find(db: Database, id: number): Promise<Row | null> {
      const rows = await db
        .select()
        .from(table as PgTable)
        .where(eq(table.id, id));
      return returned(rows);
    },
    /** A new draft, version 1, written by `who`. */
    async insert(db: Database, who: StaffMember, own: OwnColumns<T>, now: Date): Promise<Row> {
      const rows = await db
        .insert(table)
        .values(insertValue({ ...own, status: 'draft', version: 1, createdBy: who.id, updatedBy: who.id, createdAt: now, updatedAt: now }))
        .returning();
      const row = returned(rows);
      if (!row) throw new Error('insert returned nothing');
      return row;
    },
    /** Saves the format's own columns if `row.version` is still current (null: someone saved first). */
    async update(db: Database, who: StaffMember, row: Row, own: Partial<OwnColumns<T>>, now: Date): Promise<Row | null> {
      const rows = await db
        .update(table)
        .set(setValue({ ...own, version: row.version + 1, updatedBy: who.id, updatedAt: now }))
        // The version in the WHERE clause: two saves racing on the same version, one wins.
        .where(and(eq(table.id, row.id), eq(table.version, row.version)))
        .returning();
      return returned(rows);
    },
    /** Writes a column the workflow does not version (e.g. a hash that needs the new row's id). */
    async patch(db: Database, row: Row, own: Partial<OwnColumns<T>>): Promise<Row> {
      const rows = await db.update(table).set(setValue(own)).where(eq(table.id, row.id)).returning();
      const patched = returned(rows);
      if (!patched) throw new Error('update returned nothing');
      return patched;
    },
    async setStatus(
      db: Database,
      who: StaffMember | null,
      row: Row,
      change: { status: NewsroomStatus; scheduledAt: Date | null; publishedAt: Date | null },
      now: Date,
    ): Promise<Row | null> {
      const rows = await db
        .update(table)
        .set(
          setValue({
            status: change.status,
            version: row.version + 1,
            scheduledAt: change.scheduledAt,
            publishedAt: change.publishedAt,
            ...(who ? { updatedBy: who.id } : {}),
            updatedAt: now,
          }),
        )
        .where(and(eq(table.id, row.id), eq(table.version, row.version), eq(table.status, row.status)))
        .returning();
      return returned(rows);
    },
    /** One page of the newsroom's list, and how many there are; `where` adds the format's own filters. */
    async page(db: Database, filter: ListFilter, where: SQL[] = []): Promise<{ total: number; rows: Row[] }> {
      const conditions = [...where];
      if (filter.readableBy != null) {
        const readable = or(eq(table.createdBy, filter.readableBy), eq(table.status, 'published'));
        if (readable) conditions.push(readable);
      }
      if (filter.status) conditions.push(eq(table.status, filter.status));
      const condition = conditions.length > 0 ? and(...conditions) : undefined;
      const rows = await db
        .select()
        .from(table as PgTable)
        .where(condition)
        .orderBy(...order)
        .limit(filter.limit)
        .offset(filter.offset);
      const [total] = await db
        .select({ n: count() })
        .from(table as PgTable)
        .where(condition);
      return { total: total?.n ?? 0, rows: rows as Row[] };
    },
    /** One page of the newsroom's list in the format's summary shape (the contract's `Admin…List`). */
    async listAdmin<Summary>(
      db: Database,
      filter: ListFilter,
      toSummary: (row: Row) => Summary,
    ): Promise<{ total: number; results: Summary[] }> {
      const { total, rows } = await this.page(db, filter);
      return { total, results: rows.map((row) => toSummary(row)) };
    },
    /** The scheduler's rows: scheduled, their time come, the earliest first. */
    async due(db: Database, now: Date): Promise<Row[]> {
      const rows = await db
        .select()
        .from(table as PgTable)
        .where(and(eq(table.status, 'scheduled'), lte(table.scheduledAt, now)))
        .orderBy(asc(table.scheduledAt));
      return rows as Row[];
    },
  };
}

export type EditorialTableOf<T extends EditorialTable> = ReturnType<typeof editorialTable<T>>;

/**
 * A format's address column (`url` or `slug`): given, or made from its title, and unique among its rows. The
 * factory decides the address and hands it to `created` and `saved`, which write it in their column.
 */
export interface SlugColumn<Row, Input, Checked> {
  column: PgColumn;
  /** The row's current address. */
  of(row: Row): string;
  /** The slug the editor typed, if any. */
  given(input: Input): string | undefined;
  /** The title a slug is made from when none is given. */
  title(input: Input, checked: Checked): string;
}

/**
 * What a format brings to the workflow beyond its declaration and its table. Its own columns on create and
 * on save; the rest as in EditorialFormat (readers' copy, snapshot, restore, admin shape).
 */
export interface TableFormatSpec<T extends EditorialTable, Input, Checked, Admin>
  extends Omit<
    EditorialFormat<RowOf<T>, Input, Checked, Admin>,
    'entity' | 'thisItem' | 'find' | 'insert' | 'update' | 'setStatus' | 'revisions' | 'publish' | 'withdraw'
  > {
  declaration: FormatDeclaration;
  rows: EditorialTableOf<T>;
  revisions: RevisionsTable;
  /** The address column, when the format has one: checked for clashes, made from the title when not given. */
  slug?: SlugColumn<RowOf<T>, Input, Checked>;
  /** The row's own columns of a new item; `slug` is its address when the format has one ('' otherwise). */
  created(db: Database, input: Input, checked: Checked, slug: string, now: Date): Promise<OwnColumns<T>> | OwnColumns<T>;
  /** The row's own columns of a save; `slug` as in `created`. */
  saved(
    db: Database,
    row: RowOf<T>,
    input: Input,
    checked: Checked,
    slug: string,
  ): Promise<Partial<OwnColumns<T>>> | Partial<OwnColumns<T>>;
  /** After the insert, in the same transaction: what needs the new row's id. */
  afterInsert?(db: Database, row: RowOf<T>): Promise<RowOf<T>>;
  /** Readers' copy; by default readers read the row itself while published, nothing to write. */
  publish?(db: Database, row: RowOf<T>, now: Date): Promise<void>;
  withdraw?(db: Database, row: RowOf<T>): Promise<void>;
}

/** The workflow's port for a format, from its declaration, its table and its own parts. */
export function tableFormat<T extends EditorialTable, Input, Checked, Admin>(
  spec: TableFormatSpec<T, Input, Checked, Admin>,
): EditorialFormat<RowOf<T>, Input, Checked, Admin> {
  const { declaration, rows, slug, created, saved, afterInsert, revisions, ...own } = spec;
  const taken = (slugValue: string) => refused.taken(`L'adresse « ${slugValue} » est déjà prise par ${anotherItem(declaration.noun)}.`);
  const slugTaken = (db: Database, exceptId: number | null) => async (value: string) => {
    if (!slug) return false;
    const found = await db
      .select({ id: rows.table.id })
      .from(rows.table as PgTable)
      .where(eq(slug.column, value));
    return found.some((r) => r.id !== exceptId);
  };

  const publicPath = declaration.publicPath;
  const pathOf = (address: string) => (publicPath ?? '').replace('{slug}', address);
  // A format with an address of its own: the audit names it, and a published item's old address keeps
  // answering (shared links, search engines), while a redirect from its current one would shadow it.
  const addressed: Partial<EditorialFormat<RowOf<T>, Input, Checked, Admin>> =
    slug && publicPath
      ? {
          async publish(db, row) {
            await dropRedirectsFrom(db, pathOf(slug.of(row)));
          },
          async afterPublishedSave(db, before, after) {
            const [from, to] = [slug.of(before), slug.of(after)];
            if (from !== to) await saveImportedRedirect(db, { from: pathOf(from), toPath: pathOf(to) }, 'newsroom');
          },
          createDetail: (row) => ({ slug: slug.of(row) }),
          saveDetail: (before, after) =>
            slug.of(after) !== slug.of(before) ? { detail: { fromSlug: slug.of(before), toSlug: slug.of(after) } } : {},
        }
      : {};

  return {
    publish: async () => {},
    withdraw: async () => {},
    ...addressed,
    ...own,
    entity: declaration.entity,
    thisItem: thisItem(declaration.noun),
    find: rows.find,
    setStatus: rows.setStatus,
    revisions: revisionStoreOf(revisions),

    async insert(db, who, input, checked, now): Promise<NewsroomResult<RowOf<T>>> {
      let address = '';
      if (slug) {
        const given = slug.given(input);
        if (given && (await slugTaken(db, null)(given))) return taken(given);
        address = given ?? (await uniqueSlug(slugify(slug.title(input, checked)), slugTaken(db, null)));
      }
      const row = await rows.insert(db, who, await created(db, input, checked, address, now), now);
      return { ok: true, value: afterInsert ? await afterInsert(db, row) : row };
    },

    async update(db, who, row, input, checked, now) {
      let address = '';
      if (slug) {
        const current = slug.of(row);
        address = slug.given(input) ?? current;
        if (address !== current && (await slugTaken(db, row.id)(address))) return taken(address);
      }
      const updated = await rows.update(db, who, row, await saved(db, row, input, checked, address), now);
      return updated ? { ok: true, value: updated } : null;
    },
  };
}
