/**
 * Runs `work` `delayMs` after the page's load event, once the main thread is idle (at the latest
 * `timeoutMs` later).
 */
export function whenIdle(work: () => void, delayMs: number, timeoutMs: number): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  let delayId: number | undefined;
  // Safari has no requestIdleCallback: one more second stands in for "idle".
  const idle = typeof window.requestIdleCallback === 'function';
  const schedule = () => {
    if (cancelled) return;
    idleId = idle ? window.requestIdleCallback(() => work(), { timeout: timeoutMs }) : window.setTimeout(work, 1000);
  };
  const afterLoad = () => {
    delayId = window.setTimeout(schedule, delayMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    window.clearTimeout(delayId);
    if (idleId === undefined) return;
    if (idle) window.cancelIdleCallback(idleId);
    else window.clearTimeout(idleId);
  };
}
