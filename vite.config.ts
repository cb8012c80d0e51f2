import tailwindcss from '@tailwindcss/vite';
import { tanstackStart } from '@tanstack/react-start/plugin/vite';
import viteReact from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserAppConfigPlugin } from './scripts/build/browserAppConfig.ts';
import { bundleReportPlugin } from './scripts/build/bundleReport.ts';
import { precompressPlugin } from './scripts/build/precompress.ts';
import { readerRouteTreePlugin } from './scripts/build/readerRouteTree.ts';
import { serviceWorkerPlugin } from './scripts/build/serviceWorker.ts';
import { scopedConsentCssPlugin } from './scripts/build/scopedConsentCss.ts';
import { withoutScrollRestorationPlugin } from './scripts/build/withoutScrollRestoration.ts';
import { withoutServerFunctionClientPlugin } from './scripts/build/withoutServerFunctionClient.ts';

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // React 19 has useSyncExternalStore: the shim's fallback for older Reacts stays out of the readers' entry
    // (issue 38). The router's store and XState's React bindings import the shim.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  server: { port: 3000, host: '127.0.0.1' },
  ssr: {
    // PGlite loads its WASM and data files relative to its own package: keep it external.
    external: ['@electric-sql/pglite', 'pg', 'sharp', '@node-rs/argon2'],
    // Bundled into the server: Node's ESM resolver parses drizzle-orm's 179 kB package.json `exports` again for
    // each of its ~110 files it loads (about 1 s of CPU at start on these machines; issue 38, decision 029).
    noExternal: ['drizzle-orm'],
  },
  environments: {
    client: {
      build: {
        // Issue 38: the script files a lazy chunk imports are no longer preloaded beside it, only its stylesheets
        // (a lazily shown part must not appear unstyled). Each lazy import of the entry named its chunk's files
        // in a list every page downloads (≈ 1 kB brotli); the browser finds them in the chunk itself, one round
        // trip later on the first visit of a page kind, which the router's preload on hover or touch starts early.
        modulePreload: { resolveDependencies: (_file, dependencies) => dependencies.filter((file) => file.endsWith('.css')) },
        rolldownOptions: {
          output: {
            // Fewer, larger files for the first visit: every page needs the framework and the site's shell,
            // and on HTTP/1.1 each extra file costs a round trip. Route components and the lazily loaded
            // features (search overlay, newsletter form) keep their own chunks.
            // The QA inspector's chunks (page, live panel, ELK) carry a prefix, so that the service worker
            // never precaches them onto readers' devices.
            chunkFileNames: (chunk) => {
              const qa = /[\\/]src[\\/]qa[\\/]|[\\/]node_modules[\\/]elkjs[\\/]/;
              // The newsroom (issue 15) likewise: its pages, Tiptap and ProseMirror are for staff only; so is the
              // whole route tree, which only staff pages load (issue 38: readers start with their own, src/router.tsx).
              const admin =
                /[\\/]src[\\/](features[\\/]newsroom|routes[\\/]admin|routeTree\.gen\.ts|api[\\/]queries[\\/]newsroom)|[\\/]node_modules[\\/](@tiptap|@simplewebauthn|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|fast-equals)[\\/]/;
              const modules = chunk.moduleIds.filter((id) => !id.startsWith('\0'));
              const only = (pattern: RegExp) =>
                (chunk.facadeModuleId !== null && pattern.test(chunk.facadeModuleId)) ||
                (modules.length > 0 && modules.every((id) => pattern.test(id)));
              if (only(qa)) return 'assets/qa-[name]-[hash].js';
              return only(admin) ? 'assets/admin-[name]-[hash].js' : 'assets/[name]-[hash].js';
            },
            codeSplitting: {
              groups: [
                {
                  // The chunk of the entry module (Start's client entry is one of these packages): React, the
                  // router and Start, but not the router's blocker (only the newsroom's unsaved-changes guard uses
                  // it); and the article cards with what they need, which the article, home and category pages all
                  // show: one file compresses better than two, and they were the one more file each of these pages
                  // loaded at start (issue 38, decision 034).
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack(?![\\/]react-router[\\/]dist[\\/]esm[\\/]useBlocker)|seroval|seroval-plugins|use-sync-external-store)[\\/]|[\\/]src[\\/]components[\\/](ArticleCardView|ContentImage|focalPoint|StampBadge|SectionTitle|formatDate)\.tsx?$|[\\/]src[\\/]lib[\\/](frenchDatesCore|audience|useHydrated|servedMarkup)\.tsx?$/,
                  priority: 2,
                },
                {
                  // The article's view and body: one file for the article page instead of two (issue 38); the live
                  // blog, which shows only the body, downloads the view with it.
                  name: 'article',
                  test: /[\\/]src[\\/]components[\\/](ArticleView|ArticleBody|ArticleBylines|ArticleTags|RelatedArticles|BodyImage)\.tsx$|[\\/]src[\\/]routes[\\/]\$slug[\\/]\$url\.tsx\?tsr-split=component$/,
                  priority: 1,
                },
                {
                  name: 'shell',
                  // The composition root, shared libraries, the always-visible features, the data access of pages
                  // (the article cards: in the entry's group above). Not the other
                  // components of pages (issue 22): they go with their routes, so the article page no longer
                  // downloads the home page's blocks. Not the captcha's client and solver nor the newsletter and
                  // contest-entry calls (the lazily loaded forms'), nor the newsroom's calls (staff only) and the
                  // operation table they are made from, nor the quiz playability rule (the newsroom's quiz editor and
                  // the server's). Not the API calls (issue 38): the routes' split loaders and the forms load them.
                  // Not the reader services (progress bar, consent, popin, analytics, audience: issue 38), loaded
                  // after the load event, nor the footer's typewriter (after it too), nor the newsroom's and the live
                  // blog's date formats (frenchDates.ts).
                  test: /[\\/]src[\\/](app(?![\\/](ReaderServices|PopinHost|AnalyticsHost|AudienceHost)\.tsx)|lib(?![\\/](altcha|quiz|captcha|mediaInUseMessage|consent[\\/]|frenchDates\.ts))|api(?![\\/](queries|generated[\\/]operations))|features[\\/](header|footer))[\\/]|[\\/]app\.config\.ts/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  // Built files get brotli/gzip copies beside them (scripts/build/precompress.ts), after the service worker is built.
  // CSS ships as a hashed, immutable file (issue 13, docs/decisions/009-http-caching.md): inlined, its 44 KB were in every
  // page's HTML — compressed again on every render, and downloaded again on every page a reader opens.
  plugins: [
    // The readers' browsers start with a route tree without the staff's pages (issue 38, decision 034).
    readerRouteTreePlugin(),
    tanstackStart({
      server: { build: { inlineCss: false } },
      // The newsroom's routes keep only their path and head in the router's tree that every reader downloads:
      // their loaders go with their components into staff-only chunks (decision 018, "JavaScript budget").
      // Every other route's loader is split too (issue 38): the pages readers land on no longer carry the
      // loaders of the others, nor the API calls those make.
      router: {
        codeSplittingOptions: {
          splitBehavior: ({ routeId }) =>
            routeId.startsWith('/admin')
              ? [['loader', 'component'], ['errorComponent'], ['notFoundComponent']]
              : // The pages readers land on: the server's manifest announces a route's split parts, so their loaders
                // would be downloaded at start anyway, in more files.
                routeId === '__root__' || routeId === '/' || routeId === '/$slug/' || routeId === '/$slug/$url'
                ? undefined
                : [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
        },
      },
    }),
    viteReact(),
    // app.config.ts without the sections only the server reads, in the browser build (issue 38, decision 034).
    browserAppConfigPlugin(),
    withoutServerFunctionClientPlugin(),
    // TanStack's scroll restoration is off (issue 37): the browser build keeps only its scroll to the top or the hash.
    withoutScrollRestorationPlugin(),
    // The consent manager's stylesheet sets its variables on the banner, not on the whole page (issue 38, decision 034).
    scopedConsentCssPlugin(),
    tailwindcss(),
    bundleReportPlugin(),
    serviceWorkerPlugin(),
    precompressPlugin(),
  ],
});
