import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineGraph } from './machineGraph.ts';
import { shortestPaths } from './machinePaths.ts';
import { machineRegistry } from './machineRegistry.ts';
import { withStandIns } from './standIns.ts';

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

      it('starts with harmless stand-ins and reaches every state by its shortest path', () => {
        const actor = createActor(withStandIns(registered.machine), { input: registered.input }).start();
        expect(actor.getSnapshot().status).toBe('active');
        actor.stop();
        const paths = shortestPaths(registered);
        const atomic = graph.nodes.filter((node) => node.type === 'atomic' || node.type === 'final').length;
        expect(paths.length).toBeGreaterThanOrEqual(Math.min(atomic, 2));
        for (const path of paths) {
          const replay = createActor(withStandIns(registered.machine), { input: registered.input }).start();
          for (const event of path.events) replay.send(event);
          expect(JSON.stringify(replay.getSnapshot().value)).toBe(path.target);
          replay.stop();
        }
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
