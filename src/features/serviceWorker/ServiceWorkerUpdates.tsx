/**
 * Mounts the service worker without touching the page's start-up: a few seconds after load, when the main
 * thread is idle, it registers /sw.js (or, when the operator turned it off, removes it), keeps the pages the reader
 * opens in the app, and shows the update toast when a new version is waiting.
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { appConfig } from '../../../app.config.ts';
import { whenLoadedAndIdle } from '../../lib/whenLoadedAndIdle.ts';
import type { ServiceWorkerHandle } from './registration.ts';
import { UpdateToast } from './UpdateToast.tsx';

/** enabled: the deployment's setting; null when unknown (then nothing is done either way). */
export function ServiceWorkerUpdates({ enabled }: { enabled: boolean | null }) {
  const [waiting, setWaiting] = useState(false);
  const handle = useRef<ServiceWorkerHandle | null>(null);
  const href = useRouterState({ select: (s) => s.resolvedLocation?.href ?? null });
  const firstHref = useRef(href);

  useEffect(() => {
    if (enabled === null || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
    return whenLoadedAndIdle(
      () => {
        if (!enabled) {
          void import('./unregister.ts').then((m) => m.removeServiceWorker());
          return;
        }
        void import('./registration.ts')
          .then((m) => m.registerServiceWorker(() => setWaiting(true)))
          .then((registered) => {
            handle.current = registered;
          });
      },
      {
        delayMs: appConfig.serviceWorker.registerAfterLoadMs,
        timeoutMs: appConfig.serviceWorker.registerIdleTimeoutMs,
        // Safari has no idle callbacks: one more second stands in for "idle".
        noIdleFallbackMs: 1000,
      },
    );
  }, [enabled]);

  // Pages reached inside the app: the worker saw their data, not their document.
  useEffect(() => {
    if (href === null || href === firstHref.current) return;
    firstHref.current = null;
    handle.current?.keepPage(href);
  }, [href]);

  if (!waiting) return null;
  return <UpdateToast onReload={() => handle.current?.acceptUpdate()} onDismiss={() => setWaiting(false)} />;
}
