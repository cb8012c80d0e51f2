/**
 * Lays a machine's graph out with ELK (layered, top to bottom, nested states inside their parents), and
 * returns boxes and routed edges in absolute coordinates, ready to draw as SVG and to export.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { StateGraph, StateGraphEdge, StateGraphNode } from './machineGraph.ts';

export interface Point {
  x: number;
  y: number;
}

export interface LaidOutNode extends StateGraphNode {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Lines under the name: entry/exit actions and invoked actors. */
  details: string[];
}

export interface LaidOutEdge extends Omit<StateGraphEdge, 'label'> {
  /** One drawn edge per target (a targetless transition loops on its source). */
  drawnId: string;
  target: string;
  points: Point[];
  labelText: string;
  label: Point & { width: number; height: number };
}

export interface Layout {
  width: number;
  height: number;
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
}

const CHAR = 7;
const LINE = 15;
const TITLE = 30;
const WRAPPER = '__diagram__';

function detailsOf(node: StateGraphNode): string[] {
  return [
    ...node.entry.map((name) => `entry / ${name}`),
    ...node.exit.map((name) => `exit / ${name}`),
    ...node.invoke.map((name) => `invoke ${name}`),
  ];
}

export function edgeLabelText(edge: StateGraphEdge): string {
  return edge.guard ? `${edge.label} [${edge.guard}]` : edge.label;
}

export async function layoutGraph(graph: StateGraph): Promise<Layout> {
  const elk = new ELK();
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const children = new Map<string | null, StateGraphNode[]>();
  for (const node of graph.nodes) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);

  const toElk = (node: StateGraphNode): ElkNode => {
    const kids = children.get(node.id) ?? [];
    const details = detailsOf(node);
    const textWidth = Math.max(node.key.length, ...details.map((line) => line.length)) * CHAR + 28;
    if (kids.length === 0) {
      return { id: node.id, width: Math.max(110, textWidth), height: TITLE + 8 + details.length * LINE };
    }
    return {
      id: node.id,
      children: kids.map(toElk),
      layoutOptions: {
        'elk.padding': `[top=${TITLE + 6 + details.length * LINE},left=14,bottom=14,right=14]`,
        'elk.nodeSize.minimum': `(${Math.max(140, textWidth)}, 60)`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      },
    };
  };

  const drawn: { edge: StateGraphEdge; target: string; drawnId: string; text: string }[] = [];
  for (const edge of graph.edges) {
    const targets = edge.targets.length > 0 ? edge.targets : [edge.source];
    for (const target of targets) {
      drawn.push({ edge, target, drawnId: `${edge.id}->${target}`, text: edgeLabelText(edge) });
    }
  }
  const elkEdges: ElkExtendedEdge[] = drawn.map(({ edge, target, drawnId, text }) => ({
    id: drawnId,
    sources: [edge.source],
    targets: [target],
    labels: [{ text, width: text.length * CHAR, height: LINE }],
  }));

  const root = graph.nodes.find((node) => node.parentId === null);
  if (!root) throw new Error(`machine ${graph.machineId} has no root state`);
  const laid = await elk.layout({
    id: WRAPPER,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '56',
      'elk.spacing.nodeNode': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    },
    children: [toElk(root)],
    edges: elkEdges,
  });

  const offsets = new Map<string, Point>([[WRAPPER, { x: 0, y: 0 }]]);
  const nodes: LaidOutNode[] = [];
  const place = (elkNode: ElkNode, origin: Point) => {
    const x = origin.x + (elkNode.x ?? 0);
    const y = origin.y + (elkNode.y ?? 0);
    offsets.set(elkNode.id, { x, y });
    const node = byId.get(elkNode.id);
    if (node) nodes.push({ ...node, x, y, width: elkNode.width ?? 0, height: elkNode.height ?? 0, details: detailsOf(node) });
    for (const child of elkNode.children ?? []) place(child, { x, y });
  };
  for (const child of laid.children ?? []) place(child, { x: 0, y: 0 });

  // Edge coordinates are relative to the node that ELK placed the edge in (its container).
  const collectEdges = (elkNode: ElkNode): ElkExtendedEdge[] => [
    ...(elkNode.edges ?? []),
    ...(elkNode.children ?? []).flatMap(collectEdges),
  ];
  const laidEdges = new Map(collectEdges(laid).map((edge) => [edge.id, edge]));
  const edges: LaidOutEdge[] = drawn.map(({ edge, target, drawnId, text }) => {
    const elkEdge = laidEdges.get(drawnId);
    const container = (elkEdge as { container?: string } | undefined)?.container ?? WRAPPER;
    const origin = offsets.get(container) ?? { x: 0, y: 0 };
    const shift = (p: Point) => ({ x: p.x + origin.x, y: p.y + origin.y });
    const points = (elkEdge?.sections ?? []).flatMap((section) => [
      shift(section.startPoint),
      ...(section.bendPoints ?? []).map(shift),
      shift(section.endPoint),
    ]);
    const label = elkEdge?.labels?.[0];
    return {
      ...edge,
      drawnId,
      target,
      points,
      labelText: text,
      label: {
        ...shift({ x: label?.x ?? points[0]?.x ?? 0, y: label?.y ?? points[0]?.y ?? 0 }),
        width: label?.width ?? 0,
        height: label?.height ?? 0,
      },
    };
  });
  const size = laid as ElkNode;
  return { width: size.width ?? 0, height: size.height ?? 0, nodes, edges };
}
