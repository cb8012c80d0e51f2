/**
 * A tiny SVG writer for the cost curve (issue 38): small line charts side by side, a logarithmic x axis (the
 * archive's size), one line a series. No browser and no dependency: the benchmark writes the chart itself,
 * so the figure in the docs is always the one measured.
 */

export interface Series {
  label: string;
  /** y for each x of the panel (null: not measured). */
  values: (number | null)[];
  dashed?: boolean;
  color: string;
}

export interface Panel {
  title: string;
  unit: string;
  series: Series[];
}

const PANEL_W = 300;
/** Room below each plot for the x ticks and four rows of legend (eight series). */
const PANEL_H = 250;
const MARGIN = { top: 34, right: 16, bottom: 84, left: 52 };

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const round = (n: number) => Math.round(n * 10) / 10;

/** A "nice" upper bound for the y axis: 1, 2 or 5 × a power of ten. */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

function formatTick(value: number): string {
  if (value >= 1000) return `${round(value / 1000)} k`;
  return String(round(value));
}

function panelSvg(panel: Panel, xs: number[], originX: number): string {
  const plotW = PANEL_W - MARGIN.left - MARGIN.right;
  const plotH = PANEL_H - MARGIN.top - MARGIN.bottom;
  const logMin = Math.log10(Math.min(...xs));
  const logMax = Math.log10(Math.max(...xs));
  const xOf = (x: number) =>
    originX + MARGIN.left + (logMax === logMin ? plotW / 2 : ((Math.log10(x) - logMin) / (logMax - logMin)) * plotW);
  const all = panel.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const top = niceCeiling(Math.max(0, ...all));
  const yOf = (y: number) => MARGIN.top + plotH - (y / top) * plotH;
  const parts: string[] = [];
  parts.push(`<text x="${originX + MARGIN.left}" y="18" class="title">${xmlText(panel.title)} (${xmlText(panel.unit)})</text>`);
  // Round ticks: 5 → five steps of 1, 2 → four of 0.5, 1 → five of 0.2.
  const steps = String(top).startsWith('2') ? 4 : 5;
  for (let i = 0; i <= steps; i++) {
    const value = (top * i) / steps;
    const y = round(yOf(value));
    parts.push(`<line x1="${originX + MARGIN.left}" x2="${originX + MARGIN.left + plotW}" y1="${y}" y2="${y}" class="grid"/>`);
    parts.push(`<text x="${originX + MARGIN.left - 6}" y="${y + 4}" class="tick" text-anchor="end">${formatTick(value)}</text>`);
  }
  for (const x of xs) {
    parts.push(`<text x="${round(xOf(x))}" y="${MARGIN.top + plotH + 16}" class="tick" text-anchor="middle">${formatTick(x)}</text>`);
  }
  panel.series.forEach((series, index) => {
    const points = series.values
      .map((value, i) => (value === null ? null : `${round(xOf(xs[i] as number))},${round(yOf(value))}`))
      .filter((point): point is string => point !== null);
    const dash = series.dashed ? ' stroke-dasharray="5 3"' : '';
    if (points.length > 1)
      parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${series.color}" stroke-width="2"${dash}/>`);
    for (const point of points) {
      const [cx, cy] = point.split(',');
      parts.push(`<circle cx="${cx}" cy="${cy}" r="2.5" fill="${series.color}"/>`);
    }
    const legendY = MARGIN.top + plotH + 30 + Math.floor(index / 2) * 12;
    const legendX = originX + MARGIN.left + (index % 2) * (plotW / 2);
    parts.push(
      `<line x1="${legendX}" x2="${legendX + 14}" y1="${legendY - 3}" y2="${legendY - 3}" stroke="${series.color}" stroke-width="2"${dash}/>`,
    );
    parts.push(`<text x="${legendX + 18}" y="${legendY}" class="legend">${xmlText(series.label)}</text>`);
  });
  return parts.join('\n');
}

/** Panels in a row (wrapping after `perRow`), x = the archive sizes. */
export function lineChartsSvg(options: { title: string; xs: number[]; panels: Panel[]; perRow?: number; note?: string }): string {
  const perRow = options.perRow ?? 3;
  const rows = Math.ceil(options.panels.length / perRow);
  const width = PANEL_W * Math.min(perRow, options.panels.length);
  const height = 30 + rows * PANEL_H + (options.note ? 20 : 0);
  const body = options.panels.map((panel, i) => {
    const row = Math.floor(i / perRow);
    const inner = panelSvg(panel, options.xs, (i % perRow) * PANEL_W);
    return `<g transform="translate(0 ${30 + row * PANEL_H})">\n${inner}\n</g>`;
  });
  const note = options.note ? `<text x="8" y="${height - 6}" class="tick">${xmlText(options.note)}</text>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" role="img">
<title>${xmlText(options.title)}</title>
<style>.title{font-size:12px;font-weight:bold}.tick{font-size:10px;fill:#444}.legend{font-size:10px}.grid{stroke:#ddd;stroke-width:1}</style>
<rect width="100%" height="100%" fill="#fff"/>
<text x="8" y="20" font-size="14" font-weight="bold">${xmlText(options.title)}</text>
${body.join('\n')}
${note}
</svg>
`;
}
