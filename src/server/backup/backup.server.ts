/**
 * Backups that restore (issue 23): one file holding the database and the media library, written from one
 * consistent snapshot (a repeatable-read transaction), and read back into an empty database. The format is
 * gzip'ed JSON lines, so that it streams both ways and can be read with standard tools:
 *   {"piquanteBackup":1,"createdAt":…}   then, per table in dependency order,
 *   {"table":"articles","columns":[…]}   then one {"row":{…}} per row (PostgreSQL's own JSON of the row),
 *   {"file":"library/…","data":"<base64>"} per media file, and {"end":{"tables":n,"rows":n,"files":n}}.
 * Rows go through row_to_json / json_populate_recordset: every type (jsonb, timestamptz, tsvector…) is
 * written and read by PostgreSQL itself, identically on PGlite and on a server. Generated columns are left
 * to the database; the job queue's tables (pgboss) are not kept: jobs are transient.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf as rowsOfResult } from '../../db/queryResults.ts';

export const BACKUP_FORMAT = 1;
const BATCH = 500;

interface TableInfo {
  name: string;
  columns: string[];
  /** Columns fed by a sequence (serial), set past the restored maximum afterwards. */
  serials: string[];
}

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> => {
  return rowsOfResult<T>(await db.execute(query));
};

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of the public schema, parents before children (foreign keys), with their writable columns. */
export async function tablesInOrder(db: Database): Promise<TableInfo[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const columns = await rowsOf<{ table: string; column: string; serial: boolean }>(
    db,
    sql`SELECT table_name AS "table", column_name AS "column", coalesce(column_default LIKE 'nextval(%', false) AS serial
        FROM information_schema.columns
        WHERE table_schema = 'public' AND is_generated = 'NEVER'
        ORDER BY table_name, ordinal_position`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent
        FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
  );
  const strip = (name: string) => name.replace(/^public\./, '').replace(/"/g, '');
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set<string>()]));
  for (const ref of references) if (strip(ref.child) !== strip(ref.parent)) parents.get(strip(ref.child))?.add(strip(ref.parent));
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent, path);
    ordered.push(name);
  };
  for (const t of tables) visit(t.name, new Set());
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name).map((c) => c.column),
    serials: columns.filter((c) => c.table === name && c.serial).map((c) => c.column),
  }));
}

async function* mediaFiles(dir: string, base = dir): AsyncGenerator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* mediaFiles(full, base);
    else if (entry.isFile()) yield relative(base, full).split(sep).join('/');
  }
}

export interface BackupCounts {
  tables: number;
  rows: number;
  files: number;
}

/**
 * Writes the backup of `db` (one repeatable-read snapshot) and of the files under `mediaDir` (null: the
 * media live in a bucket, backed up by its provider) to `file`.
 */
