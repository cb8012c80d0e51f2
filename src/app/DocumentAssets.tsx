/**
 * The document's head tags and body scripts as TanStack Router's <HeadContent> and <Scripts> render them, but for
 * the entry module: no <link rel="modulepreload"> in the head and no <script type="module" src> in the body, only
 * an inline script that asks for them once the page has painted (entryAfterFirstPaint.ts). Server and browser
 * render the same tags, so hydration matches.
 */
import { Asset, useRouter, useRouterState, useTags } from '@tanstack/react-router';
import { composeSsrBodyScripts, getSsrBodyScriptParts, type RouterManagedTag } from '@tanstack/router-core';
import { isServer } from '@tanstack/router-core/isServer';
import { useEffect, useState } from 'react';
import { APP_READY_EVENT, type EntryScripts, entryAfterFirstPaintScript } from './entryAfterFirstPaint.ts';

const isModulePreload = (tag: RouterManagedTag) => tag.tag === 'link' && tag.attrs?.rel === 'modulepreload';
const isEntryModule = (tag: RouterManagedTag) => tag.tag === 'script' && tag.attrs?.type === 'module' && typeof tag.attrs?.src === 'string';

export function HeadTags() {
  const tags = useTags();
  const nonce = useRouter().options.ssr?.nonce;
  return (
    <>
      {tags
        .filter((tag) => !isModulePreload(tag))
        .map((tag) => (
          <Asset {...tag} key={`tsr-meta-${JSON.stringify(tag)}`} nonce={nonce} />
        ))}
    </>
  );
}

type Matches = Parameters<typeof getSsrBodyScriptParts>[0];

export function BodyScripts() {
  const router = useRouter();
  const currentPreloads = useTags()
    .filter(isModulePreload)
    .map((tag) => String(tag.attrs?.href));
  // The document's first list, kept: the browser's render must give the inline script the server's very text, or
  // the router would add a copy (a script the page's CSP hash does not allow) after each navigation.
  const [preloads] = useState(currentPreloads);
  const nonce = router.options.ssr?.nonce;
  const parts = (matches: Matches) => getSsrBodyScriptParts(matches, router.ssr?.manifest, nonce, { suppressHydrationWarning: true });
  const select = (matches: Matches) => composeSsrBodyScripts(parts(matches));
  const server = isServer ?? router.isServer;
  // Hydrated: the inline script replays the clicks and submissions it held meanwhile.
  useEffect(() => {
    window.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  // The browser's render reads the same matches through the router's state, as <Scripts> does.
  const clientScripts = useRouterState({ select: (state) => select(state.matches) });
  const scripts = server
    ? composeSsrBodyScripts(parts(router.stores.matches.get()), router.serverSsr?.takeInitialHydrationScriptTags())
    : clientScripts;
  return (
    <>
      {scripts.map((tag) => {
        const asset = isEntryModule(tag) ? entryBootstrap({ entry: String(tag.attrs?.src), preloads }) : tag;
        return <Asset {...asset} key={`tsr-scripts-${JSON.stringify(asset)}`} />;
      })}
    </>
  );
}

function entryBootstrap(scripts: EntryScripts): RouterManagedTag {
  return { tag: 'script', attrs: { suppressHydrationWarning: true }, children: entryAfterFirstPaintScript(scripts) };
}
