/**
 * The QA inspector's registry, checked machine by machine: it lists every machine, draws each exactly as
 * defined, and each registered machine, explored by xstate/graph with the registry's example events (and
 * its own timers), reaches every state node of its definition, never throws, lands where the graph says,
 * prints for the inspector, never traps a visitor, and has no example event it accepts nowhere.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AnyMachineSnapshot, type AnyStateMachine, createActor, type EventObject, SimulatedClock, type StateValue } from 'xstate';
import { type AdjacencyMap, getAdjacencyMap, getShortestPaths, type TraversalOptions } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { machineGraph } from './machineGraph.ts';
import { shortestPaths } from './machinePaths.ts';
import { type RegisteredMachine, machineRegistry } from './machineRegistry.ts';
import { printable } from './printable.ts';
import { sampleInputs } from './samples.ts';
import { withStandIns } from './standIns.ts';
import { activeStateIds } from './useMachineSession.ts';

const featuresDir = fileURLToPath(new URL('../features', import.meta.url));

function machineFiles(): string[] {
  const names: string[] = [];
  for (const feature of readdirSync(featuresDir)) {
    let files: string[] = [];
    try {
      files = readdirSync(join(featuresDir, feature));
    } catch {
      continue;
    }
    for (const file of files) if (/Machine\.ts$/.test(file)) names.push(file.replace(/\.ts$/, ''));
  }
  return names.sort();
}

type Config = {
  states?: Record<string, Config>;
  on?: Record<string, unknown>;
  after?: Record<string, unknown>;
  always?: unknown;
  onDone?: unknown;
  invoke?: unknown;
};

const howMany = (transitions: unknown) => (transitions === undefined ? 0 : Array.isArray(transitions) ? transitions.length : 1);

/** Counts straight from the machine's config as written, independently of machineGraph's walk. */
function configCounts(config: Config): { states: number; transitions: number; invokes: number } {
  const invokes = config.invoke === undefined ? [] : Array.isArray(config.invoke) ? config.invoke : [config.invoke];
  let states = 1;
  let transitions =
    Object.values(config.on ?? {}).reduce<number>((sum, t) => sum + howMany(t), 0) +
    Object.values(config.after ?? {}).reduce<number>((sum, t) => sum + howMany(t), 0) +
    howMany(config.always) +
    howMany(config.onDone) +
    invokes.reduce<number>((sum, i) => sum + howMany((i as Config).onDone) + howMany((i as { onError?: unknown }).onError), 0);
  let invoked = invokes.length;
  for (const child of Object.values(config.states ?? {})) {
    const counted = configCounts(child);
    states += counted.states;
    transitions += counted.transitions;
    invoked += counted.invokes;
  }
  return { states, transitions, invokes: invoked };
}

/**
 * Where each machine rests, by registry name (JSON values): a visitor must always be able to get back to
 * one of them, or to a declared end. The initial state unless said otherwise, with the reason.
 */
const homes: Record<string, string[]> = {
  // The intro is only the quiz's cover: starting over ('Recommencer') goes to question 1; a quiz without
  // questions can only show its clear error.
  quizMachine: ['"question"', '"failure"'],
  // Replies load once per page; a failed load is retried into the same loading state.
  reparteeMachine: ['"ready"'],
};

/** States a machine is meant never to leave (JSON values), each with its reason. */
const deliberateEnds: Record<string, string[]> = {
  // SPEC: once closed, no other popin shows on this page; until then a shown popin only closes.
  popinMachine: ['"closed"'],
};

/** Inputs besides the registry's, for states only a different start reaches. */
const otherInputs: Record<string, unknown[]> = {
  // A quiz without questions (or without results) can only fail: the clear error state.
  quizMachine: [{ quiz: { ...(sampleInputs.quizMachine as { quiz: object }).quiz, questions: [] } }],
  // Only a touch device waits on its own delay for an exit-intent popin.
  popinMachine: [{ ...(sampleInputs.popinMachine as object), touch: true }],
};

/** Every state node id of a definition, the root included: what 'reaching every state' compares with. */
function stateNodeIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const walk = (node: AnyStateMachine['root']) => {
    ids.push(node.id);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return ids.sort();
}

/** A state as the graph search tells states apart: value and context (functions named, never run). */
const serialized = (state: AnyMachineSnapshot) => printable({ value: state.value, context: state.context });

const printableEvents = (events: readonly EventObject[]) => events.map((event) => event.type).join(' → ') || '(départ)';

