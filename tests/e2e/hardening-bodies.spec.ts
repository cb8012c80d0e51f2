/**
 * Every refusal reaches the client (issue "Hardening" §1): a form body of 100 KB to 4 MB that the server
 * refuses (413 too large, 415 wrong type, 429 too many) is answered with its status to Node's fetch —
 * which keeps sending while the answer comes — never with a connection reset. With Content-Length and
 * chunked, 10 posts per size and per refusal path.
 */
import { expect, test } from '@playwright/test';
import { type OwnServer, startOwnServer, tempDataDir } from './support/ownServer.ts';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;

test.beforeAll(async () => {
  data = tempDataDir();
  server = await startOwnServer({ DATA_DIR: data.dir, SIGNUP_RATE_LIMIT: '1', TRUST_PROXY: '1' });
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  data?.remove();
});

const SIZES = [100 * 1024, 1024 * 1024, 4 * 1024 * 1024];
const TRIES = 10;

function body(size: number): Uint8Array {
  return new Uint8Array(size).fill(0x61);
}

/** The same bytes as a stream of 64 KB chunks: fetch sends it chunked, without Content-Length. */
function chunked(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(64 * 1024, size - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x61));
    },
  });
}

interface RefusalPath {
  name: string;
  path: string;
  contentType: string;
  status: number;
  /** The forwarded address of each request: one address per request, or one for all (429). */
  ip: (n: number) => string;
}

const paths: RefusalPath[] = [
  {
    name: 'signup too large',
    path: '/newsletter/inscriptionajaxlight-grand',
    contentType: 'multipart/form-data; boundary=x',
    status: 413,
    ip: (n) => `198.51.100.${n % 250}`,
  },
  {
    name: 'signup wrong type',
    path: '/newsletter/inscriptionajaxlight-type',
    contentType: 'text/plain',
    status: 415,
    ip: (n) => `198.18.0.${n % 250}`,
  },
  {
    name: 'signup flood',
    path: '/newsletter/inscriptionajaxlight-flot',
    contentType: 'multipart/form-data; boundary=x',
    status: 429,
    ip: () => '192.0.2.77',
  },
  {
    name: 'confirmation too large',
    path: '/newsletter/confirmation',
    contentType: 'application/x-www-form-urlencoded',
    status: 413,
    ip: (n) => `198.51.101.${n % 250}`,
  },
  {
    name: 'confirmation wrong type',
    path: '/newsletter/confirmation',
    contentType: 'application/json',
    status: 415,
    ip: (n) => `198.18.1.${n % 250}`,
  },
];

for (const refusal of paths) {
  test(`${refusal.name}: every post gets its ${refusal.status}, with Content-Length and chunked`, async () => {
    let n = 0;
    if (refusal.status === 429) {
      // Spend the one allowed signup of this address first.
      await fetch(`${server.baseUrl}${refusal.path}`, {
        method: 'POST',
        headers: { 'x-forwarded-for': refusal.ip(0), 'content-type': 'text/plain' },
        body: 'x',
      });
    }
    const outcomes: string[] = [];
    for (const size of SIZES) {
      for (const mode of ['length', 'chunked'] as const) {
        for (let i = 0; i < TRIES; i++) {
          n++;
          try {
            const response = await fetch(`${server.baseUrl}${refusal.path}`, {
              method: 'POST',
              headers: { 'content-type': refusal.contentType, 'x-forwarded-for': refusal.ip(n) },
              body: mode === 'length' ? body(size) : chunked(size),
              duplex: 'half',
            } as RequestInit);
            const answer = (await response.json()) as { message?: string };
            outcomes.push(`${response.status}`);
            expect(answer.message, 'a French message').toBeTruthy();
          } catch (error) {
            outcomes.push(`${size}/${mode}: ${(error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`);
          }
        }
      }
    }
    expect(outcomes.filter((o) => o !== String(refusal.status))).toEqual([]);
  });
}
