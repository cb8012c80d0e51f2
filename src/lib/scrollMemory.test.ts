import type { ParsedLocation } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createScrollMemory, installScrollMemory, type NavigationEvents, type ScrollingWindow } from './scrollMemory.ts';

type Listener = (event: { fromLocation?: ParsedLocation; toLocation: ParsedLocation }) => void;

function fakeRouter() {
  const listeners: { type: string; listener: Listener }[] = [];
  const router: NavigationEvents = {
    _scroll: { n: true },
    subscribe(type, listener) {
      const entry = { type, listener };
      listeners.push(entry);
      return () => listeners.splice(listeners.indexOf(entry), 1);
    },
  };
  const emit = (type: string, fromLocation: ParsedLocation | undefined, toLocation: ParsedLocation) => {
    for (const entry of listeners) if (entry.type === type) entry.listener({ fromLocation, toLocation });
  };
  /** A navigation as the router tells it: leave, then the new page rendered (after its own scroll to the top). */
  const navigate = (view: ReturnType<typeof fakeWindow>, from: ParsedLocation, to: ParsedLocation) => {
    emit('onBeforeLoad', from, to);
    view.scrollTo(0, 0);
    emit('onRendered', from, to);
  };
  return { router, navigate, emit, listeners };
}

function fakeWindow() {
  const handlers: Record<string, ((event: PageTransitionEvent) => void)[]> = {};
  const view = {
    scrollX: 0,
    scrollY: 0,
    history: { scrollRestoration: 'auto' as ScrollRestoration },
    scrollTo(x: number, y: number) {
      view.scrollX = x;
      view.scrollY = y;
    },
    addEventListener(type: string, listener: (event: PageTransitionEvent) => void) {
      handlers[type] = [...(handlers[type] ?? []), listener];
    },
    fire(type: string, persisted = false) {
      for (const handler of handlers[type] ?? []) handler({ persisted } as PageTransitionEvent);
    },
  };
  return view satisfies ScrollingWindow;
}

const entry = (href: string, key?: string) => ({ href, state: key ? { __TSR_key: key } : {} }) as unknown as ParsedLocation;

describe('scroll memory (back/forward offsets without storage)', () => {
  it('puts a list back where the reader left it when they come back, and a new page at the top', () => {
    const { router, navigate } = fakeRouter();
    const view = fakeWindow();
    installScrollMemory(router, view);
    const list = entry('/mode', 'a');
    const article = entry('/mode/un-article', 'b');
    view.scrollTo(0, 1800);
    navigate(view, list, article);
    expect(view.scrollY).toBe(0);
    view.scrollTo(0, 400);
    navigate(view, article, list); // back
    expect(view.scrollY).toBe(1800);
    navigate(view, list, article); // forward
    expect(view.scrollY).toBe(400);
    // A new visit of the same address is a new entry (its own key): the top.
    navigate(view, article, entry('/mode', 'c'));
    expect(view.scrollY).toBe(0);
  });

  it('leaves the offset alone when the entry stays the same (its data reloaded)', () => {
    const { router, navigate, emit } = fakeRouter();
    const view = fakeWindow();
    installScrollMemory(router, view);
    const list = entry('/mode', 'a');
    view.scrollTo(0, 900);
    navigate(view, list, entry('/', 'z'));
    navigate(view, entry('/', 'z'), list);
    expect(view.scrollY).toBe(900);
    view.scrollTo(0, 1200);
    emit('onBeforeLoad', list, list);
    emit('onRendered', list, list);
    expect(view.scrollY).toBe(1200);
  });

  it('hands over to the browser across documents and takes over again on a return from the back-forward cache', () => {
    const { router } = fakeRouter();
    const view = fakeWindow();
    installScrollMemory(router, view);
    // The document's first render is not scrolled to the top by the router: a reload stays where it was.
    expect(router._scroll.n).toBe(false);
    expect(view.history.scrollRestoration).toBe('manual');
    view.fire('pagehide');
    expect(view.history.scrollRestoration).toBe('auto');
    view.fire('pageshow', false);
    expect(view.history.scrollRestoration).toBe('auto');
    view.fire('pageshow', true);
    expect(view.history.scrollRestoration).toBe('manual');
  });

  it('keeps a bounded number of entries, the oldest going first', () => {
    const memory = createScrollMemory(3);
    for (const key of ['a', 'b', 'c', 'd']) memory.save(key, { x: 0, y: key.charCodeAt(0) });
    expect(memory.size).toBe(3);
    expect(memory.get('a')).toBeUndefined();
    memory.save('b', { x: 0, y: 1 }); // saved again: now the newest
    memory.save('e', { x: 0, y: 2 });
    expect(memory.get('b')).toEqual({ x: 0, y: 1 });
    expect(memory.get('c')).toBeUndefined();
  });

  it('stops listening when removed', () => {
    const { router, listeners } = fakeRouter();
    const remove = installScrollMemory(router, fakeWindow());
    expect(listeners.map((l) => l.type)).toEqual(['onBeforeLoad', 'onRendered']);
    remove();
    expect(listeners).toEqual([]);
  });

  it('scrolls again on the next frames while the returning page is still too short, and not once the reader moved', () => {
    const { router, navigate } = fakeRouter();
    const frames: (() => void)[] = [];
    let height = 5000;
    const base = fakeWindow();
    const view = Object.assign(base, {
      scrollTo(x: number, y: number) {
        base.scrollX = x;
        base.scrollY = Math.min(y, height);
      },
      requestAnimationFrame(callback: () => void) {
        frames.push(callback);
        return frames.length;
      },
    });
    installScrollMemory(router, view);
    const list = entry('/mode', 'a');
    const article = entry('/mode/robe', 'b');
    view.scrollTo(0, 1800);
    navigate(view, list, article);
    height = 600; // the list comes back shorter, its images not loaded yet
    navigate(view, article, list);
    expect(view.scrollY).toBe(600);
    height = 5000;
    frames.shift()?.();
    expect(view.scrollY).toBe(1800);
    expect(frames).toEqual([]);

    // The reader scrolls before the page has grown: their place wins.
    navigate(view, list, article);
    height = 600;
    navigate(view, article, list);
    view.scrollY = 100;
    height = 5000;
    frames.shift()?.();
    expect(view.scrollY).toBe(100);
  });
});
