/**
 * The connection's status, said politely (a live region that is always in the page, so that screen
 * readers announce changes): a line while offline, another for a few seconds when the connection returns,
 * nothing otherwise.
 */
import { useEffect, useRef, useState } from 'react';
import { appConfig } from '../../../app.config.ts';
import { useOnlineStatus } from '../../lib/onlineStatus.ts';
import { BACK_ONLINE_MESSAGE, OFFLINE_MESSAGE } from './connectionTexts.ts';

export function ConnectionStatus() {
  const online = useOnlineStatus();
  const [backOnline, setBackOnline] = useState(false);
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const timer = window.setTimeout(() => setBackOnline(false), appConfig.serviceWorker.backOnlineMessageMs);
    return () => window.clearTimeout(timer);
  }, [online]);

  const message = !online ? OFFLINE_MESSAGE : backOnline ? BACK_ONLINE_MESSAGE : '';
  return (
    <div
      role="status"
      aria-live="polite"
      className="connection-status pointer-events-none fixed inset-x-0 bottom-3 z-[60] flex justify-center px-3"
    >
      {message ? (
        <p className={`rounded-full px-5 py-2 text-sm font-bold shadow-lg ${online ? 'bg-encre text-white' : 'bg-moutarde text-encre'}`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
