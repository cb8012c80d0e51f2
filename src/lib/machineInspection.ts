/**
 * The QA inspector's live mode: every machine of the page passes `inspectRelay` to XState (`inspect`
 * option), and it forwards the inspection events to whoever listens. Nobody listens unless the inspector
 * is enabled and the page was opened with `?inspect`: then the events are held (a bounded buffer) until the
 * panel's lazily loaded code takes them. For readers this is one function call that returns at once.
 */
import type { InspectionEvent } from 'xstate';

type Listener = (event: InspectionEvent) => void;
const KEY = Symbol.for('piquante.machineInspection');
const BUFFER_LIMIT = 500;

interface Hub {
  listener: Listener | null;
  buffer: InspectionEvent[];
}

function hub(): Hub | undefined {
  return (globalThis as { [KEY]?: Hub })[KEY];
}

export function inspectRelay(event: InspectionEvent): void {
  const current = hub();
  if (!current) return;
  if (current.listener) current.listener(event);
  else if (current.buffer.length < BUFFER_LIMIT) current.buffer.push(event);
}

/** Starts holding events (before the panel's code arrives). */
export function startInspection(): void {
  (globalThis as { [KEY]?: Hub })[KEY] ??= { listener: null, buffer: [] };
}

/** The panel takes the held events, then every new one. Returns the way to stop. */
export function listenToInspection(listener: Listener): () => void {
  startInspection();
  const current = hub() as Hub;
  for (const event of current.buffer.splice(0)) listener(event);
  current.listener = listener;
  return () => {
    current.listener = null;
  };
}

/** Whether this page asked for the live panel (`?inspect`). */
export function wantsLiveInspection(search: string): boolean {
  return new URLSearchParams(search).has('inspect');
}
