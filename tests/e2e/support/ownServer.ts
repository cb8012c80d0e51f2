/**
 * For the newsletter's server-level browser-tier tests: starts the production build (dist/, built by
 * Playwright's webServer before any spec runs) as a child process of its own, on a free loopback port,
 * with the environment a test needs, so that it can be killed with SIGKILL and restarted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export interface OwnServer {
  baseUrl: string;
  child: ChildProcess;
  /** Output of the process, for failure messages. */
  log: () => string;
  kill: (signal: NodeJS.Signals) => Promise<void>;
}

/**
 * The test run's environment without what marks a test run (CI, TEST): libraries change behaviour on them
 * (srvx's own signal handler is off under CI), and these servers must stop as they would in production.
 */
function productionEnv(): NodeJS.ProcessEnv {
  const { CI: _ci, TEST: _test, ...rest } = process.env;
  return rest;
}

/** `releaseRoot`: another copy of the build to serve (a new release, see support/release.ts). */
export async function startOwnServer(env: NodeJS.ProcessEnv, port?: number, releaseRoot: string = root): Promise<OwnServer> {
  const chosen = port ?? (await freePort());
  const output: string[] = [];
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: releaseRoot,
    env: {
      ...productionEnv(),
      SEED_DEMO: '0',
      CAPTCHA_PROVIDER: 'none',
      SIGNUP_RATE_LIMIT: '0',
      // No image download to another host during an import: no network beyond loopback in tests.
      IMPORT_DOWNLOAD_IMAGES: '0',
      ...env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const baseUrl = `http://127.0.0.1:${chosen}`;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join('')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy within 60 s:\n${output.join('')}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    baseUrl,
    child,
    log: () => output.join(''),
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export function tempDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'piquante-signup-e2e-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A throwaway database on TEST_DATABASE_URL's server; null when it is not set. */
export async function throwawayPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base && process.env.CI === 'true')
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL specs would be skipped.');
  if (!base) return null;
  const name = `piquante_e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export type SignupOutcome = 'success' | 'already' | 'other-error' | 'network-error';

/** One multipart signup, as the site's form sends it. */
export async function postSignup(
  baseUrl: string,
  email: string,
  options: { origin?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<{ outcome: SignupOutcome; status: number; body: unknown }> {
  const form = new FormData();
  form.append('people_register_email', email);
  form.append('people_register_codepostal', '75011');
  form.append('people_register_newslettertype', '1');
  form.append('g-recaptcha-response', options.token ?? '');
  try {
    const response = await fetch(`${baseUrl}/newsletter/inscriptionajaxlight-${options.origin ?? 'e2e'}`, {
      method: 'POST',
      body: form,
      headers: options.headers,
    });
    const body = (await response.json()) as { status?: string; errors?: Record<string, string> };
    if (response.status === 200 && body.status === 'success') return { outcome: 'success', status: 200, body };
    if (body.errors?.people_register_email === 'Vous êtes déjà inscrit') return { outcome: 'already', status: 200, body };
    return { outcome: 'other-error', status: response.status, body };
  } catch {
    return { outcome: 'network-error', status: 0, body: null };
  }
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
}
