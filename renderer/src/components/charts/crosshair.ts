// A vertical line through the hovered category of a Chart.js chart that Chart.js draws itself
// (bars and lines by category, the tooltip in `index` mode): the crosshair the self-drawn
// charts draw on their own, for the charts that leave the drawing to Chart.js.
import type { ChartType, Plugin } from 'chart.js';

export function crosshairPlugin<T extends ChartType = ChartType>(color: string): Plugin<T> {
  return {
    id: 'crosshair',
    afterDatasetsDraw(chart) {
      const active = chart.tooltip?.getActiveElements() ?? [];
      const first = active[0];
      if (!first) return;
      const { ctx, chartArea } = chart;
      const x = first.element.x;
      ctx.save();
      ctx.strokeStyle = color;
      ctx.lineWidth = 1;
      ctx.setLineDash([4, 3]);
      ctx.beginPath();
      ctx.moveTo(x, chartArea.top);
      ctx.lineTo(x, chartArea.bottom);
      ctx.stroke();
      ctx.restore();
    },
  };
}
