/**
 * The web push calls of the contract: saving the subscription the browser created, and removing it. A
 * thrown error means the network failed; any answer of the server is returned with its French message.
 */
import { api } from '../client.ts';
import type { PushOutcome, PushSubscriptionInput } from '../types.ts';

export type PushAnswer = { ok: true; outcome: PushOutcome } | { ok: false; message: string };

const unexpected = "Le serveur n'a pas pu enregistrer votre choix : réessayez dans un instant.";

function answerOf(data: PushOutcome | undefined, error: { message?: string } | undefined): PushAnswer {
  if (data) return { ok: true, outcome: data };
  return { ok: false, message: error?.message ?? unexpected };
}

export async function savePushSubscription(subscription: PushSubscriptionInput): Promise<PushAnswer> {
  const { data, error } = await (await api()).POST('/api/push/subscriptions', { body: subscription });
  return answerOf(data, error);
}

export async function removePushSubscription(endpoint: string): Promise<PushAnswer> {
  const { data, error } = await (await api()).POST('/api/push/subscriptions/unsubscribe', { body: { endpoint } });
  return answerOf(data, error);
}
