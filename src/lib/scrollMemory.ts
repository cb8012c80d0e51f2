/**
 * Back/forward scroll positions, kept in memory only (issue 37: a reader's visit writes no storage).
 * TanStack's own scroll restoration saves its offsets in sessionStorage on every `pagehide`
 * (`tsr-scroll-restoration-v1_3`), so the router runs without it (`scrollRestoration: false`: it still scrolls
 * to the top or the hash on each navigation) and this puts a left entry's window offset back when the reader
 * returns to it inside the page's life. Across documents (a reload, a return from another site) the browser's
 * own restoration does it: the mode goes back to `auto` on `pagehide`, as TanStack does.
 */
import type { ParsedLocation } from '@tanstack/react-router';

export interface ScrollOffset {
  x: number;
  y: number;
}

/** Enough for any reader's back button; the oldest entries go first. */
const REMEMBERED_ENTRIES = 100;

/** Offsets per history entry, bounded. */
export function createScrollMemory(limit = REMEMBERED_ENTRIES) {
  const offsets = new Map<string, ScrollOffset>();
  return {
    save(key: string, offset: ScrollOffset) {
      offsets.delete(key);
      offsets.set(key, offset);
      if (offsets.size > limit) offsets.delete(offsets.keys().next().value as string);
    },
    get: (key: string) => offsets.get(key),
    get size() {
      return offsets.size;
    },
  };
}

/** One history entry's key: the router's per-entry key, the address when the entry has none (TanStack's rule). */
export const entryKey = (location: ParsedLocation) => location.state.__TSR_key ?? location.href;

interface LocationChange {
  fromLocation?: ParsedLocation;
  toLocation: ParsedLocation;
}

/** What this needs of the router: its navigation events. */
export interface NavigationEvents {
  subscribe(type: 'onBeforeLoad' | 'onRendered', listener: (event: LocationChange) => void): () => void;
  /** The router's "scroll to the top on the next render" flag (`n`), true from its construction. */
  _scroll: { n: boolean };
}

/** What this needs of the window. */
export interface ScrollingWindow {
  readonly scrollX: number;
  readonly scrollY: number;
  scrollTo(x: number, y: number): void;
  history: { scrollRestoration: ScrollRestoration };
  addEventListener(type: 'pagehide' | 'pageshow', listener: (event: PageTransitionEvent) => void): void;
  /** Present in browsers: a page still growing (images, lazy parts) is scrolled again on the next frames. */
  requestAnimationFrame?: (callback: () => void) => number;
}

/** Frames a restore keeps trying while the page is shorter than the offset (about half a second). */
const RESTORE_FRAMES = 30;

/**
 * Remembers the window's offset of each entry the reader leaves and restores it when the reader comes back.
 * Subscribed after the router's own listener, so the restore comes after its scroll to the top.
 */
export function installScrollMemory(router: NavigationEvents, view: ScrollingWindow = window, memory = createScrollMemory()) {
  // The first render is the document's: the browser has put it where it was on a reload or a return.
  router._scroll.n = false;
  // Same-document traversals are ours: the browser would restore on the previous page's content, before it changes.
  view.history.scrollRestoration = 'manual';
  view.addEventListener('pagehide', () => {
    view.history.scrollRestoration = 'auto';
  });
  view.addEventListener('pageshow', (event) => {
    if (event.persisted) view.history.scrollRestoration = 'manual';
  });
  const unsubscribeLeave = router.subscribe('onBeforeLoad', ({ fromLocation }) => {
    if (fromLocation) memory.save(entryKey(fromLocation), { x: view.scrollX, y: view.scrollY });
  });
  const unsubscribeReturn = router.subscribe('onRendered', ({ fromLocation, toLocation }) => {
    const key = entryKey(toLocation);
    if (fromLocation && entryKey(fromLocation) === key) return;
    const offset = memory.get(key);
    if (offset) restore(view, offset, RESTORE_FRAMES);
  });
  return () => {
    unsubscribeLeave();
    unsubscribeReturn();
  };
}

/**
 * Scrolls to the offset; when the browser clamped it (the returning page is not as tall yet), tries again on the
 * next frames, and stops as soon as it is reached or the reader scrolled elsewhere.
 */
function restore(view: ScrollingWindow, offset: ScrollOffset, frames: number) {
  view.scrollTo(offset.x, offset.y);
  const clamped = view.scrollY;
  if (clamped === offset.y || frames === 0 || !view.requestAnimationFrame) return;
  view.requestAnimationFrame(() => {
    if (view.scrollY === clamped) restore(view, offset, frames - 1);
  });
}
