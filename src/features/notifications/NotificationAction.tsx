/**
 * What the header's notification panel offers under its prompt: turn notifications on (the browser's
 * permission, then a Push API subscription stored by the server), see that they are on and turn them off,
 * or read why they cannot be (not configured on this site, unsupported, blocked, offline). Nothing is
 * requested from the browser or a push service before the reader presses "Activer".
 */
import { useEffect, useState } from 'react';
import { useOnlineStatus } from '../../lib/onlineStatus.ts';
import { notificationTexts } from './notificationTexts.ts';
import { currentSubscription, pushSupported, subscribeToPush, unsubscribeFromPush } from './pushSubscription.ts';

type View =
  | { kind: 'checking' | 'idle' | 'working' | 'unsupported' | 'denied' }
  | { kind: 'subscribed'; subscription: PushSubscription | null; message: string }
  | { kind: 'done' | 'error'; message: string };

export interface NotificationActionProps {
  /** VAPID public key; null: notifications are not configured on this deployment. */
  publicKey: string | null;
  /** Whether the deployment runs the service worker (push needs it). */
  serviceWorker: boolean;
}

export function NotificationAction({ publicKey, serviceWorker }: NotificationActionProps) {
  const available = publicKey !== null && serviceWorker;
  const online = useOnlineStatus();
  const [view, setView] = useState<View>({ kind: 'checking' });

  useEffect(() => {
    if (!available) return;
    if (!pushSupported()) {
      setView({ kind: 'unsupported' });
      return;
    }
    if (Notification.permission === 'denied') {
      setView({ kind: 'denied' });
      return;
    }
    let cancelled = false;
    currentSubscription()
      .catch(() => null)
      .then((subscription) => {
        if (cancelled) return;
        setView(subscription ? { kind: 'subscribed', subscription, message: notificationTexts.on } : { kind: 'idle' });
      });
    return () => {
      cancelled = true;
    };
  }, [available]);

  if (!available) return <p className="text-sm font-semibold">{notificationTexts.off}</p>;

  async function activate() {
    if (!publicKey) return;
    setView({ kind: 'working' });
    const result = await subscribeToPush(publicKey);
    if (result.status === 'subscribed')
      setView({ kind: 'subscribed', subscription: await currentSubscription().catch(() => null), message: result.message });
    else if (result.status === 'denied') setView({ kind: 'denied' });
    else if (result.status === 'error') setView({ kind: 'error', message: result.message });
  }

  async function deactivate(subscription: PushSubscription | null) {
    if (!subscription) return;
    setView({ kind: 'working' });
    const result = await unsubscribeFromPush(subscription);
    if (result.status === 'unsubscribed') setView({ kind: 'done', message: result.message });
    else if (result.status === 'error') setView({ kind: 'error', message: result.message });
  }

  const status = (text: string) => (
    <p role="status" className="text-sm font-semibold">
      {text}
    </p>
  );
  const button = (label: string, onClick: () => void) => (
    <button
      type="button"
      onClick={onClick}
      disabled={view.kind === 'working' || !online}
      className="rounded-full bg-encre px-4 py-2 text-sm font-bold text-white hover:bg-piment-dark disabled:cursor-wait disabled:opacity-70"
    >
      {label}
    </button>
  );

  switch (view.kind) {
    case 'checking':
      return null;
    case 'unsupported':
      return status(notificationTexts.unsupported);
    case 'denied':
      return status(notificationTexts.denied);
    case 'subscribed':
      return (
        <>
          {status(view.message)}
          {button('Désactiver', () => void deactivate(view.subscription))}
        </>
      );
    default:
      return (
        <>
          {view.kind === 'done' || view.kind === 'error' ? status(view.message) : null}
          {!online ? status(notificationTexts.offline) : null}
          {button(view.kind === 'working' ? 'Activation…' : 'Activer', () => void activate())}
        </>
      );
  }
}
