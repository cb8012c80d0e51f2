export interface WhenLoadedAndIdleOptions {
  /** Wait this long after the load event before asking for an idle moment (the service worker waits seconds). */
  delayMs?: number;
  /** The latest the work runs once asked for, idle or not. */
  timeoutMs?: number;
  /** Where the browser has no idle callbacks (Safari), this long a timer stands in for "idle". */
  noIdleFallbackMs?: number;
}

/**
 * Runs `work` once the page's load event has passed (and `delayMs` more) and the main thread has a moment to
 * spare (at the latest `timeoutMs` later): what a page starts after its load (reader services, the footer's
 * typewriter, the service worker) then runs in tasks of its own instead of right behind the load event's, each
 * short enough not to block a reader's tap (issue 38, decision 034). Returns a function that cancels it, at any
 * step: before the load, during the delay, or with the idle callback already asked for.
 */
export function whenLoadedAndIdle(work: () => void, options: WhenLoadedAndIdleOptions = {}): () => void {
  const { delayMs = 0, timeoutMs = 1000, noIdleFallbackMs = 0 } = options;
  const idle = typeof window.requestIdleCallback === 'function';
  let cancelled = false;
  let delayId: number | undefined;
  let idleId: number | undefined;
  const run = () => {
    if (!cancelled) work();
  };
  const askForIdle = () => {
    if (cancelled) return;
    idleId = idle ? window.requestIdleCallback(run, { timeout: timeoutMs }) : window.setTimeout(run, noIdleFallbackMs);
  };
  // No timer when there is no delay: one task fewer between the load event and the work.
  const afterLoad = () => {
    if (delayMs > 0) delayId = window.setTimeout(askForIdle, delayMs);
    else askForIdle();
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (delayId !== undefined) window.clearTimeout(delayId);
    if (idleId === undefined) return;
    if (idle) window.cancelIdleCallback(idleId);
    else window.clearTimeout(idleId);
  };
}
