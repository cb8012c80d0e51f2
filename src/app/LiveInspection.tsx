/**
 * Mounts the inspector's live panel when the deployment enables the inspector and the page was opened
 * with `?inspect`. Events are held from the first render in the browser; the panel's code comes after.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { startInspection, wantsLiveInspection } from '../lib/machineInspection.ts';

const LivePanel = lazy(() => import('../qa/LivePanel.tsx').then((m) => ({ default: m.LivePanel })));

export function LiveInspection({ enabled, search }: { enabled: boolean; search: string }) {
  const wanted = enabled && wantsLiveInspection(search);
  const [mounted, setMounted] = useState(false);
  if (wanted && typeof window !== 'undefined') startInspection();
  useEffect(() => setMounted(true), []);
  if (!wanted || !mounted) return null;
  return (
    <Suspense fallback={null}>
      <LivePanel />
    </Suspense>
  );
}
