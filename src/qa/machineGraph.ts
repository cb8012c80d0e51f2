/**
 * A machine's own definition turned into a graph to draw and to test against: every state node (nested,
 * parallel, initial, final), every transition with its event, guard and delay, and each state's entry
 * and exit actions and invoked actors. Read from the machine object itself, never from a copy.
 */
import type { AnyStateMachine } from 'xstate';

export interface StateGraphNode {
  /** The state's id ('signup.loading.sending'), unique in the machine. */
  id: string;
  key: string;
  parentId: string | null;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Whether the parent enters this state first. */
  initial: boolean;
  entry: string[];
  exit: string[];
  invoke: string[];
  tags: string[];
}

export interface StateGraphEdge {
  id: string;
  source: string;
  /** Targets; empty for a transition that stays (actions only). */
  targets: string[];
  event: string;
  /** A readable label: the event, or 'after 500 ms', or 'always'. */
  label: string;
  guard: string | null;
  delayMs: number | null;
  actions: string[];
}

export interface StateGraph {
  machineId: string;
  nodes: StateGraphNode[];
  edges: StateGraphEdge[];
}

type AnyNode = AnyStateMachine['root'];
type AnyTransition = NonNullable<AnyNode['always']>[number];

function nameOf(thing: unknown): string {
  if (typeof thing === 'string') return thing;
  if (thing && typeof thing === 'object' && 'type' in thing && typeof thing.type === 'string') return thing.type;
  if (typeof thing === 'function') {
    const type = (thing as { type?: unknown }).type;
    if (typeof type === 'string') return type;
    return thing.name || 'inline';
  }
  return 'inline';
}

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  if (typeof guard === 'function') {
    // and()/or()/not() keep their operands on the function.
    const combined = guard as { guards?: unknown[]; type?: string };
    if (Array.isArray(combined.guards))
      return `${combined.type?.replace('xstate.', '') ?? 'and'}(${combined.guards.map(guardName).join(', ')})`;
    return guard.name || 'inline';
  }
  return 'inline';
}

/** A delay's duration: a number, or a named delay resolved from the machine's implementations. */
export function delayMilliseconds(machine: AnyStateMachine, delay: unknown): number | null {
  if (typeof delay === 'number') return delay;
  if (typeof delay !== 'string') return null;
  const named = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof named === 'number') return named;
  if (typeof named === 'function') {
    try {
      const value = (named as (args: unknown) => unknown)({ context: {}, event: { type: '' } });
      return typeof value === 'number' ? value : null;
    } catch {
      return null;
    }
  }
  const asNumber = Number(delay);
  return Number.isFinite(asNumber) ? asNumber : null;
}

export function machineGraph(machine: AnyStateMachine): StateGraph {
  const nodes: StateGraphNode[] = [];
  const edges: StateGraphEdge[] = [];

  const addEdge = (source: AnyNode, transition: AnyTransition, event: string, delayMs: number | null) => {
    const targets = (transition.target ?? []).map((target: AnyNode) => target.id);
    const label = delayMs !== null ? `after ${delayMs} ms` : event === '' ? 'always' : event;
    edges.push({
      id: `${source.id}:${edges.length}`,
      source: source.id,
      targets,
      event,
      label,
      guard: guardName(transition.guard),
      delayMs,
      actions: transition.actions.map(nameOf),
    });
  };

  const visit = (node: AnyNode, parent: AnyNode | null) => {
    const initialTargets = parent?.type === 'compound' ? parent.initial.target.map((t: AnyNode) => t.id) : [];
    nodes.push({
      id: node.id,
      key: node.key,
      parentId: parent?.id ?? null,
      type: node.type,
      initial: parent === null || initialTargets.includes(node.id),
      entry: node.entry.map(nameOf),
      exit: node.exit.map(nameOf),
      invoke: node.invoke.map(
        (invoke: { id: string; src: unknown }) =>
          `${invoke.id}${typeof invoke.src === 'string' && invoke.src !== invoke.id ? ` (${invoke.src})` : ''}`,
      ),
      tags: [...node.tags],
    });
    const delayed = new Map<string, number | null>();
    for (const after of node.after) delayed.set(after.eventType, delayMilliseconds(machine, after.delay));
    for (const [event, transitions] of node.transitions) {
      for (const transition of transitions) addEdge(node, transition, event, delayed.get(event) ?? null);
    }
    for (const transition of node.always ?? []) addEdge(node, transition, '', null);
    for (const child of Object.values(node.states) as AnyNode[]) visit(child, node);
  };

  visit(machine.root, null);
  return { machineId: machine.id, nodes, edges };
}
