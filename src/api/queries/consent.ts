/** The proof of a consent choice (POST /api/consent). */
import { api } from '../client.ts';
import type { ConsentRecordInput } from '../types.ts';

/** Best effort: a proof that cannot be sent is not worth bothering the reader about. */
export async function recordConsent(choice: ConsentRecordInput): Promise<boolean> {
  try {
    const { response } = await (await api()).POST('/api/consent', { body: choice });
    return response.status === 201;
  } catch {
    return false;
  }
}
