/**
 * The readers' contest calls: the entry form (multipart, the contract's field names) and the confirmation
 * link's POST. A thrown error means the network failed; any answer of the server is returned.
 */
import { api } from '../client.ts';
import type { ContestEntryForm, ContestEntryResponse, TokenOutcome } from '../types.ts';
import { toFormData } from './newsletter.ts';

const unexpected = "Le serveur n'a pas pu traiter le formulaire : réessayez dans un instant.";

export async function submitContestEntry(url: string, form: ContestEntryForm): Promise<ContestEntryResponse> {
  const { data, error, response } = await (await api()).POST('/api/contests/{url}/entries', {
    params: { path: { url } },
    body: form,
    bodySerializer: toFormData,
  });
  if (data) return data;
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : `${unexpected} (${response.status})`;
  return { status: 'error', errors: {}, message };
}

export async function confirmContestEntryLink(token: string): Promise<TokenOutcome> {
  const { data, error } = await (await api()).POST('/api/contests/entries/confirmation', { body: { token }, bodySerializer: toFormData });
  if (data) return data;
  return { status: 'invalid', message: error?.message ?? unexpected };
}
