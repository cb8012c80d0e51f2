/**
 * Writes brotli and gzip copies beside the client build's files (dist/client/assets/x.js → x.js.br,
 * x.js.gz) once the whole build is done, so that the server sends them without compressing anything
 * (scripts/lib/staticFiles.mjs). Runs after the service worker plugin: its sw.js gets copies too, and
 * its precache list (assets/**\/*.{js,css}) never names a copy.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { precompressClientDir } from '../lib/staticFiles.mjs';

export function precompressPlugin(): Plugin {
  return {
    name: 'piquante:precompress',
    apply: 'build',
    buildApp: {
      order: 'post',
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) throw new Error('[precompress] no client environment');
        const count = await precompressClientDir(resolve(builder.config.root, client.config.build.outDir));
        console.log(`[precompress] brotli and gzip copies written for ${count} files of dist/client`);
      },
    },
  };
}
