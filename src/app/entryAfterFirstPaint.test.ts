import { describe, expect, it, vi } from 'vitest';
import { APP_READY_EVENT, entryAfterFirstPaintScript, entryScriptsOf } from './entryAfterFirstPaint.ts';

const scripts = { entry: '/assets/index-abc.js', preloads: ['/assets/index-abc.js', '/assets/routes-def.js'] };

/** Runs the inline script against a page whose paint reports, frames and timers the test triggers by hand. */
function runOnPage({ hidden = false, paintObserver = true } = {}) {
  const appended: { tag: string; rel?: string; href?: string; type?: string; src?: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const observers: {
    callback: (list: { getEntriesByName: (name: string) => unknown[] }, o: { disconnect: () => void }) => void;
    disconnected: boolean;
  }[] = [];
  function Observer(this: unknown, callback: (typeof observers)[number]['callback']) {
    const observer = { callback, disconnected: false };
    observers.push(observer);
    return { observe: vi.fn(), disconnect: () => (observer.disconnected = true) };
  }
  Observer.supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  const documentListeners = new Map<string, (event: unknown) => void>();
  const windowListeners = new Map<string, () => void>();
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (element: (typeof appended)[number]) => appended.push(element) },
    addEventListener: (type: string, listener: (event: unknown) => void) => documentListeners.set(type, listener),
    removeEventListener: (type: string) => documentListeners.delete(type),
  };
  const window = {
    PerformanceObserver: paintObserver ? Observer : undefined,
    addEventListener: (type: string, listener: () => void) => windowListeners.set(type, listener),
  };
  const run = () =>
    new Function('window', 'document', 'requestAnimationFrame', 'setTimeout', entryAfterFirstPaintScript(scripts))(
      window,
      document,
      (callback: () => void) => frames.push(callback),
      (callback: () => void, ms: number) => timers.push({ callback, ms }),
    );
  run();
  const paint = (name: string) =>
    observers[0]?.callback({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) }, { disconnect: () => {} });
  /** A user's event reaching the document before the app: whether the script held it. */
  const dispatch = (type: 'click' | 'submit', target: unknown) => {
    const event = { type, target, preventDefault: vi.fn(), stopPropagation: vi.fn() };
    documentListeners.get(type)?.(event);
    return event.preventDefault.mock.calls.length > 0 && event.stopPropagation.mock.calls.length > 0;
  };
  const ready = () => windowListeners.get(APP_READY_EVENT)?.();
  return { appended, frames, timers, observers, paint, dispatch, ready, documentListeners, runAgain: run };
}

describe('entryAfterFirstPaintScript', () => {
  it('asks for nothing before the first contentful paint, then for the preloads and the entry once', () => {
    const page = runOnPage();
    expect(page.appended).toEqual([]);
    page.paint('first-paint');
    expect(page.appended).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.appended).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/index-abc.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/routes-def.js' },
      { tag: 'script', type: 'module', src: '/assets/index-abc.js' },
    ]);
    page.timers.find((timer) => timer.ms === 3000)?.callback();
    expect(page.appended).toHaveLength(3);
  });

  it('asks after 3 s at the latest, even without a paint', () => {
    const page = runOnPage();
    page.timers.find((timer) => timer.ms === 3000)?.callback();
    expect(page.appended.at(-1)).toEqual({ tag: 'script', type: 'module', src: '/assets/index-abc.js' });
  });

  it('asks at once in a hidden tab', () => {
    const page = runOnPage({ hidden: true });
    expect(page.appended).toHaveLength(3);
    expect(page.observers).toHaveLength(0);
  });

  it('without paint reports, asks in the task after the first frame', () => {
    const page = runOnPage({ paintObserver: false });
    expect(page.appended).toEqual([]);
    page.frames[0]?.();
    expect(page.appended).toEqual([]);
    page.timers.find((timer) => timer.ms === 0)?.callback();
    expect(page.appended).toHaveLength(3);
  });

  it('holds a click on a button before the app, asks for it at once, and replays the click once hydrated', () => {
    const page = runOnPage();
    const button = { disabled: false, isConnected: true, click: vi.fn(), __reactProps$t: {} };
    const inner = { closest: (selector: string) => (selector.includes('button') ? button : null) };
    expect(page.dispatch('click', inner)).toBe(true);
    expect(page.appended).toHaveLength(3);
    expect(button.click).not.toHaveBeenCalled();
    page.ready();
    expect(button.click).toHaveBeenCalledTimes(1);
    expect(page.documentListeners.size).toBe(0);
  });

  it('does nothing when run a second time in the same document (the router may add a copy after hydration)', () => {
    const page = runOnPage();
    page.ready();
    page.runAgain();
    expect(page.documentListeners.size).toBe(0);
    expect(page.observers).toHaveLength(1);
    const button = { disabled: false, isConnected: true, click: vi.fn(), __reactProps$t: {} };
    expect(page.dispatch('click', { closest: () => button })).toBe(false);
  });

  it('lets links, disabled buttons and everything after hydration through', () => {
    const page = runOnPage();
    const link = { closest: () => null };
    const disabled = { closest: () => ({ disabled: true }) };
    expect(page.dispatch('click', link)).toBe(false);
    expect(page.dispatch('click', disabled)).toBe(false);
    expect(page.appended).toEqual([]);
    page.ready();
    const button = { disabled: false, isConnected: true, click: vi.fn(), __reactProps$t: {} };
    expect(page.dispatch('click', { closest: () => button })).toBe(false);
  });

  it('waits for a held element that React has not hydrated yet (a Suspense boundary), 5 s at most', () => {
    const page = runOnPage();
    const late: { disabled: boolean; isConnected: boolean; click: () => void; __reactProps$t?: object } = {
      disabled: false,
      isConnected: true,
      click: vi.fn(),
    };
    page.dispatch('click', { closest: () => late });
    page.ready();
    expect(late.click).not.toHaveBeenCalled();
    const retry = page.timers.filter((timer) => timer.ms === 50).at(-1);
    late.__reactProps$t = {};
    retry?.callback();
    expect(late.click).toHaveBeenCalledTimes(1);

    const never = { disabled: false, isConnected: true, click: vi.fn() };
    const other = runOnPage();
    other.dispatch('click', { closest: () => never });
    other.ready();
    for (let i = 0; i < 100; i++)
      other.timers
        .filter((timer) => timer.ms === 50)
        .at(-1)
        ?.callback();
    expect(never.click).toHaveBeenCalledTimes(1);
  });

  it('holds a form submitted before the app and submits it again once hydrated, unless it is gone', () => {
    const page = runOnPage();
    const form = { isConnected: true, requestSubmit: vi.fn(), __reactProps$t: {} };
    const gone = { isConnected: false, requestSubmit: vi.fn() };
    expect(page.dispatch('submit', form)).toBe(true);
    expect(page.dispatch('submit', gone)).toBe(true);
    page.ready();
    expect(form.requestSubmit).toHaveBeenCalledTimes(1);
    expect(gone.requestSubmit).not.toHaveBeenCalled();
  });

  it('cannot close its <script> element, and its list reads back from the page', () => {
    const hostile = { entry: '/assets/a</script><script>alert(1)</script>.js', preloads: [] };
    const text = entryAfterFirstPaintScript(hostile);
    expect(text).not.toContain('</script>');
    expect(entryScriptsOf(`<script>${text}</script>`)).toEqual(hostile);
    expect(entryScriptsOf(`<p>${entryAfterFirstPaintScript(scripts)}</p>`)).toEqual(scripts);
    expect(entryScriptsOf('<p>no script</p>')).toBeNull();
  });
});
