/**
 * One curve chart of the Audience page, drawn by uPlot (about 20 kB brotli, loaded with this newsroom page
 * only). The canvas is hidden from screen readers: the summary beside it and the table in the page say the
 * same numbers.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
  dashed?: boolean;
}

export function AudienceChart({ days, series, summary }: { days: string[]; series: ChartSeries[]; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(280, element.clientWidth);
    const data: uPlot.AlignedData = [days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((s) => s.values)];
    const plot = new uPlot(
      {
        width: width(),
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        scales: {
          // One day (today, yesterday) would stretch over years: half a day on each side instead.
          x: { time: true, range: (_u, min, max) => (min === max ? [min - 43_200, max + 43_200] : [min, max]) },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [{}, { values: (_u, ticks) => ticks.map((tick) => tick.toLocaleString('fr-FR')) }],
        series: [
          { label: 'Jour' },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            dash: s.dashed ? [6, 4] : undefined,
            points: { show: days.length < 40 },
          })),
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series]);
  return (
    <figure className="mt-3">
      <div ref={box} aria-hidden="true" className="w-full overflow-hidden" data-testid="audience-chart" />
      <figcaption className="mt-1 text-sm">{summary}</figcaption>
    </figure>
  );
}
