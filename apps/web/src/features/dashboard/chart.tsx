import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  colour: string;
  bars?: boolean;
}

/**
 * One uPlot chart, sized to its container and redrawn when it resizes. `band` shades an x
 * range behind the data (a design range on a distribution). Screen readers get the table beside it.
 */
export function Chart({
  x,
  series,
  xLabel,
  yLabel,
  band,
  time = false,
  label,
}: {
  x: number[];
  series: ChartSeries[];
  xLabel: string;
  yLabel: string;
  band?: { min: number | null; max: number | null };
  time?: boolean;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const bars = uPlot.paths.bars!({ size: [0.8, 64] });
    // Bars stand on their bands' centres: half a band either side keeps the end bars whole and the range's ends
    // (the shading) where they are.
    const half = series.some((s) => s.bars) && x.length > 1 ? (x[1]! - x[0]!) / 2 : 0;
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height: 220,
      // One point alone gets room either side (a day on a time axis), not the library's guess.
      scales: {
        x: {
          time,
          range: (_u, min, max) =>
            min === max ? [min - (time ? 86_400 : 1), max + (time ? 86_400 : 1)] : [min - half, max + half],
        },
      },
      axes: [{ label: xLabel }, { label: yLabel }],
      legend: { show: series.length > 1 },
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.colour,
          fill: s.bars ? s.colour : undefined,
          width: s.bars ? 0 : 2,
          paths: s.bars ? bars : undefined,
          points: { show: !s.bars },
        })),
      ],
      hooks: band
        ? {
            drawClear: [
              (u) => {
                const lo = band.min ?? u.scales.x!.min!;
                const hi = band.max ?? u.scales.x!.max!;
                const left = u.valToPos(lo, 'x', true);
                const right = u.valToPos(hi, 'x', true);
                u.ctx.save();
                u.ctx.fillStyle = 'rgba(22, 163, 74, 0.15)';
                u.ctx.fillRect(left, u.bbox.top, right - left, u.bbox.height);
                u.ctx.restore();
              },
            ],
          }
        : {},
    };
    const plot = new uPlot(opts, [x, ...series.map((s) => s.values)] as uPlot.AlignedData, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [x, series, xLabel, yLabel, band, time]);
  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden" />;
}
