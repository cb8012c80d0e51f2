/**
 * One machine run by QA in the inspector: stand-ins for its side effects, a simulated clock, every step
 * recorded so that any earlier step can be returned to (the actor is rebuilt and the steps replayed).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type AnyActorRef, type AnyStateMachine, createActor, type EventObject, SimulatedClock, type StateValue } from 'xstate';
import type { StepRecord } from './exporters.ts';
import type { RegisteredMachine } from './machineRegistry.ts';
import { withStandIns } from './standIns.ts';

/** A clock step: `ms` of simulated time passed (delayed transitions fire). */
export const CLOCK_EVENT = 'qa.horloge';

export interface SessionStep extends StepRecord {
  /** Actions the stand-ins recorded during this step. */
  actions: string[];
}

type AnyNode = AnyStateMachine['root'];

/** The ids of the active state nodes (each level), read from the machine's own nodes. */
export function activeStateIds(machine: AnyStateMachine, value: StateValue): Set<string> {
  const ids = new Set<string>([machine.root.id]);
  const walk = (node: AnyNode, current: StateValue) => {
    if (typeof current === 'string') {
      const child = node.states[current];
      if (child) ids.add(child.id);
      return;
    }
    for (const [key, sub] of Object.entries(current)) {
      const child = node.states[key];
      if (!child) continue;
      ids.add(child.id);
      if (sub !== undefined) walk(child, sub as StateValue);
    }
  };
  walk(machine.root, value);
  return ids;
}

export function useMachineSession(registered: RegisteredMachine) {
  const [steps, setSteps] = useState<SessionStep[]>([]);
  const [version, setVersion] = useState(0);
  const pendingActions = useRef<string[]>([]);
  const clockRef = useRef(new SimulatedClock());
  const actorRef = useRef<AnyActorRef | null>(null);
  const stepsRef = useRef<SessionStep[]>([]);

  const start = useCallback(
    (replay: readonly SessionStep[]) => {
      actorRef.current?.stop();
      const clock = new SimulatedClock();
      clockRef.current = clock;
      pendingActions.current = [];
      const machine = withStandIns(registered.machine, (name) => pendingActions.current.push(name));
      const actor = createActor(machine, { input: registered.input, clock }).start();
      actorRef.current = actor;
      for (const step of replay) {
        if (step.event.type === CLOCK_EVENT) clock.increment((step.event as EventObject & { ms: number }).ms);
        else actor.send(step.event);
      }
      pendingActions.current = [];
      stepsRef.current = [...replay];
      setSteps([...replay]);
      setVersion((v) => v + 1);
    },
    [registered],
  );

  useEffect(() => {
    start([]);
    return () => actorRef.current?.stop();
  }, [start]);

  const record = useCallback((event: EventObject) => {
    const actor = actorRef.current;
    if (!actor) return;
    const step: SessionStep = {
      event,
      state: JSON.stringify(actor.getSnapshot().value),
      actions: pendingActions.current.splice(0),
    };
    stepsRef.current = [...stepsRef.current, step];
    setSteps(stepsRef.current);
    setVersion((v) => v + 1);
  }, []);

  const send = useCallback(
    (event: EventObject) => {
      actorRef.current?.send(event);
      record(event);
    },
    [record],
  );

  const advanceClock = useCallback(
    (ms: number) => {
      clockRef.current.increment(ms);
      record({ type: CLOCK_EVENT, ms } as EventObject);
    },
    [record],
  );

  const snapshot = useMemo(() => {
    void version;
    return actorRef.current?.getSnapshot();
  }, [version]);

  return {
    snapshot,
    steps,
    send,
    advanceClock,
    /** Back to the state after step `index` (-1: the initial state). */
    goBack: (index: number) => start(stepsRef.current.slice(0, index + 1)),
    restart: () => start([]),
    replay: (events: readonly EventObject[]) => {
      start([]);
      for (const event of events) send(event);
    },
    initialState: () => {
      const actor = createActor(withStandIns(registered.machine), { input: registered.input }).start();
      const value = JSON.stringify(actor.getSnapshot().value);
      actor.stop();
      return value;
    },
  };
}
