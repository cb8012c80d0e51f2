/**
 * The shortest path to every state of a registered machine (xstate/graph), as lists of events QA can
 * replay in one click: the same search the model-based tests run. States are compared by value and
 * context (a quiz's question 2 is not its question 1), which stays finite because the events are the
 * registry's few examples; a bound stops the search anyway.
 */
import { getShortestPaths } from 'xstate/graph';
import type { EventObject } from 'xstate';
import type { RegisteredMachine } from './machineRegistry.ts';
import { withStandIns } from './standIns.ts';
import { printable } from './printable.ts';

export interface MachinePath {
  /** The target state value, as JSON ('"idle"', '{"loading":"sending"}'). */
  target: string;
  events: EventObject[];
}

export function shortestPaths(registered: RegisteredMachine): MachinePath[] {
  const machine = withStandIns(registered.machine);
  const paths = getShortestPaths(machine, {
    input: registered.input,
    events: registered.events,
    serializeState: (state) => printable({ value: state.value, context: state.context }),
    limit: 5000,
  } as Parameters<typeof getShortestPaths>[1]);
  const byTarget = new Map<string, MachinePath>();
  for (const path of paths) {
    const target = JSON.stringify(path.state.value);
    const events = path.steps.map((step) => step.event).filter((event) => !event.type.startsWith('xstate.init'));
    const known = byTarget.get(target);
    if (!known || known.events.length > events.length) byTarget.set(target, { target, events });
  }
  return [...byTarget.values()].sort((a, b) => a.events.length - b.events.length || a.target.localeCompare(b.target));
}
