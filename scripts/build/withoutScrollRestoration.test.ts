import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STAND_IN_CODE } from './withoutScrollRestoration.ts';

type Listener = (event: { toLocation: { hash: string; state: Record<string, unknown> } }) => void;

let dir = '';
let standIn: {
  setupScrollRestoration: (router: unknown, force?: boolean) => void;
  storageKey: string;
  defaultGetScrollRestorationKey: (location: unknown) => string;
};
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scroll-stand-in-'));
  writeFileSync(join(dir, 'standIn.mjs'), STAND_IN_CODE);
  standIn = await import(join(dir, 'standIn.mjs'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeRouter(scrollRestoration = false) {
  const listeners: Listener[] = [];
  return {
    options: { scrollRestoration },
    isServer: false,
    _scroll: { n: true } as { n: boolean; h?: boolean; r?: boolean },
    subscribe: vi.fn((type: string, listener: Listener) => {
      expect(type).toBe('onRendered');
      listeners.push(listener);
      return () => {};
    }),
    render: (hash = '', state: Record<string, unknown> = {}) => {
      for (const listener of listeners) listener({ toLocation: { hash, state } });
    },
  };
}

describe('the scroll restoration stand-in', () => {
  it('has every export of the module it replaces', () => {
    const require = createRequire(import.meta.url);
    const core = join(dirname(require.resolve('@tanstack/router-core/package.json')), 'dist/esm/scroll-restoration.js');
    const exported = /export \{([^}]*)\}/.exec(readFileSync(core, 'utf8'))?.[1] ?? '';
    const names = exported
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .sort();
    expect(names).toEqual(Object.keys(standIn).sort());
    expect(readFileSync(core, 'utf8')).toContain(`storageKey = "${standIn.storageKey}"`);
  });

  it('scrolls to the top after a navigation that resets the scroll, to the hash when there is one, and once set up', () => {
    const scrollTo = vi.fn();
    const scrollIntoView = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    vi.stubGlobal('document', { getElementById: (id: string) => (id === 'commentaires' ? { scrollIntoView } : null) });
    const router = fakeRouter();
    standIn.setupScrollRestoration(router);
    standIn.setupScrollRestoration(router);
    expect(router.subscribe).toHaveBeenCalledTimes(1);

    router.render();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: undefined });
    expect(router._scroll).toMatchObject({ n: true, h: false });

    // The scroll memory's first render, and a navigation with resetScroll: false, stay where they are.
    router._scroll.n = false;
    router.render();
    expect(scrollTo).toHaveBeenCalledTimes(1);

    router.render('commentaires');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledWith(true);
    router.render('commentaires', { __hashScrollIntoViewOptions: false });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('refuses to stand in for a scroll restoration that is turned on', () => {
    expect(() => standIn.setupScrollRestoration(fakeRouter(true))).toThrow(/left out of this build/);
  });

  it('keys an entry as the router does', () => {
    expect(standIn.defaultGetScrollRestorationKey({ state: { __TSR_key: 'k1' }, href: '/a' })).toBe('k1');
    expect(standIn.defaultGetScrollRestorationKey({ state: {}, href: '/a' })).toBe('/a');
  });
});
