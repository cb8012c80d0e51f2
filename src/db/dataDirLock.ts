/**
 * PGlite does not stop two processes from opening one data directory, and both then silently lose
 * writes. We take an exclusive lock file first and refuse to start when a live process holds it.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {
  readonly holderPid: number;
  constructor(dir: string, holderPid: number) {
    super(
      `Another Piquante process (pid ${holderPid}) is already using the data directory ${dir}.\n` +
        'Two processes on one embedded database would lose data, so this one will not start.\n' +
        `Stop the other process, or start this one with another DATA_DIR (or DATABASE_URL).`,
    );
    this.name = 'DataDirLockedError';
    this.holderPid = holderPid;
  }
}

const LOCK_FILE = 'piquante.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | null {
  try {
    const pid = Number(JSON.parse(readFileSync(file, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock or throws DataDirLockedError; returns the function that releases it. */
export function acquireDataDirLock(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      closeSync(fd);
      const release = () => {
        if (readHolder(file) === process.pid) {
          try {
            unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder === process.pid) return () => {};
      if (holder !== null && isAlive(holder)) throw new DataDirLockedError(dir, holder);
      // A stale lock from a crashed process (kill -9): safe to take over.
      try {
        unlinkSync(file);
      } catch {
        // Another starter removed it first; retry.
      }
    }
  }
  throw new Error(`Could not take the lock on ${file}`);
}
