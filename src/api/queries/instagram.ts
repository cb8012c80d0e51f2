/** Instagram posts through the contract: batches of 16 from an offset (SPEC §4, §9). */
import { api } from '../client.ts';
import { required } from './answer.ts';
import { withPreviewed } from './previewInList.ts';

export async function loadInstagramPosts() {
  return required(await (await api()).GET('/api/instagram/{offset}', { params: { path: { offset: 0 } } }));
}

export async function fetchInstagramPosts(offset: number) {
  const { data, error } = await (await api()).GET('/api/instagram/{offset}', { params: { path: { offset } } });
  if (error || !data) throw new Error('Les publications suivantes sont indisponibles.');
  return data;
}

/**
 * '/apercu-instagram/{token}': the first batch of posts with the previewed one among them (in its own place,
 * else first), from a signed link.
 */
export async function loadInstagramPreview(token: string) {
  const [previewed, posts] = await Promise.all([
    (await api()).GET('/api/preview/instagram/{token}', { params: { path: { token } } }),
    loadInstagramPosts(),
  ]);
  return withPreviewed(posts, required(previewed));
}
