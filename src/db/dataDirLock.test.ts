import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './dataDirLock.ts';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'piquante-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('refuses a directory held by another live process, with a clear message', async () => {
    const dir = newDir();
    // Another process takes the lock and stays alive.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `require('fs').writeFileSync(${JSON.stringify(join(dir, 'piquante.lock'))}, JSON.stringify({pid: process.pid})); setInterval(() => {}, 1000)`,
      ],
      { stdio: 'ignore' },
    );
    try {
      // Wait for the holder to have written its lock (a loaded machine starts Node slowly).
      for (let waited = 0; !existsSync(join(dir, 'piquante.lock')) && waited < 30_000; waited += 50) {
        await new Promise((done) => setTimeout(done, 50));
      }
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/already using the data directory/);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a crashed process', () => {
    const dir = newDir();
    writeFileSync(join(dir, 'piquante.lock'), JSON.stringify({ pid: 2_147_483_000 }));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(join(dir, 'piquante.lock'), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('is re-entrant within one process and released on demand', () => {
    const dir = newDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).not.toThrow();
    release();
    expect(() => readFileSync(join(dir, 'piquante.lock'))).toThrow();
  });
});
