// Builds once (the API reference page, then the app) and serves the magazine on a fresh temporary
// embedded database for Playwright.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startRecordingProxy } from './lib/recordingProxy.mjs';

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

if (!process.env.E2E_SKIP_BUILD) execSync('npm run api:docs && npx vite build', { stdio: 'inherit' });
const dataDir = mkdtempSync(join(tmpdir(), 'piquante-e2e-'));
// CONTRACT_TRAFFIC_LOG: the browser tests' API traffic is written down by a proxy in front of the server, then
// held against the contract (tests/e2e/contract-replay.spec.ts).
const trafficLog = process.env.CONTRACT_TRAFFIC_LOG;
const publicPort = Number(process.env.PORT ?? 4173);
const serverPort = trafficLog ? await freePort() : publicPort;
if (trafficLog) {
  mkdirSync(dirname(trafficLog), { recursive: true });
  await startRecordingProxy({ port: publicPort, target: serverPort, logPath: trafficLog });
}
const child = spawn(process.execPath, ['scripts/serve.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(serverPort),
    DATA_DIR: dataDir,
    CAPTCHA_PROVIDER: process.env.CAPTCHA_PROVIDER ?? 'altcha',
    // Every browser test signs up from 127.0.0.1: the per-IP limit is tested on a server of its own
    // (tests/e2e/signup-hostile.spec.ts), not left to interfere with the others.
    SIGNUP_RATE_LIMIT: process.env.SIGNUP_RATE_LIMIT ?? '600',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
