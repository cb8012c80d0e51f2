/** A laid-out machine drawn as SVG: states as boxes (nested inside their parents), transitions as arrows. */
import type { Ref } from 'react';
import type { Layout, LaidOutEdge, LaidOutNode } from './layoutGraph.ts';

const COLORS = { ink: '#1b1b1f', chili: '#c8102e', paper: '#ffffff', active: '#fde2e6', muted: '#5b5b66' };

function pathOf(edge: LaidOutEdge): string {
  return edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

function StateBox({ node, active }: { node: LaidOutNode; active: boolean }) {
  const compound = node.type === 'compound' || node.type === 'parallel';
  return (
    <g data-state-id={node.id} data-active={active ? 'true' : 'false'} className="qa-state">
      <rect
        x={node.x}
        y={node.y}
        width={node.width}
        height={node.height}
        rx={10}
        fill={active ? COLORS.active : COLORS.paper}
        stroke={active ? COLORS.chili : COLORS.ink}
        strokeWidth={active ? 3 : 1.5}
        strokeDasharray={node.type === 'parallel' ? '6 4' : undefined}
      />
      {node.type === 'final' ? (
        <rect x={node.x + 4} y={node.y + 4} width={node.width - 8} height={node.height - 8} rx={7} fill="none" stroke={COLORS.ink} />
      ) : null}
      {node.initial && node.parentId !== null ? <circle cx={node.x + 10} cy={node.y + 10} r={4} fill={COLORS.ink} /> : null}
      <text
        x={node.x + (compound ? 12 : node.width / 2)}
        y={node.y + 20}
        textAnchor={compound ? 'start' : 'middle'}
        fontWeight={700}
        fontSize={13}
        fill={COLORS.ink}
      >
        {node.key}
        {node.type === 'parallel' ? ' (parallèle)' : ''}
      </text>
      {node.details.map((line, i) => (
        <text key={line} x={node.x + 12} y={node.y + 36 + i * 15} fontSize={11} fill={COLORS.muted}>
          {line}
        </text>
      ))}
    </g>
  );
}

export function DiagramSvg({
  layout,
  activeIds,
  lastEdgeId,
  title,
  svgRef,
}: {
  layout: Layout;
  activeIds: ReadonlySet<string>;
  lastEdgeId: string | null;
  title: string;
  svgRef?: Ref<SVGSVGElement>;
}) {
  return (
    <svg
      ref={svgRef}
      xmlns="http://www.w3.org/2000/svg"
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={`Diagramme de la machine ${title}`}
      style={{ maxWidth: '100%', height: 'auto' }}
      fontFamily="system-ui, sans-serif"
    >
      <defs>
        <marker id="qa-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill={COLORS.ink} />
        </marker>
        <marker id="qa-arrow-last" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill={COLORS.chili} />
        </marker>
      </defs>
      <rect width={layout.width} height={layout.height} fill="#faf7f2" />
      {layout.nodes.map((node) => (
        <StateBox key={node.id} node={node} active={activeIds.has(node.id)} />
      ))}
      {layout.edges.map((edge) => {
        const last = edge.id === lastEdgeId;
        return (
          <g key={edge.drawnId} className="qa-transition" data-last={last ? 'true' : 'false'} data-event={edge.event}>
            <path
              d={pathOf(edge)}
              fill="none"
              stroke={last ? COLORS.chili : COLORS.ink}
              strokeWidth={last ? 3 : 1.2}
              markerEnd={`url(#${last ? 'qa-arrow-last' : 'qa-arrow'})`}
            />
            <rect
              x={edge.label.x - 2}
              y={edge.label.y - 1}
              width={edge.label.width + 4}
              height={edge.label.height + 2}
              fill="#faf7f2"
              opacity={0.9}
            />
            <text x={edge.label.x} y={edge.label.y + 11} fontSize={11} fill={last ? COLORS.chili : COLORS.ink}>
              {edge.labelText}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
