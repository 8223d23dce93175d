// What a chart draws itself on a Chart.js canvas (its series, a hover veil) stays inside the
// plot: the context is saved and clipped to the chart area, and restored by the caller after.
export interface ChartArea {
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
