/**
 * Harmless stand-ins for a machine's side effects, so QA can step it in the inspector: every actor it
 * invokes waits forever (QA answers for it by sending its `xstate.done.actor.<id>` or
 * `xstate.error.actor.<id>` event), and every action that is not an assignment only writes a line to the
 * step history. Built from the machine's own implementations: a new machine needs no code here.
 */
import { type AnyStateMachine, fromPromise } from 'xstate';

export type ActionLog = (name: string) => void;

function isAssignment(action: unknown): boolean {
  const type = (action as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith('xstate.');
}

export function withStandIns(machine: AnyStateMachine, log: ActionLog = () => {}): AnyStateMachine {
  const actors: Record<string, ReturnType<typeof fromPromise<unknown>>> = {};
  for (const name of Object.keys(machine.implementations.actors)) {
    actors[name] = fromPromise<unknown>(() => new Promise<unknown>(() => {}));
  }
  const actions: Record<string, () => void> = {};
  for (const [name, action] of Object.entries(machine.implementations.actions)) {
    if (!isAssignment(action)) actions[name] = () => log(name);
  }
  return machine.provide({ actors, actions } as Parameters<AnyStateMachine['provide']>[0]);
}
