/**
 * The document's head tags and body scripts as TanStack Router's <HeadContent> and <Scripts> render them, but for
 * the entry module: no <link rel="modulepreload"> in the head and no <script type="module" src> in the body, only
 * an inline script that asks for them once the page has painted (entryAfterFirstPaint.ts). Server and browser
 * render the same tags, so hydration matches.
 */
import { Asset, useRouter, useRouterState, useTags } from '@tanstack/react-router';
import { composeSsrBodyScripts, getSsrBodyScriptParts, type RouterManagedTag } from '@tanstack/router-core';
import { isServer } from '@tanstack/router-core/isServer';
import { useEffect, useMemo } from 'react';
import { APP_READY_EVENT, type EntryScripts, entryAfterFirstPaintScript } from './entryAfterFirstPaint.ts';

const isModulePreload = (tag: RouterManagedTag) => tag.tag === 'link' && tag.attrs?.rel === 'modulepreload';
const isEntryModule = (tag: RouterManagedTag) => tag.tag === 'script' && tag.attrs?.type === 'module' && typeof tag.attrs?.src === 'string';

/** The document's tags as the router builds them, read once for the head and the body (each read rebuilds them). */
export interface DocumentTags {
  head: RouterManagedTag[];
  /** The entry's chunks, asked for with the entry (not announced by the head). */
  preloads: string[];
}

export function useDocumentTags(): DocumentTags {
  const tags = useTags();
  return useMemo(
    () => ({
      head: tags.filter((tag) => !isModulePreload(tag)),
      preloads: tags.filter(isModulePreload).map((tag) => String(tag.attrs?.href)),
    }),
    [tags],
  );
}

export function HeadTags({ tags }: { tags: DocumentTags }) {
  const nonce = useRouter().options.ssr?.nonce;
  return (
    <>
      {tags.head.map((tag) => (
        <Asset {...tag} key={`tsr-meta-${JSON.stringify(tag)}`} nonce={nonce} />
      ))}
    </>
  );
}

type Matches = Parameters<typeof getSsrBodyScriptParts>[0];

export function BodyScripts({ tags: { preloads } }: { tags: DocumentTags }) {
  const router = useRouter();
  const nonce = router.options.ssr?.nonce;
  const parts = (matches: Matches) => getSsrBodyScriptParts(matches, router.ssr?.manifest, nonce, { suppressHydrationWarning: true });
  const select = (matches: Matches) => composeSsrBodyScripts(parts(matches));
  const server = isServer ?? router.isServer;
  // Hydrated: the inline script replays the clicks and submissions it held meanwhile.
  useEffect(() => {
    window.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  // The browser's render reads the same matches through the router's state, as <Scripts> does; the server's
  // render reads them once, below, and skips this selection.
  const clientScripts = useRouterState({ select: (state) => (server ? [] : select(state.matches)) });
  const scripts = server
    ? composeSsrBodyScripts(parts(router.stores.matches.get()), router.serverSsr?.takeInitialHydrationScriptTags())
    : clientScripts;
  return (
    <>
      {scripts.map((tag, i) => {
        const asset = isEntryModule(tag) ? entryBootstrap({ entry: String(tag.attrs?.src), preloads }) : tag;
        // The list is rebuilt in the same order on each render, as <Scripts> keys it; a key made of the tag would
        // serialise the page's dehydrated data once more on every server render.
        // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
        return <Asset {...asset} key={`tsr-scripts-${asset.tag}-${i}`} />;
      })}
    </>
  );
}

const BOOTSTRAP_ID = 'entry-after-paint';

/**
 * The server writes the inline script; the browser renders the document's own text again, whatever the route:
 * another text would make the router add a copy (a script the page's CSP hash does not allow) after a navigation.
 * `isServer` is a constant of each build, so the browser's bundle does not carry the script's builder; where the
 * package's "development" condition leaves it undefined (NODE_ENV=test servers), the document's absence decides.
 */
function entryBootstrap(scripts: EntryScripts): RouterManagedTag {
  const onServer = isServer ?? typeof document === 'undefined';
  const children = onServer ? entryAfterFirstPaintScript(scripts) : (document.getElementById(BOOTSTRAP_ID)?.textContent ?? '');
  return { tag: 'script', attrs: { id: BOOTSTRAP_ID, suppressHydrationWarning: true }, children };
}
