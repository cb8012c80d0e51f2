import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [['list']],
  projects: [
    { name: 'site', testIgnore: '**/signup-durability.spec.ts' },
    // 500 signups in flight and a kill -9 saturate a 2-core machine for ~20 s: run after the rest, alone.
    { name: 'durability', testMatch: '**/signup-durability.spec.ts', dependencies: ['site'] },
  ],
  use: {
    baseURL,
    locale: 'fr-FR',
    trace: 'off',
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
    env: { PORT: String(port), HOST: '127.0.0.1' },
  },
});
