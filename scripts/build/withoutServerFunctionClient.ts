/**
 * Leaves TanStack Start's server-function client out of the browser build (issue 22). Start's hydration
 * registers an adapter that turns a server function found in loader data into a client RPC, and that RPC
 * client brings seroval's serialiser, a frame decoder and a fetcher: ≈ 5 kB brotli in every page. Piquante
 * has no server functions (its API is the HTTP contract, called with openapi-fetch), so the adapter gets a
 * stand-in that says so if one ever appears in loader data. Build only: the dev server pre-bundles the framework.
 */
import type { Plugin } from 'vite';

const STAND_IN = '\0piquante:no-server-function-client';
const ADAPTER = /[\\/]@tanstack[\\/]start-client-core[\\/].*[\\/]ServerFunctionSerializationAdapter\.js$/;

export function withoutServerFunctionClientPlugin(): Plugin {
  let replaced = false;
  return {
    name: 'piquante:without-server-function-client',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (!importer || !ADAPTER.test(importer) || !/[\\/]createClientRpc\.js$/.test(source)) return null;
      replaced = true;
      return STAND_IN;
    },
    load(id) {
      if (id !== STAND_IN) return null;
      return `export function createClientRpc(functionId) {
  return () => {
    throw new Error('Server function ' + functionId + ' in loader data: this site has none, and its browser build leaves their client out (scripts/build/withoutServerFunctionClient.ts)');
  };
}
`;
    },
    buildEnd() {
      // A framework update that moved the adapter: the build is right, only heavier; say where to look.
      if (!replaced) this.warn('TanStack Start’s server-function adapter was not found: its RPC client is back in the browser build');
    },
  };
}
