/**
 * A PostgreSQL cluster of the test's own (initdb in a temp directory, on a free loopback port), so that a fault
 * test may freeze it (SIGSTOP: connections stay open, nothing answers) without touching the machine's shared
 * server that other tests use. As root, the cluster runs as the `postgres` user (PostgreSQL refuses root).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ownServer.ts';

export interface PrivatePostgres {
  url: string;
  /** SIGSTOP to the postmaster and every backend. */
  freeze(): void;
  resume(): void;
  stop(): Promise<void>;
}

export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/**
 * As root, the `postgres` user's ids for spawn itself: not `runuser`, which stops itself when its child is
 * stopped (job control, like su) and stays stopped after SIGCONT.
 */
function owner(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** The postmaster and its children (backends, checkpointer…), read from /proc. */
function clusterPids(postmaster: number): number[] {
  const children = (() => {
    try {
      return execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  })();
  return [postmaster, ...children];
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'piquante-private-pg-'));
  chmodSync(dir, 0o700);
  const ids = owner();
  if (ids.uid !== undefined && ids.gid !== undefined) chownSync(dir, ids.uid, ids.gid);
  const data = join(dir, 'data');
  execFileSync(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'], {
    stdio: 'ignore',
    cwd: dir,
    ...ids,
  });
  const port = await freePort();
  const output: string[] = [];
  const child: ChildProcess = spawn(
    join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=100'],
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir, ...ids },
  );
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`private PostgreSQL did not start:\n${output.join('')}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  const postmaster = child.pid as number;
  const signal = (pids: number[], name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        // Gone meanwhile.
      }
    }
  };
  let frozen: number[] = [];
  return {
    url,
    freeze: () => {
      // The postmaster first: it cannot fork a new backend once stopped.
      signal([postmaster], 'SIGSTOP');
      frozen = clusterPids(postmaster);
      signal(frozen, 'SIGSTOP');
    },
    resume: () => {
      signal(frozen.length ? frozen : clusterPids(postmaster), 'SIGCONT');
      frozen = [];
    },
    stop: async () => {
      signal(clusterPids(postmaster), 'SIGCONT');
      const exited = new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done)));
      // Immediate shutdown: nothing to keep.
      signal([postmaster], 'SIGQUIT');
      const timer = setTimeout(() => signal(clusterPids(postmaster), 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
