/** Instagram posts through the contract: batches of 16 from an offset (SPEC §4, §9). */
import { api } from '../client.ts';
import { required } from './answer.ts';

export async function loadInstagramPosts() {
  return required(await api().GET('/api/instagram/{offset}', { params: { path: { offset: 0 } } }));
}

export async function fetchInstagramPosts(offset: number) {
  const { data, error } = await api().GET('/api/instagram/{offset}', { params: { path: { offset } } });
  if (error || !data) throw new Error('Les publications suivantes sont indisponibles.');
  return data;
}
