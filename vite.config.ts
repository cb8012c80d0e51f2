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
  // Route CSS is inlined into the HTML: no render-blocking stylesheet request on the first visit.
  plugins: [tanstackStart({ server: { build: { inlineCss: true } } }), viteReact(), tailwindcss()],
});
