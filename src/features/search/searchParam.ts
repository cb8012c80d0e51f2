/** The search's URL parameter; dependency-free so the header can read it without loading the overlay. */
import { appConfig } from '../../../app.config.ts';

export const SEARCH_PARAM = 'q';

/** The q of a location's query string when it is long enough to run on page load. */
export function initialSearchQuery(search: string): string | null {
  const q = new URLSearchParams(search).get(SEARCH_PARAM)?.trim() ?? '';
  return q.length >= appConfig.search.minQueryLength ? q : null;
}
