/**
 * What every page's chrome needs: the categories (SPEC §7: fetched at start) and the header's sentence. The
 * footer's typewriter cycles through every quotation on home and category pages only (SPEC: Footer), so those
 * pages load the list with their own data (withQuotations): the others do not carry it (issue 22).
 */
import { api } from '../client.ts';
import type { Quotation } from '../types.ts';
import { optional, required } from './answer.ts';

/** The chrome degrades (no category menu, no quotation) rather than failing every page. */
export async function loadSiteChrome() {
  const client = await api();
  const [categories, quotations] = await Promise.all([
    client.GET('/api/categories').catch(() => null),
    client.GET('/api/quotations').catch(() => null),
  ]);
  return {
    // The menu needs no description (the category page loads its own): 1.5 KB less in every page's data.
    categories: (categories ? optional(categories, { results: [] }).results : []).map(({ slug, name, color }) => ({ slug, name, color })),
    sentence: (quotations ? optional(quotations, { results: [] }).results : [])[0] ?? null,
  };
}

export async function loadQuotations() {
  const quotations = await (await api()).GET('/api/quotations').catch(() => null);
  return quotations ? optional(quotations, { results: [] }).results : [];
}

/** A home or category page's data, with the quotations of its footer. */
export async function withQuotations<T extends object>(data: Promise<T>): Promise<T & { quotations: Quotation[] }> {
  const [loaded, quotations] = await Promise.all([data, loadQuotations()]);
  return { ...loaded, quotations };
}

/** The category list alone (the search overlay when opened without the chrome's list). */
export async function fetchCategories() {
  const { data } = await (await api()).GET('/api/categories');
  return data?.results ?? [];
}

/**
 * '/apercu-citation/{token}': a quotation as it would be published, from a signed link (never remembered); the
 * page's data carries it as its footer's only quotation, so the typewriter types it and nothing else.
 */
export async function loadQuotationPreview(token: string): Promise<{ quotation: Quotation; quotations: Quotation[] }> {
  const quotation = required(await (await api()).GET('/api/preview/citation/{token}', { params: { path: { token } } }));
  return { quotation, quotations: [quotation] };
}
