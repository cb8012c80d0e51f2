/** The marketing popin of a page (GET /api/popin, SPEC §7). */
import { api } from '../client.ts';
import type { Popin } from '../types.ts';

/** Failures are ignored silently (SPEC §7): null means no popin. */
export async function fetchPopin(path: string): Promise<Popin | null> {
  try {
    const { data } = await api().GET('/api/popin', { params: { query: { url: path } } });
    return data ?? null;
  } catch {
    return null;
  }
}
