/**
 * Whether the browser says it is online (navigator.onLine and its online/offline events), as a React
 * hook. The server render and the first client render both say "online", so hydration matches; the real
 * value follows right after. Shared by the connection status, search and the signup forms.
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