interface Reached {
  key: string;
  state: AnyMachineSnapshot;
  /** The shortest way there from the start: what the inspector offers QA to replay. */
  events: EventObject[];
}

/**
 * Every state the registry's example events reach (xstate/graph, stand-ins for effects), and its moves.
 * Timers fire as the events XState raises for them (the inspector's clock button does the same).
 */
function explore(registered: RegisteredMachine, input: unknown = registered.input) {
  const machine = withStandIns(registered.machine);
  const timers = machineGraph(registered.machine)
    .edges.filter((edge) => edge.event.startsWith('xstate.after.'))
    .map((edge): EventObject => ({ type: edge.event }));
  const options: TraversalOptions<AnyMachineSnapshot, EventObject, unknown> = {
    input,
    events: [...registered.events, ...timers],
    serializeState: serialized,
    limit: 5000,
  };
  const reached: Reached[] = getShortestPaths(machine, options).map((path) => ({
    key: serialized(path.state),
    state: path.state,
    events: path.steps.map((step) => step.event).filter((event) => !event.type.startsWith('xstate.init')),
  }));
  const adjacency = getAdjacencyMap(machine, options) as AdjacencyMap<AnyMachineSnapshot, EventObject>;
  const initial = createActor(machine, { input }).getSnapshot() as AnyMachineSnapshot;
  return { input, reached, adjacency, initial };
}

/** The keys of the states from which some state satisfying `goal` can be reached (backwards search). */
function canReach(explored: ReturnType<typeof explore>, goal: (state: AnyMachineSnapshot) => boolean): Set<string> {
  const predecessors = new Map<string, Set<string>>();
  for (const [from, { transitions }] of Object.entries(explored.adjacency)) {
    for (const { state } of Object.values(transitions) as { state: AnyMachineSnapshot }[]) {
      const to = serialized(state);
      if (!predecessors.has(to)) predecessors.set(to, new Set());
      predecessors.get(to)?.add(from);
    }
  }
  const found = new Set(explored.reached.filter(({ state }) => goal(state)).map(({ key }) => key));
  const queue = [...found];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    for (const previous of predecessors.get(key) ?? []) {
      if (found.has(previous)) continue;
      found.add(previous);
      queue.push(previous);
    }
  }
  return found;
}

/**
 * The machine as the inspector runs it: stand-ins, a simulated clock, errors collected rather than thrown,
 * and every microstep's state value, so that transient states (left at once by an `always`) count too.
 */
function startReplay(registered: RegisteredMachine, input: unknown) {
  const errors: unknown[] = [];
  const passedThrough: StateValue[] = [];
  const actor = createActor(withStandIns(registered.machine), {
    input,
    clock: new SimulatedClock(),
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep' && inspection.actorRef === actor)
        passedThrough.push((inspection.snapshot as AnyMachineSnapshot).value);
    },
  });
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  return { actor, errors, passedThrough };
}

