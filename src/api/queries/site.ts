/** What every page's chrome needs: the categories (SPEC §7: fetched at start) and the quotations. */
import { api } from '../client.ts';
import { optional } from './answer.ts';

/** The chrome degrades (no category menu, no quotation) rather than failing every page. */
export async function loadSiteChrome() {
  const client = api();
  const [categories, quotations] = await Promise.all([
    client.GET('/api/categories').catch(() => null),
    client.GET('/api/quotations').catch(() => null),
  ]);
  return {
    // The menu needs no description (the category page loads its own): 1.5 KB less in every page's data.
    categories: (categories ? optional(categories, { results: [] }).results : []).map(({ slug, name, color }) => ({ slug, name, color })),
    quotations: quotations ? optional(quotations, { results: [] }).results : [],
  };
}

/** The category list alone (the search overlay when opened without the chrome's list). */
export async function fetchCategories() {
  const { data } = await api().GET('/api/categories');
  return data?.results ?? [];
}
