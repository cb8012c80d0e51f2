/**
 * The entry form's chunk, loaded once per process. The server renders a page in one pass (renderToString,
 * src/app/pageRenderer.tsx), which cannot wait for a chunk: a React.lazy part not loaded yet is left there for the
 * browser to render (React error #419 at hydration), and that page went into the page cache without its form. So
 * the contest routes' loaders await the form on the server, and ContestView's lazy part is handed the loaded module
 * synchronously. Plain functions and state only: the route files import this module, and the readers' entry must
 * not carry the form.
 */
import type { ContestEntryForm } from './ContestEntryForm.tsx';

interface EntryFormModule {
  default: typeof ContestEntryForm;
}

let loaded: EntryFormModule | undefined;
let loading: Promise<EntryFormModule> | undefined;

export function loadContestEntryForm(): Promise<EntryFormModule> {
  loading ??= import('./ContestEntryForm.tsx').then((module) => {
    loaded = { default: module.ContestEntryForm };
    return loaded;
  });
  return loading;
}

/**
 * For React.lazy: once loaded, a thenable that calls back at once, so React renders the form in the same pass
 * (React reads a lazy module synchronously only when its thenable has settled by the time `then` returns).
 */
export function contestEntryFormForLazy(): Promise<EntryFormModule> {
  const module = loaded;
  if (!module) return loadContestEntryForm();
  const settled = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, the one React.lazy reads synchronously.
    then(onFulfilled?: (value: EntryFormModule) => unknown) {
      onFulfilled?.(module);
      return settled;
    },
  };
  // React.lazy's type asks for a Promise; it only calls `then`.
  return settled as unknown as Promise<EntryFormModule>;
}
