import { api } from '../client.ts';
import { optional, required } from './answer.ts';

/** The path '/shopping' also names the shopping category: its latest articles follow the selection. */
const SHOPPING_PATH_SEGMENT = 'shopping';

export async function loadShopping() {
  const client = api();
  const [items, articles] = await Promise.all([
    client.GET('/api/shopping'),
    client.GET('/api/articleByCategory/{category}', { params: { path: { category: SHOPPING_PATH_SEGMENT } } }),
  ]);
  return { items: required(items).results, articles: optional(articles, { results: [] }).results };
}
