import { defineConfig } from '@playwright/test';
import { consentCookie, refusedEverything } from './tests/e2e/support/consentCookie.ts';
import { CONTRACT_TRAFFIC_LOG } from './tests/e2e/support/contractTraffic.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry on CI, none locally: a test that fails twice fails the run, and one that passes only on its
  // retry is printed as "flaky" in the report, to be fixed rather than hidden. The 2-core CI machines run
  // servers of their own under load; a single timing hiccup should not throw away a 15-minute run.
  retries: process.env.CI ? 1 : 0,
  // Several specs start their own production servers: on the 2-core machines a test may need more than 30 s.
  timeout: 60_000,
  reporter: [['list']],
  projects: [
    {
      name: 'site',
      testIgnore: [
        '**/signup-durability.spec.ts',
        '**/server-lifecycle.spec.ts',
        '**/workers.spec.ts',
        '**/faults/**',
        '**/contract-replay.spec.ts',
      ],
    },
    // The API traffic of the `site` project, recorded by the shared server's proxy, held against the contract.
    { name: 'contract', testMatch: ['**/contract-replay.spec.ts'], dependencies: ['site'] },
    // 500 signups in flight and a kill -9 (or a SIGTERM, or a database cut) saturate a 2-core machine for
    // ~20 s and start servers of their own: run after the rest, alone, one at a time (two at once starved each
    // other into 503s on a slower machine of this kind, 2026-11-29).
    {
      name: 'durability',
      testMatch: ['**/signup-durability.spec.ts', '**/server-lifecycle.spec.ts', '**/workers.spec.ts'],
      dependencies: ['contract'],
      workers: 1,
    },
    // The fault suite (`npm run test:faults`): real dependencies (Redis, SMTP, PostgreSQL) broken under load,
    // each against servers of its own. Run last, like the durability project.
    { name: 'faults', testMatch: ['**/faults/**/*.spec.ts'], dependencies: ['durability'] },
  ],
  use: {
    baseURL,
    locale: 'fr-FR',
    trace: 'off',
    // The site registers a service worker once idle; a worker answering a page's requests hides them from
    // page.route(). Specs about the worker itself opt in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    // A returning reader who refused everything: no banner over the page, no popin. The consent specs
    // (tests/e2e/consent*.spec.ts) start without it.
    storageState: { cookies: [consentCookie(refusedEverything)], origins: [] },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // A production build on a throwaway embedded database with the demo content.
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // IMPORT_DOWNLOAD_IMAGES=0: an import never fetches an image from another host (no network beyond loopback).
    env: { PORT: String(port), HOST: '127.0.0.1', CONTRACT_TRAFFIC_LOG, IMPORT_DOWNLOAD_IMAGES: '0' },
  },
});