export async function writeBackup(db: Database, mediaDir: string | null, file: string, now = new Date()): Promise<BackupCounts> {
  const counts: BackupCounts = { tables: 0, rows: 0, files: 0 };
  await mkdir(dirname(file), { recursive: true });
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file));
  /** One line, waiting while the file is behind (the backup streams: memory stays flat). */
  const line = async (text: string) => {
    if (!gzip.write(`${text}\n`)) await once(gzip, 'drain');
  };
  try {
    await line(JSON.stringify({ piquanteBackup: BACKUP_FORMAT, createdAt: now.toISOString() }));
    // The whole database from one snapshot, read a batch at a time.
    await db.transaction(
      async (tx) => {
        for (const table of await tablesInOrder(tx)) {
          counts.tables++;
          await line(JSON.stringify({ table: table.name, columns: table.columns }));
          const list = table.columns.map(quoteIdent).join(', ');
          for (let offset = 0; ; offset += BATCH) {
            const rows = await rowsOf<{ row: string }>(
              tx,
              sql.raw(
                `SELECT row_to_json(t)::text AS row FROM (SELECT ${list} FROM ${quoteIdent(table.name)} ORDER BY 1 LIMIT ${BATCH} OFFSET ${offset}) t`,
              ),
            );
            for (const { row } of rows) await line(`{"row":${row}}`);
            counts.rows += rows.length;
            if (rows.length < BATCH) break;
          }
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (mediaDir) {
      for await (const name of mediaFiles(mediaDir)) {
        counts.files++;
        await line(JSON.stringify({ file: name, data: (await readFile(join(mediaDir, name))).toString('base64') }));
      }
    }
    await line(JSON.stringify({ end: counts }));
    gzip.end();
    await written;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    throw error;
  }
  return counts;
}

export class BackupError extends Error {}

/** Restores `file` into `db`, which must be empty (migrated, no rows), and its files under `mediaDir`. */
export async function restoreBackup(db: Database, mediaDir: string | null, file: string): Promise<BackupCounts> {
  if (!(await stat(file).catch(() => null))?.isFile()) throw new BackupError(`Aucun fichier de sauvegarde à ${file}.`);
  const tables = new Map((await tablesInOrder(db)).map((t) => [t.name, t]));
  for (const table of tables.values()) {
    const [row] = await rowsOf<{ any: boolean }>(db, sql.raw(`SELECT EXISTS (SELECT 1 FROM ${quoteIdent(table.name)}) AS any`));
    // The search vocabulary is filled by a trigger from the articles: it follows them.
    if (row?.any && table.name !== 'search_lexicon')
      throw new BackupError(
        `La base de destination n'est pas vide (la table ${table.name} a des lignes) : restaurez dans un DATA_DIR ou une base neufs.`,
      );
  }
  const counts: BackupCounts = { tables: 0, rows: 0, files: 0 };
  let header = false;
  let ended = false;
  let current: TableInfo | null = null;
  let pending: string[] = [];
  const flush = async (tx: Database) => {
    if (!current || pending.length === 0) return;
    const list = current.columns.map(quoteIdent).join(', ');
    await tx.execute(
      sql`${sql.raw(`INSERT INTO ${quoteIdent(current.name)} (${list}) SELECT ${list} FROM json_populate_recordset(null::${quoteIdent(current.name)}, `)}${`[${pending.join(',')}]`}${sql.raw('::json) ON CONFLICT DO NOTHING')}`,
    );
    counts.rows += pending.length;
    pending = [];
  };
  await db.transaction(async (tx) => {
    try {
      // Opened only here, where the loop listens: a gzip error raised while the transaction was still
      // starting would otherwise be an 'error' event with no listener, which ends the process.
      const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY });
      for await (const line of input) {
        if (line.trim() === '') continue;
        if (ended) throw new BackupError('Des données suivent la fin de la sauvegarde : ce fichier n’est pas une sauvegarde de Piquante.');
        if (!header) {
          const first = JSON.parse(line) as { piquanteBackup?: number };
          if (first.piquanteBackup !== BACKUP_FORMAT) throw new BackupError('Ce fichier n’est pas une sauvegarde de Piquante (format 1).');
          header = true;
          continue;
        }
        if (line.startsWith('{"row":')) {
          if (!current) throw new BackupError('Une ligne avant sa table : la sauvegarde est abîmée.');
          pending.push(line.slice(7, -1));
          if (pending.length >= BATCH) await flush(tx);
          continue;
        }
        const entry = JSON.parse(line) as { table?: string; columns?: string[]; file?: string; data?: string; end?: BackupCounts };
        await flush(tx);
        if (entry.table) {
          const known = tables.get(entry.table);
          if (!known)
            throw new BackupError(`La table ${entry.table} n'existe pas ici : restaurez avec la version qui a fait la sauvegarde.`);
          const missing = (entry.columns ?? []).filter((c) => !known.columns.includes(c));
          if (missing.length > 0) throw new BackupError(`Les colonnes ${missing.join(', ')} de ${entry.table} n'existent pas ici.`);
          current = { ...known, columns: entry.columns ?? [] };
          counts.tables++;
        } else if (entry.file !== undefined) {
          if (!mediaDir) continue;
          const name = entry.file;
          // Never outside the media directory, whatever the file says.
          if (name.split('/').some((part) => part === '..' || part === '') || name.startsWith('/'))
            throw new BackupError(`Chemin de média refusé : ${name}`);
          await mkdir(dirname(join(mediaDir, name)), { recursive: true });
          await writeFile(join(mediaDir, name), Buffer.from(entry.data ?? '', 'base64'));
          counts.files++;
        } else if (entry.end) {
          if (entry.end.rows !== counts.rows || entry.end.tables !== counts.tables) {
            throw new BackupError(`La sauvegarde est incomplète : ${counts.rows} lignes lues pour ${entry.end.rows} écrites.`);
          }
          ended = true;
        }
      }
    } catch (error) {
      if (error instanceof SyntaxError) throw new BackupError('La sauvegarde est abîmée (une ligne n’est pas du JSON).');
      if ((error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR' || (error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR') {
        throw new BackupError('La sauvegarde est abîmée ou tronquée (gzip).');
      }
      throw error;
    }
    if (!ended) throw new BackupError('La sauvegarde est tronquée (pas de ligne de fin).');
    for (const table of tables.values()) {
      for (const column of table.serials) {
        await tx.execute(
          sql.raw(
            `SELECT setval(pg_get_serial_sequence('${table.name}', '${column}'), GREATEST((SELECT coalesce(max(${quoteIdent(column)}), 0) FROM ${quoteIdent(table.name)}), 1))`,
          ),
        );
      }
    }
  });
  return counts;
}
