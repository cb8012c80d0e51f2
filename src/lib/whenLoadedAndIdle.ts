/**
 * Runs `work` once the page's load event has passed and the main thread has a moment to spare (at the latest
 * `timeoutMs` after the load event): the code a page starts after its load (reader services, the footer's
 * typewriter) then runs in tasks of its own instead of right behind the load event's, each short enough not to
 * block a reader's tap (issue 38, decision 034). Returns a function that cancels it.
 */
export function whenLoadedAndIdle(work: () => void, timeoutMs = 1000): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) work();
  };
  // Safari has no requestIdleCallback: a timer stands in for it (a task of its own all the same).
  const afterLoad = () =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: timeoutMs }) : window.setTimeout(run, 0);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
  };
}
