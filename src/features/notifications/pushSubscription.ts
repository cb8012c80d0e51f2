/**
 * The browser's side of web push: read the current subscription (local, no network), subscribe after the
 * reader's yes (the only moment a request goes to the browser's push service), unsubscribe.
 */
import { removePushSubscription, savePushSubscription } from '../../api/queries/push.ts';
import type { PushSubscriptionInput } from '../../api/types.ts';

export type PushResult =
  | { status: 'subscribed' | 'unsubscribed'; message: string }
  | { status: 'denied' }
  | { status: 'error'; message: string };

export const pushTexts = {
  failed: 'L’activation n’a pas abouti : réessayez dans un instant.',
  noWorker: 'Les notifications ont besoin que le site finisse de se charger : réessayez dans un instant.',
} as const;

const READY_TIMEOUT_MS = 15_000;

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * The worker registers a few seconds after load; a reader who asks sooner registers it now (the same
 * registration the page makes later: registering the same script again returns it).
 */
async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => window.setTimeout(() => resolve(null), READY_TIMEOUT_MS));
  if (!(await navigator.serviceWorker.getRegistration('/'))) {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => null);
  }
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function toContract(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

export async function subscribeToPush(publicKey: string): Promise<PushResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { status: 'denied' };
  const registration = await readyRegistration();
  if (!registration) return { status: 'error', message: pushTexts.noWorker };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  } catch {
    return { status: 'error', message: pushTexts.failed };
  }
  const answer = await savePushSubscription(toContract(subscription)).catch(() => null);
  if (answer?.ok) return { status: 'subscribed', message: answer.outcome.message };
  // Not stored: no subscription is left behind that the server could never use.
  await subscription.unsubscribe().catch(() => false);
  return { status: 'error', message: answer?.message ?? pushTexts.failed };
}

export async function unsubscribeFromPush(subscription: PushSubscription): Promise<PushResult> {
  const answer = await removePushSubscription(subscription.endpoint).catch(() => null);
  if (!answer?.ok) return { status: 'error', message: answer?.message ?? pushTexts.failed };
  await subscription.unsubscribe().catch(() => false);
  return { status: 'unsubscribed', message: answer.outcome.message };
}
