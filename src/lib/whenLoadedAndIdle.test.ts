import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenLoadedAndIdle } from './whenLoadedAndIdle.ts';

/** A window and document with a load event and idle callbacks run by hand. */
function fakePage(readyState: DocumentReadyState, withIdle = true) {
  const listeners = new Map<string, () => void>();
  const idle: { callback: () => void; timeout?: number }[] = [];
  const timers: { callback: () => void; ms?: number }[] = [];
  const window = {
    addEventListener: vi.fn((type: string, listener: () => void) => listeners.set(type, listener)),
    removeEventListener: vi.fn((type: string) => listeners.delete(type)),
    requestIdleCallback: withIdle
      ? (callback: () => void, options?: { timeout?: number }) => idle.push({ callback, timeout: options?.timeout })
      : undefined,
    cancelIdleCallback: vi.fn((id: number) => idle.splice(id - 1, 1)),
    setTimeout: (callback: () => void, ms?: number) => timers.push({ callback, ms }),
    clearTimeout: vi.fn(),
  };
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', { readyState });
  return { load: () => listeners.get('load')?.(), idle, timers, window };
}

afterEach(() => vi.unstubAllGlobals());

describe('whenLoadedAndIdle', () => {
  it('waits for the load event, then for an idle moment, with a deadline', () => {
    const page = fakePage('interactive');
    const work = vi.fn();
    whenLoadedAndIdle(work, { timeoutMs: 800 });
    expect(page.idle).toHaveLength(0);
    page.load();
    expect(work).not.toHaveBeenCalled();
    expect(page.idle[0]?.timeout).toBe(800);
    page.idle[0]?.callback();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('asks for the idle moment at once on a page already loaded', () => {
    const page = fakePage('complete');
    const work = vi.fn();
    whenLoadedAndIdle(work);
    expect(work).not.toHaveBeenCalled();
    page.idle[0]?.callback();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the load event', () => {
    const before = fakePage('loading');
    const work = vi.fn();
    whenLoadedAndIdle(work)();
    before.load();
    expect(before.idle).toHaveLength(0);
    const after = fakePage('complete');
    const cancel = whenLoadedAndIdle(work);
    const pending = after.idle[0];
    cancel();
    pending?.callback();
    expect(work).not.toHaveBeenCalled();
  });

  it('uses a task of its own where the browser has no idle callbacks', () => {
    const page = fakePage('complete', false);
    const work = vi.fn();
    whenLoadedAndIdle(work);
    expect(work).not.toHaveBeenCalled();
    page.timers[0]?.callback();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('cancels the idle callback it already asked for', () => {
    const page = fakePage('complete');
    const cancel = whenLoadedAndIdle(vi.fn());
    cancel();
    expect(page.window.cancelIdleCallback).toHaveBeenCalledWith(1);
  });

  it('waits delayMs after the load event before asking, and a cancel during the delay stops it', () => {
    const page = fakePage('interactive');
    const work = vi.fn();
    whenLoadedAndIdle(work, { delayMs: 4000, timeoutMs: 2000 });
    page.load();
    expect(page.timers[0]?.ms).toBe(4000);
    expect(page.idle).toHaveLength(0);
    page.timers[0]?.callback();
    expect(page.idle[0]?.timeout).toBe(2000);
    page.idle[0]?.callback();
    expect(work).toHaveBeenCalledTimes(1);

    const again = fakePage('complete');
    const cancel = whenLoadedAndIdle(work, { delayMs: 4000 });
    cancel();
    expect(again.window.clearTimeout).toHaveBeenCalled();
    again.timers[0]?.callback();
    expect(again.idle).toHaveLength(0);
  });

  it('stands a timer of noIdleFallbackMs in for idle where the browser has none', () => {
    const page = fakePage('complete', false);
    const work = vi.fn();
    const cancel = whenLoadedAndIdle(work, { noIdleFallbackMs: 1000 });
    expect(page.timers[0]?.ms).toBe(1000);
    cancel();
    expect(page.window.clearTimeout).toHaveBeenCalled();
  });
});
