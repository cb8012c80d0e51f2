import { describe, expect, it } from 'vitest';
import { lineChartsSvg, niceCeiling } from './lineChartSvg.ts';

describe('the cost curve chart', () => {
  it('rounds the y axis up to 1, 2 or 5 × a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(120)).toBe(200);
    expect(niceCeiling(480)).toBe(500);
    expect(niceCeiling(1000)).toBe(1000);
  });

  it('draws one line a series over a log axis, leaves unmeasured points out, escapes labels', () => {
    const svg = lineChartsSvg({
      title: 'Coût <test>',
      xs: [1000, 10_000, 100_000],
      panels: [
        { title: 'RSS', unit: 'MB', series: [{ label: 'PGlite & co', values: [100, 110, 120], color: '#000' }] },
        { title: 'p99', unit: 'ms', series: [{ label: 'PG', values: [10, null, 12], color: '#111', dashed: true }] },
      ],
    });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('Coût &lt;test&gt;');
    expect(svg).toContain('PGlite &amp; co');
    const lines = [...svg.matchAll(/<polyline points="([^"]+)"/g)].map((m) => (m[1] as string).split(' '));
    expect(lines.map((points) => points.length)).toEqual([3, 2]);
    // Log scale: 10 000 sits halfway between 1 000 and 100 000.
    const [a, b, c] = (lines[0] as string[]).map((point) => Number(point.split(',')[0]));
    expect(Math.abs((b as number) - ((a as number) + (c as number)) / 2)).toBeLessThan(0.2);
    expect(svg).toContain('stroke-dasharray');
  });
});
