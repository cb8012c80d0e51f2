/**
 * nginx instances of the test's own in front of Piquante nodes: deploy/nginx.conf as it is, but for its listen
 * port, its upstream lines (one per node), and its cache and log in a prefix of its own. The access log names the
 * node each request went to (`$upstream_addr`), so a test can tell which nodes served.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { nginxBinary, nginxPrefix, startNginx } from '../../../scripts/bench/nginxBench.ts';
import { freePort } from './ownServer.ts';

const root = resolve(import.meta.dirname, '../../..');

export interface OwnNginx {
  baseUrl: string;
  /** The lines of the access log so far: `status upstream_addr cache_status request`. */
  accessLog(): string[];
  stop(): Promise<void>;
}

export { nginxBinary };

/** deploy/nginx.conf for these node ports, listening on `port`, writing under `dir`. */
export function deployConf(dir: string, port: number, nodePorts: number[]): string {
  const conf = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  const serverLine = /server\s+127\.0\.0\.1:3000([^;]*);/;
  const options = conf.match(serverLine)?.[1] ?? '';
  if (!options) throw new Error('deploy/nginx.conf: no `server 127.0.0.1:3000 …;` line in the upstream');
  return `  log_format piquante_test '$status $upstream_addr $upstream_cache_status "$request"';\n${conf
    .replace(/listen\s+[^;]+;/, `listen 127.0.0.1:${port};`)
    .replace(serverLine, nodePorts.map((nodePort) => `server 127.0.0.1:${nodePort}${options};`).join('\n  '))
    .replace(/\/var\/cache\/nginx\/piquante/g, join(dir, 'cache'))
    .replace(/access_log\s+[^;]+;/, `access_log ${dir}/piquante.access.log piquante_test;`)}`;
}

export async function startNginxFront(nodePorts: number[]): Promise<OwnNginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (apt-get install nginx)');
  const prefix = nginxPrefix();
  const port = await freePort();
  let running: Awaited<ReturnType<typeof startNginx>>;
  try {
    running = await startNginx(binary, prefix.dir, port, deployConf(prefix.dir, port, nodePorts));
  } catch (error) {
    prefix.remove();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accessLog: () => {
      try {
        return readFileSync(join(prefix.dir, 'piquante.access.log'), 'utf8').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    },
    stop: async () => {
      await running.stop();
      prefix.remove();
    },
  };
}
