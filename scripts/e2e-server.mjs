// Builds once (the API reference page, then the app) and serves the magazine on a fresh temporary
// embedded database for Playwright.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!process.env.E2E_SKIP_BUILD) execSync('npm run api:docs && npx vite build', { stdio: 'inherit' });
const dataDir = mkdtempSync(join(tmpdir(), 'piquante-e2e-'));
const child = spawn(process.execPath, ['scripts/serve.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
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
