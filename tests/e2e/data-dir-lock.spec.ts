import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './support/ownServer.ts';

// Uses the production build made by the Playwright web server (scripts/e2e-server.mjs).
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

async function waitHealthy(port: number, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('server not healthy');
}

test('a second server on the same DATA_DIR refuses to start; the first keeps working', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'piquante-lock-e2e-'));
  // Free ports, not fixed ones: other servers (benchmarks, another checkout's tests) may hold those.
  const [port1, port2] = [await freePort(), await freePort()];
  const first = startServer(dataDir, port1);
  try {
    await waitHealthy(port1, first.child);
    const second = startServer(dataDir, port2);
    const code = await new Promise<number | null>((done) => second.child.once('exit', done));
    expect(code).toBe(1);
    expect(second.output()).toContain('is already using the data directory');
    const response = await fetch(`http://127.0.0.1:${port1}/api/categories`);
    expect(response.status).toBe(200);
  } finally {
    first.child.kill('SIGTERM');
    await new Promise((done) => first.child.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
