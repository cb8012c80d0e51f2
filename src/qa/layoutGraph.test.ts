import { describe, expect, it } from 'vitest';
import { layoutGraph } from './layoutGraph.ts';
import { machineGraph } from './machineGraph.ts';
import { machineRegistry } from './machineRegistry.ts';

describe('the diagram layout (ELK)', () => {
  for (const registered of machineRegistry) {
    it(`places every state of ${registered.name} inside its parent and routes every transition`, async () => {
      const graph = machineGraph(registered.machine);
      const layout = await layoutGraph(graph);
      expect(layout.nodes).toHaveLength(graph.nodes.length);
      const byId = new Map(layout.nodes.map((node) => [node.id, node]));
      for (const node of layout.nodes) {
        expect(node.width).toBeGreaterThan(0);
        const parent = node.parentId ? byId.get(node.parentId) : null;
        if (parent) {
          expect(node.x).toBeGreaterThanOrEqual(parent.x);
          expect(node.y).toBeGreaterThanOrEqual(parent.y);
          expect(node.x + node.width).toBeLessThanOrEqual(parent.x + parent.width + 0.5);
          expect(node.y + node.height).toBeLessThanOrEqual(parent.y + parent.height + 0.5);
        }
      }
      const drawnCount = graph.edges.reduce((sum, edge) => sum + Math.max(1, edge.targets.length), 0);
      expect(layout.edges).toHaveLength(drawnCount);
      for (const edge of layout.edges) expect(edge.points.length, edge.drawnId).toBeGreaterThanOrEqual(2);
    });
  }
});
