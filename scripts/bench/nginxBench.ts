/**
 * nginx for the HTTP benchmark, in a throwaway prefix on a bench port: the reference (the article's very bytes,
 * precompressed, served by gzip_static) and deploy/nginx.conf in front of our server. The surrounding `http { }`
 * block is Debian's (sendfile, tcp_nopush, an access log, gzip), which deploy/nginx.conf is meant to be included in.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) if (existsSync(candidate)) return candidate;
  return null;
}

export interface NginxPrefix {
  dir: string;
  remove: () => void;
}

export function nginxPrefix(): NginxPrefix {
  const dir = mkdtempSync(join(tmpdir(), 'piquante-bench-nginx-'));
  // nginx's workers run as an unprivileged user: they must be able to read the files and write the cache.
  chmodSync(dir, 0o777);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RunningNginx {
  /** The master process (its workers are its children). */
  pid: number;
  stop: () => Promise<void>;
}

/** Runs nginx with `serverBlocks` inside Debian's `http { }` settings; resolves once `port` answers. */
export async function startNginx(binary: string, dir: string, port: number, serverBlocks: string): Promise<RunningNginx> {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes ${process.env.BENCH_NGINX_WORKERS ?? 'auto'};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  gzip on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${serverBlocks}
}
`,
  );
  const child = spawn(binary, ['-p', dir, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`nginx did not start (see ${dir}/error.log)`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return {
    pid: child.pid as number,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGQUIT');
      await new Promise((done) => child.once('exit', done));
    },
  };
}

/**
 * The reference: `bytes` (identity) and `gzipBytes` at `path` (+ `.html`, `.html.gz`), served by gzip_static
 * with what nginx does best for static files (sendfile, open_file_cache, no access log).
 */
export function staticServerBlock(dir: string, port: number, path: string, bytes: Buffer, gzipBytes: Buffer): string {
  const docroot = join(dir, 'www');
  const file = join(docroot, `${path}.html`);
  mkdirSync(dirname(file), { recursive: true, mode: 0o755 });
  writeFileSync(file, bytes);
  writeFileSync(`${file}.gz`, gzipBytes);
  return `  server {
    listen 127.0.0.1:${port};
    root ${docroot};
    access_log off;
    open_file_cache max=1000 inactive=60s;
    gzip_static on;
    location / { try_files $uri.html =404; default_type text/html; }
  }`;
}

/** deploy/nginx.conf (or `confPath`), pointed at our server on `appPort`, listening on `port`, its cache and log in `dir`. */
export function frontServerBlocks(dir: string, port: number, appPort: number, confPath = join(root, 'deploy/nginx.conf')): string {
  return readFileSync(confPath, 'utf8')
    .replace(/listen\s+[^;]+;/, `listen 127.0.0.1:${port};`)
    .replace(/server\s+127\.0\.0\.1:3000/, `server 127.0.0.1:${appPort}`)
    .replace(/\/var\/cache\/nginx\/piquante/g, join(dir, 'cache'))
    .replace(/\/var\/log\/nginx\//g, `${dir}/`);
}
