import tailwindcss from '@tailwindcss/vite';
import { tanstackStart } from '@tanstack/react-start/plugin/vite';
import viteReact from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: { port: 3000, host: '127.0.0.1' },
  ssr: {
    // PGlite loads its WASM and data files relative to its own package: keep it external.
    external: ['@electric-sql/pglite', 'pg'],
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger files for the first visit: every page needs the framework and the site's shell,
            // and on HTTP/1.1 each extra file costs a round trip. Route components and the lazily loaded
            // features (search overlay, newsletter form) keep their own chunks.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|seroval|seroval-plugins|openapi-fetch|use-sync-external-store)[\\/]/,
                  priority: 2,
                },
                {
                  name: 'shell',
                  test: /[\\/]src[\\/](components|api|features[\\/](header|footer|progress|quotation|layout|seo))[\\/]|[\\/]app\.config\.ts/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  // Route CSS is inlined into the HTML: no render-blocking stylesheet request on the first visit.
  plugins: [tanstackStart({ server: { build: { inlineCss: true } } }), viteReact(), tailwindcss()],
});
