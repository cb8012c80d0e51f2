/**
 * The background work's deferred start: on the first answered request or after the delay, once; a stop before
 * the start is final and stops nothing; a stop during the start waits for it and stops what started.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferStart } from './deferredStart.ts';

/** A part whose start the test finishes by hand, and which records what happened to it. */
function controlledPart() {
  const events: string[] = [];
  let finishStart: () => void = () => {};
  const startPart = vi.fn(async () => {
    events.push('start begun');
    await new Promise<void>((resolve) => {
      finishStart = resolve;
    });
    events.push('started');
    return async () => {
      events.push('stopped');
    };
  });
  return { events, startPart, finishStart: () => finishStart() };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('deferStart', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts when asked (the first request answered), once, and not again when the delay passes', async () => {
    const part = controlledPart();
    const deferred = deferStart(part.startPart, { delayMs: 3000 });
    expect(part.startPart).not.toHaveBeenCalled();
    deferred.start();
    deferred.start();
    part.finishStart();
    await deferred.started;
    vi.advanceTimersByTime(10_000);
    expect(part.startPart).toHaveBeenCalledTimes(1);
    expect(part.events).toEqual(['start begun', 'started']);
    await deferred.stop();
    expect(part.events).toEqual(['start begun', 'started', 'stopped']);
  });

  it('starts by itself after the delay when no request comes', async () => {
    const part = controlledPart();
    const deferred = deferStart(part.startPart, { delayMs: 3000 });
    vi.advanceTimersByTime(2999);
    expect(part.startPart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(part.startPart).toHaveBeenCalledTimes(1);
    part.finishStart();
    await deferred.started;
    await deferred.stop();
    expect(part.events).toEqual(['start begun', 'started', 'stopped']);
  });

  it('stops as a no-op before the start, and never starts afterwards (neither asked nor by the delay)', async () => {
    const part = controlledPart();
    const deferred = deferStart(part.startPart, { delayMs: 3000 });
    await deferred.stop();
    deferred.start();
    vi.advanceTimersByTime(10_000);
    await flush();
    expect(part.startPart).not.toHaveBeenCalled();
    expect(part.events).toEqual([]);
    // Whoever waits for the start is not left waiting forever.
    await deferred.started;
  });

  it('a stop during the start waits for it, then stops what started; nothing runs once stop() resolves', async () => {
    const part = controlledPart();
    const deferred = deferStart(part.startPart, { delayMs: 3000 });
    deferred.start();
    let stopResolved = false;
    const stopping = deferred.stop().then(() => {
      stopResolved = true;
    });
    await flush();
    expect(stopResolved).toBe(false);
    expect(part.events).toEqual(['start begun']);
    part.finishStart();
    await stopping;
    expect(part.events).toEqual(['start begun', 'started', 'stopped']);
    // A second stop (a second signal) does not stop twice.
    await deferred.stop();
    expect(part.events).toEqual(['start begun', 'started', 'stopped']);
  });

  it('says a failed start, and its stop then has nothing to stop', async () => {
    const lines: string[] = [];
    const deferred = deferStart(
      async () => {
        throw new Error('base injoignable');
      },
      { delayMs: 3000, log: (line) => lines.push(line) },
    );
    deferred.start();
    await deferred.started;
    await deferred.stop();
    expect(lines).toEqual(['[boot] background work could not start: base injoignable']);
  });
});
