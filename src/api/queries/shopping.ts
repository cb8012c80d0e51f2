import { api } from '../client.ts';
import { optional, required } from './answer.ts';
import { withPreviewed } from './previewInList.ts';

/** The path '/shopping' also names the shopping category: its latest articles follow the selection. */
const SHOPPING_PATH_SEGMENT = 'shopping';

export async function loadShopping() {
  const client = await api();
  const [items, articles] = await Promise.all([
    client.GET('/api/shopping'),
    client.GET('/api/articleByCategory/{category}', { params: { path: { category: SHOPPING_PATH_SEGMENT } } }),
  ]);
  return { items: required(items).results, articles: optional(articles, { results: [] }).results };
}

/**
 * '/apercu-shopping/{token}': the shopping page with the previewed item among the published ones (in its own
 * place, else first), from a signed link.
 */
export async function loadShoppingPreview(token: string) {
  const [previewed, page] = await Promise.all([
    (await api()).GET('/api/preview/shopping/{token}', { params: { path: { token } } }),
    loadShopping(),
  ]);
  return { ...page, items: withPreviewed(page.items, required(previewed)) };
}
