/**
 * The inspector's live mode: on a real page opened with `?inspect` (where the inspector is enabled), the
 * actors actually running in the page — search, signup, quiz… — with their current state, context and
 * the stream of events as the reader types, signs up or plays. Loaded only then, as a chunk of its own.
 */
import { useEffect, useState } from 'react';
import type { InspectionEvent } from 'xstate';
import { listenToInspection } from '../lib/machineInspection.ts';
import { download } from './exporters.ts';
import { printable } from './printable.ts';

interface LiveActor {
  id: string;
  machine: string;
  state: string;
  context: string;
}

interface LogLine {
  n: number;
  at: string;
  actor: string;
  event: string;
  state: string;
}

const LOG_LIMIT = 200;

function machineIdOf(actor: unknown): string | null {
  const logic = (actor as { logic?: { id?: unknown; root?: unknown } }).logic;
  return logic && typeof logic.id === 'string' && logic.root ? logic.id : null;
}

export function LivePanel() {
  const [actors, setActors] = useState<Record<string, LiveActor>>({});
  const [log, setLog] = useState<LogLine[]>([]);
  const [open, setOpen] = useState(true);

  useEffect(
    () =>
      listenToInspection((event: InspectionEvent) => {
        if (event.type !== '@xstate.snapshot') return;
        const machine = machineIdOf(event.actorRef);
        if (!machine) return; // invoked promises and callbacks: their machine shows the result
        const snapshot = event.snapshot as { value?: unknown; context?: unknown };
        const id = (event.actorRef as { sessionId: string }).sessionId;
        const state = JSON.stringify(snapshot.value);
        setActors((current) => ({ ...current, [id]: { id, machine, state, context: printable(snapshot.context) } }));
        setLog((current) =>
          [
            ...current,
            { n: (current.at(-1)?.n ?? 0) + 1, at: new Date().toISOString().slice(11, 23), actor: machine, event: event.event.type, state },
          ].slice(-LOG_LIMIT),
        );
      }),
    [],
  );

  const markdown = () =>
    [
      '### Session en direct',
      '',
      '| heure | machine | événement | état |',
      '|---|---|---|---|',
      ...log.map((l) => `| ${l.at} | ${l.actor} | \`${l.event}\` | \`${l.state}\` |`),
    ].join('\n');

  return (
    <aside
      aria-label="Inspecteur des machines, en direct"
      className="fixed bottom-3 right-3 z-[80] w-[min(28rem,calc(100vw-1.5rem))] rounded-xl border-2 border-encre bg-white p-3 text-sm text-encre shadow-xl"
      data-testid="live-inspector"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-bold">Machines en direct</h2>
        <div className="flex gap-2">
          <button type="button" className="underline" onClick={() => download('session-machines.md', markdown(), 'text/markdown')}>
            Exporter (Markdown)
          </button>
          <button type="button" className="underline" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Réduire' : 'Ouvrir'}
          </button>
        </div>
      </div>
      {open ? (
        <>
          {Object.keys(actors).length === 0 ? <p className="mt-2">Aucune machine ne tourne encore sur cette page.</p> : null}
          <ul className="mt-2 space-y-2">
            {Object.values(actors).map((actor) => (
              <li key={actor.id} data-machine={actor.machine}>
                <strong>{actor.machine}</strong> : <code data-testid={`live-state-${actor.machine}`}>{actor.state}</code>
                <details>
                  <summary>Contexte</summary>
                  <pre className="max-h-40 overflow-auto bg-encre p-2 text-xs text-white">{actor.context}</pre>
                </details>
              </li>
            ))}
          </ul>
          <h3 className="mt-3 font-bold">Événements</h3>
          <ol className="mt-1 max-h-48 overflow-auto font-mono text-xs" data-testid="live-events">
            {log.map((line) => (
              <li key={line.n}>
                {line.at} {line.actor} <strong>{line.event}</strong> → {line.state}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </aside>
  );
}
