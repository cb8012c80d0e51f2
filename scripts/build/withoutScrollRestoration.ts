/**
 * TanStack Router's scroll restoration, in the browser build, reduced to what Piquante uses (issue 38, decision
 * 034). The router runs with `scrollRestoration: false` (issue 37: its restoration writes sessionStorage; the
 * back/forward offsets are kept in memory by src/lib/scrollMemory.ts), but router-core's router imports the whole
 * module (≈ 0.75 kB brotli in every page): offsets per element, their cache, its sessionStorage. What stays is
 * what the router does without it, after each render: to the top of the page on a navigation that resets the
 * scroll, to the element of the address's hash when there is one. The stand-in refuses to start if the option is
 * ever turned on, and the build warns if the module moved (the build is right then, only heavier).
 */
import type { Plugin } from 'vite';

const STAND_IN = '\0piquante:scroll-restoration-off';
const ROUTER_CORE = /[\\/]@tanstack[\\/]router-core[\\/]dist[\\/]esm[\\/](router|index)\.js$/;

/** The module's exports (router-core 1.171's `scroll-restoration.js`), for `scrollRestoration: false` only. */
export const STAND_IN_CODE = `export const storageKey = 'tsr-scroll-restoration-v1_3';
export const defaultGetScrollRestorationKey = (location) => location.state.__TSR_key || location.href;
export function getElementScrollRestorationEntry() {
  return undefined;
}
export function setupScrollRestoration(router, force) {
  if (force ?? router.options.scrollRestoration) {
    throw new Error('Scroll restoration is left out of this build (scripts/build/withoutScrollRestoration.ts)');
  }
  const scroll = router._scroll;
  if (router.isServer || scroll.r) return;
  scroll.r = true;
  router.subscribe('onRendered', (event) => {
    const resetScroll = scroll.n;
    scroll.n = true;
    scroll.h = false;
    const hash = event.toLocation.hash;
    const hashScrollIntoViewOptions = event.toLocation.state.__hashScrollIntoViewOptions ?? true;
    if (resetScroll && !hash) scrollTo({ top: 0, left: 0, behavior: router.options.scrollRestorationBehavior });
    if (hash && hashScrollIntoViewOptions) document.getElementById(hash)?.scrollIntoView(hashScrollIntoViewOptions);
  });
}
`;

export function withoutScrollRestorationPlugin(): Plugin {
  let replaced = false;
  return {
    name: 'piquante:without-scroll-restoration',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (!importer || !ROUTER_CORE.test(importer) || source !== './scroll-restoration.js') return null;
      replaced = true;
      return STAND_IN;
    },
    load(id) {
      return id === STAND_IN ? STAND_IN_CODE : null;
    },
    buildEnd() {
      if (!replaced) this.warn('TanStack Router’s scroll-restoration module was not found: it is back in the browser build');
    },
  };
}
