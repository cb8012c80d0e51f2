/** Repartee generators through the contract: list batches and one generator (reused by url once fetched). */
import type { ReparteeGenerator } from '../types.ts';
import { api } from '../client.ts';
import { required } from './answer.ts';
import { cachedItem, rememberItem } from './itemCache.ts';

export { parseReplyId, reparteeReplyPath } from './reparteeAddress.ts';

export async function fetchReparteeGenerators(offset: number) {
  return required(await (await api()).GET('/api/repartee-generator', { params: { query: { offset } } })).results;
}

export async function loadReparteeGenerator(url: string) {
  return cachedItem('repartee', url, async () =>
    required(await (await api()).GET('/api/repartee-generator/{url}', { params: { path: { url } } })),
  );
}

/** Remembers a generator shown by the server: drawing replies (which updates the address) asks nothing again. */
export function rememberReparteeGenerator(generator: ReparteeGenerator): void {
  rememberItem('repartee', generator.url, generator);
}

/** '/apercu-generateur/{token}': a generator as it would be published, from a signed link (never remembered). */
export async function loadReparteeGeneratorPreview(token: string): Promise<ReparteeGenerator> {
  return required(await (await api()).GET('/api/preview/generateur/{token}', { params: { path: { token } } }));
}
