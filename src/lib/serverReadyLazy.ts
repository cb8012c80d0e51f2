/**
 * React.lazy for a part the server renders too. The server renders a page in one pass (renderToString,
 * src/app/pageRenderer.tsx), which cannot wait for a chunk: a lazy part not loaded yet is left to the browser there
 * (React error #419 at hydration), and the page cache keeps the page without it. So the route's loader awaits
 * `load()` before the render, and once loaded the part is handed to React synchronously. The part's code stays in a
 * chunk of its own: only this module and the import are in the route's loader.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface ServerReadyLazy<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  load: () => Promise<unknown>;
}

export function serverReadyLazy<P>(importer: () => Promise<ComponentType<P>>): ServerReadyLazy<P> {
  type Module = { default: ComponentType<P> };
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const load = (): Promise<Module> => {
    loading ??= importer().then((component) => {
      loaded = { default: component };
      return loaded;
    });
    return loading;
  };
  const Component = lazy((): Promise<Module> => {
    const module = loaded;
    if (!module) return load();
    // React reads a lazy module synchronously only when its thenable has settled by the time `then` returns.
    const settled = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, the one React.lazy reads synchronously.
      then(onFulfilled?: (value: Module) => unknown) {
        onFulfilled?.(module);
        return settled;
      },
    };
    // React.lazy's type asks for a Promise; it only calls `then`.
    return settled as unknown as Promise<Module>;
  });
  return { Component, load };
}
