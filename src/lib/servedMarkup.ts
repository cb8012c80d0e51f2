/**
 * The markup a page was served with for parts its hydration data leaves out (issue 22: MarkupOnly), read once
 * before hydration touches it and kept for the page's lifetime — the router keeps the hydrated data, without
 * that part, in its cache, and a reader who comes back by the history is shown it again from here.
 */
const served = new Map<string, string>();

/** The inner HTML of the first element matching `selector` as served, or undefined (server side, or none). */
export function servedMarkup(selector: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const known = served.get(selector);
  if (known !== undefined) return known;
  const element = document.querySelector(selector);
  if (!element) return undefined;
  served.set(selector, element.innerHTML);
  return element.innerHTML;
}
