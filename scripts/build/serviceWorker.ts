/**
 * Builds the service worker (src/sw/sw.ts) into dist/client/sw.js after the app's own build: the worker is
 * bundled on its own (one classic script, as every browser runs service workers), then Workbox's
 * injectManifest writes the list of files to precache (the hashed assets, the manifest, the icons) into it.
 * A Vite plugin rather than a separate command, so that every `vite build` (npm start, the tests, the
 * benchmarks) ships a worker that matches its assets. Why not vite-plugin-pwa: docs/decisions/.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { injectManifest } from 'workbox-build';

export interface ServiceWorkerBuild {
  root: string;
  /** The client build's output directory (dist/client). */
  clientDir: string;
}

export async function buildServiceWorker({ root, clientDir }: ServiceWorkerBuild) {
  const bundleDir = await mkdtemp(join(tmpdir(), 'piquante-sw-'));
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      publicDir: false,
      mode: 'production',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: bundleDir,
        emptyOutDir: true,
        minify: true,
        sourcemap: false,
        copyPublicDir: false,
        lib: { entry: join(root, 'src/sw/sw.ts'), formats: ['iife'], name: 'piquanteServiceWorker', fileName: () => 'sw.js' },
      },
    });
    const result = await injectManifest({
      swSrc: join(bundleDir, 'sw.js'),
      swDest: join(clientDir, 'sw.js'),
      globDirectory: clientDir,
      globPatterns: ['assets/**/*.{js,css}', 'manifest.webmanifest', 'favicon.svg', 'icons/*.png'],
      // QA's inspector and the newsroom are not for readers: never downloaded to their devices.
      globIgnores: ['assets/qa-*', 'assets/admin-*'],
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    });
    for (const warning of result.warnings) console.warn(`[sw] ${warning}`);
    console.log(`[sw] dist/client/sw.js precaches ${result.count} files (${(result.size / 1024).toFixed(1)} kB)`);
    return result;
  } finally {
    await rm(bundleDir, { recursive: true, force: true });
  }
}

/** Runs once the client and server environments are built (buildApp, order post). */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'piquante:service-worker',
    apply: 'build',
    buildApp: {
      order: 'post',
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) throw new Error('[sw] no client environment to take the assets from');
        await buildServiceWorker({ root: builder.config.root, clientDir: resolve(builder.config.root, client.config.build.outDir) });
      },
    },
  };
}
