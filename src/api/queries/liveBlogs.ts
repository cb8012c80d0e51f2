/** « Direct » through the contract: the page's load, and the poll since a cursor. */
import { api } from '../client.ts';
import { required } from './answer.ts';

/** '/direct/{slug}': the live blog with every published entry. */
export async function loadLiveBlog(slug: string) {
  return required(await (await api()).GET('/api/direct/{url}', { params: { path: { url: slug } } }));
}

/** What changed since `since` (null when the network fails: the page keeps what it shows). */
export async function pollLiveBlog(slug: string, since: number) {
  try {
    const answer = await (await api()).GET('/api/direct/{url}', { params: { path: { url: slug }, query: { since } } });
    return answer.data ?? null;
  } catch {
    return null;
  }
}