describe('the QA inspector registry', () => {
  it('lists every *Machine.ts of src/features (adding a machine without its line fails here)', () => {
    expect(machineRegistry.map((registered) => registered.name).sort()).toEqual(machineFiles());
  });

  for (const registered of machineRegistry) {
    describe(registered.name, () => {
      const graph = machineGraph(registered.machine);
      const counts = configCounts(registered.machine.config as Config);

      it('is drawn with exactly the states and transitions of its definition', () => {
        expect(graph.nodes).toHaveLength(counts.states);
        expect(graph.edges).toHaveLength(counts.transitions);
        // Every state id of the definition, and every transition's target, is a node of the graph.
        const ids = new Set(graph.nodes.map((node) => node.id));
        for (const node of registered.machine.root.states ? Object.values(registered.machine.root.states) : []) {
          expect(ids.has((node as { id: string }).id)).toBe(true);
        }
        for (const edge of graph.edges) for (const target of edge.targets) expect(ids.has(target), `${edge.label} → ${target}`).toBe(true);
        expect(graph.nodes.filter((node) => node.parentId === null)).toHaveLength(1);
      });

      it('labels delayed transitions with their duration and keeps guards and invoked actors', () => {
        for (const edge of graph.edges.filter((e) => e.event.startsWith('xstate.after'))) {
          expect(edge.delayMs, edge.event).not.toBeNull();
          expect(edge.label).toMatch(/^after \d+ ms$/);
        }
        const invoked = graph.nodes.flatMap((node) => node.invoke);
        expect(invoked).toHaveLength(counts.invokes);
      });

      describe('model-based: every state reached, properties on every path (xstate/graph)', () => {
        // Explored inside the tests, so that a machine throwing during the search fails them by name.
        let memo: ReturnType<typeof explore>[] | undefined;
        const explorations = () => {
          memo ??= [registered.input, ...(otherInputs[registered.name] ?? [])].map((input) => explore(registered, input));
          return memo;
        };

        it('reaches every state node of its definition (transient ones included), and never throws on the way', () => {
          const reached = new Set<string>();
          for (const explored of explorations()) {
            for (const { state, events } of explored.reached) {
              const replay = startReplay(registered, explored.input);
              for (const event of events) {
                replay.actor.send(event);
                expect(replay.errors, `${registered.name}: ${printableEvents(events)}`).toEqual([]);
                expect(replay.actor.getSnapshot().status, printableEvents(events)).not.toBe('error');
              }
              // The real actor lands where the pure graph search said.
              expect(serialized(replay.actor.getSnapshot()), printableEvents(events)).toBe(serialized(state));
              for (const value of [state.value, ...replay.passedThrough])
                for (const id of activeStateIds(registered.machine, value)) reached.add(id);
              replay.actor.stop();
            }
          }
          expect([...reached].sort()).toEqual(stateNodeIds(registered.machine));
        });

        it('has a snapshot the inspector can show and export in every reached state', () => {
          for (const explored of explorations()) {
            for (const { state, events } of explored.reached) {
              // The value as JSON, the context through printable (functions named, never run).
              expect(JSON.parse(JSON.stringify(state.value)), printableEvents(events)).toEqual(state.value);
              expect(() => JSON.parse(printable(state.context)), printableEvents(events)).not.toThrow();
            }
          }
          for (const event of registered.events) expect(() => JSON.parse(printable(event))).not.toThrow();
        });

        it('can always come back to where it rests or to a declared end; a declared end is one', () => {
          const ends = deliberateEnds[registered.name] ?? [];
          for (const explored of explorations()) {
            const home = homes[registered.name] ?? [JSON.stringify(explored.initial.value)];
            const isHome = (state: AnyMachineSnapshot) => home.includes(JSON.stringify(state.value));
            const isEnd = (state: AnyMachineSnapshot) => state.status === 'done' || ends.includes(JSON.stringify(state.value));
            const settles = canReach(explored, (state) => isHome(state) || isEnd(state));
            const backHome = canReach(explored, isHome);
            for (const { key, state, events } of explored.reached) {
              const where = `${registered.name}: ${JSON.stringify(state.value)} (${printableEvents(events)})`;
              expect(settles.has(key), `${where} can reach neither ${home.join(', ')} nor an end`).toBe(true);
              if (ends.includes(JSON.stringify(state.value))) expect(backHome.has(key), `${where} is not an end`).toBe(false);
            }
          }
          for (const end of ends) {
            const reached = explorations().some((explored) => explored.reached.some(({ state }) => JSON.stringify(state.value) === end));
            expect(reached, `${registered.name}: ${end} is never reached`).toBe(true);
          }
        });

        it('offers QA replayable paths, one per state value, each to a state the model reaches', () => {
          const values = new Set(explorations()[0]?.reached.map(({ state }) => JSON.stringify(state.value)));
          const paths = shortestPaths(registered);
          const targets = paths.map((path) => path.target);
          expect(new Set(targets).size).toBe(targets.length);
          for (const target of targets) expect(values, target).toContain(target);
          for (const path of paths) {
            const replay = startReplay(registered, registered.input);
            for (const event of path.events) replay.actor.send(event);
            expect(JSON.stringify(replay.actor.getSnapshot().value)).toBe(path.target);
            replay.actor.stop();
          }
        });

        it('accepts each of its example events in some reached state (no stale example)', () => {
          const states = explorations().flatMap((explored) => explored.reached.map(({ state }) => state));
          for (const event of registered.events) {
            expect(
              states.some((state) => state.can(event)),
              `${registered.name}: ${printable(event)} is accepted nowhere`,
            ).toBe(true);
          }
        });
      });
    });
  }
});

it('the search machine shows its 500 ms debounce from app.config.ts', async () => {
  const { appConfig } = await import('../../app.config.ts');
  const search = machineRegistry.find((registered) => registered.name === 'searchMachine');
  const delays = machineGraph(search?.machine as never)
    .edges.map((edge) => edge.delayMs)
    .filter((ms) => ms !== null);
  expect(delays).toContain(appConfig.search.debounceMs);
});
