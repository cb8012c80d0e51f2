/**
 * The page-load progress bar (SPEC §4, §9): appears when a navigation has been pending for throttleMs,
 * creeps towards the end over durationMs, completes when the navigation finishes (red when it failed),
 * and disappears hideAfterMs later. heightPx high.
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { appConfig } from '../../../app.config.ts';

export type ProgressPhase = 'idle' | 'running' | 'done' | 'failed';

const { durationMs, throttleMs, hideAfterMs, heightPx } = appConfig.progressBar;
/** Share of the bar reached after durationMs while the page is still loading. */
const RUN_TARGET = 0.9;
const FINISH_MS = 150;

export function ProgressBar() {
  const loading = useRouterState({ select: (s) => s.isLoading || s.status === 'pending' });
  const failed = useRouterState({ select: (s) => s.matches.some((m) => m.status === 'error') });
  const [phase, setPhase] = useState<ProgressPhase>('idle');
  const [started, setStarted] = useState(false);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  useEffect(() => {
    if (loading) {
      const throttle = setTimeout(() => {
        setStarted(false);
        setPhase('running');
        // Next frame: let the browser paint the empty bar before the long transition starts.
        requestAnimationFrame(() => requestAnimationFrame(() => setStarted(true)));
      }, throttleMs);
      return () => clearTimeout(throttle);
    }
    if (phaseRef.current === 'idle') return;
    if (phaseRef.current === 'running') setPhase(failed ? 'failed' : 'done');
    const hide = setTimeout(() => setPhase('idle'), hideAfterMs);
    return () => clearTimeout(hide);
  }, [loading, failed]);

  const scale = phase === 'running' ? (started ? RUN_TARGET : 0) : phase === 'idle' ? 0 : 1;
  const transition =
    phase === 'running' && started
      ? `transform ${durationMs}ms cubic-bezier(0.1, 0.6, 0.3, 1)`
      : phase === 'idle'
        ? 'none'
        : `transform ${FINISH_MS}ms ease-out`;
  return (
    <div
      className="progress-bar pointer-events-none fixed inset-x-0 top-0 z-[60]"
      data-testid="progress-bar"
      data-phase={phase}
      hidden={phase === 'idle'}
      role="progressbar"
      aria-label="Chargement de la page"
      style={{ height: `${heightPx}px` }}
    >
      <div
        className={`h-full origin-left ${phase === 'failed' ? 'bg-red-600' : 'bg-piment'}`}
        style={{ transform: `scaleX(${scale})`, transition }}
      />
    </div>
  );
}
