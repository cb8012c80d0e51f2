/**
 * Opens the database: PGlite in DATA_DIR by default (zero set-up), a PostgreSQL server when a URL is
 * given. Same schema, same SQL, same migrations on both.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A transaction opened on the Database: it queries like one, and can be rolled back. Functions that must
 * run inside their caller's transaction (the audit) take this type, which a plain Database is not.
 */
export type Transaction = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

/** The driver under Drizzle, for libraries that speak SQL themselves (the job queue). */
export type DatabaseDriver =
  | { kind: 'pglite'; client: import('@electric-sql/pglite').PGlite }
  | { kind: 'postgres'; pool: import('pg').Pool };

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  driver: DatabaseDriver;
  /** Runs raw SQL (several statements allowed); used by migrations and maintenance scripts. */
  exec: (sql: string) => Promise<void>;
  close: () => Promise<void>;
  /**
   * Background work's own Database (job handlers, the scheduler, boot backfills), without the serving bounds: a
   * newsletter's fan-out may run one statement longer than a request may wait. The same as `db` without bounds.
   */
  background: Database;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | null /* null: in memory */;
      /** PostgreSQL's buffer cache inside PGlite (default 16MB, pgliteSettings): a batch command may take more. */
      sharedBuffers?: string;
      /** MIGRATIONS_DIR: where the migrations are, when not found beside the code (a release elsewhere). */
      migrationsDir?: string;
    }
  | {
      kind: 'postgres';
      url: string;
      maxConnections?: number;
      migrationsDir?: string;
      /** A query unanswered this long fails and its connection is dropped (also the server's statement_timeout); unset: no bound. */
      queryTimeoutMs?: number;
      /** Waiting for a pooled connection (or for a new one to connect) fails after this; unset: no bound. */
      acquireTimeoutMs?: number;
    };

/** Where the committed migrations are, from the source tree or from a build under dist/. */
export function findMigrationsDir(configured?: string): string {
  if (configured) return resolve(configured);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    for (const candidate of [join(dir, 'migrations'), join(dir, 'src/db/migrations')]) {
      if (existsSync(join(candidate, 'meta/_journal.json'))) return candidate;
    }
    dir = dirname(dir);
  }
  throw new Error('Cannot find the database migrations (src/db/migrations); set MIGRATIONS_DIR.');
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Migrations on a pool of their own, without the serving bounds: a migration may take longer than a request.
    const migrations = new pg.Pool({ connectionString: target.url, max: 1 });
    try {
      await migrate(drizzle(migrations), { migrationsFolder: findMigrationsDir(target.migrationsDir) });
    } finally {
      await migrations.end();
    }
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.maxConnections ?? 10,
      ...(target.acquireTimeoutMs ? { connectionTimeoutMillis: target.acquireTimeoutMs } : {}),
      ...(target.queryTimeoutMs ? { query_timeout: target.queryTimeoutMs, statement_timeout: target.queryTimeoutMs } : {}),
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message));
    if (target.queryTimeoutMs) pool.on('connect', dropConnectionOnQueryTimeout);
    const db = drizzle(pool, { schema }) as unknown as Database;
    const bounded = target.queryTimeoutMs || target.acquireTimeoutMs;
    const backgroundPool = bounded ? new pg.Pool({ connectionString: target.url, max: 4 }) : null;
    backgroundPool?.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message));
    return {
      db,
      kind: 'postgres',
      driver: { kind: 'postgres', pool },
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: async () => {
        await Promise.all([pool.end(), backgroundPool?.end()]);
      },
      background: backgroundPool ? (drizzle(backgroundPool, { schema }) as unknown as Database) : db,
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // Options only: `new PGlite(undefined, options)` silently ignores the extensions.
  const client = new PGlite({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    extensions: { unaccent, pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings(target.sharedBuffers)],
  });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Database;
  await migrate(drizzle(client), { migrationsFolder: findMigrationsDir(target.migrationsDir) });
  return {
    db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
    background: db,
  };
}

/**
 * pg's query_timeout answers the caller but leaves the query running on the connection: every later query on
 * it would queue behind the unanswered one, and a transaction cut short there (its ROLLBACK timed out too) would
 * go back to the pool still open, so that the next caller's writes sit in it uncommitted. Dropping the connection
 * instead makes the pool discard it (the server rolls back what it had), and nothing acknowledged rides on it.
 */
function dropConnectionOnQueryTimeout(client: import('pg').PoolClient): void {
  const drop = (error: unknown) => {
    if ((error as Error | null)?.message === 'Query read timeout')
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        drop(error);
        return (last as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).catch === 'function') {
      (result as Promise<unknown>).catch(drop);
    }
    return result;
  };
}

/**
 * PostgreSQL's memory inside PGlite's WebAssembly memory, which never shrinks: whatever the buffer cache and a
 * maintenance command touch stays resident for the life of the process. One backend whose data files are read
 * through the OS's page cache, so a small buffer cache costs a copy, not a disk read (decision 029).
 */
export function pgliteSettings(sharedBuffers = '16MB'): string[] {
  const settings: Record<string, string> = {
    shared_buffers: sharedBuffers,
    // One backend: the lock table and process slots are sized by max_connections (100 by default).
    max_connections: '5',
    maintenance_work_mem: '16MB',
    temp_buffers: '1MB',
  };
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}
