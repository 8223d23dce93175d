// Charts that draw their series themselves on a Chart.js canvas (the step curves, the live
// metric charts): Chart.js only lays out and draws the axes, with no datasets to parse, no
// animation and no events of its own; what the chart draws (its series, a hover veil) stays
// inside the plot: the context is saved and clipped to the chart area, restored by the caller.
import type { ChartOptions } from 'chart.js';

/** The options of a chart drawn by its own plugin, spread into its options before its layout and scales. */
export const SELF_DRAWN: ChartOptions<'line'> = {
  parsing: false,
  normalized: true,
  animation: false,
  responsive: true,
  maintainAspectRatio: false,
  events: [],
};

interface ChartArea {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Saves the context and clips it to the chart area (the caller restores it). */
export function clipToChartArea(ctx: CanvasRenderingContext2D, { left, top, right, bottom }: ChartArea): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, right - left, bottom - top);
  ctx.clip();
}
