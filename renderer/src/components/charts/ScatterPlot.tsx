// A Chart.js scatter in a ChartFrame, with what the comparison's scatter charts share: drag to
// zoom (x, or x and y) and double-click to reset, point tooltips, a click on a point reported
// (a click ending a zoom drag is not), theme colours, PNG and CSV. The Pareto scatter and the
// optimization history are this with their own datasets. Few points (trials, runs), so
// Chart.js's elements are fine here; parsing and animation stay off as elsewhere.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import {
  Chart as ChartJS,
  LinearScale,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
  type ChartDataset,
  type ChartOptions,
  type TooltipItem,
} from 'chart.js';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Chart } from 'react-chartjs-2';
import { exportPng } from './chart-export';
import { ChartFrame, type ChartFrameProps } from './ChartFrame';
import { useDragZoom } from './drag-zoom';
import { formatNumber } from './scales';

ChartJS.register(ScatterController, LinearScale, PointElement, LineElement, Tooltip);

export type ScatterDataset = ChartDataset<'scatter', Array<{ x: number; y: number }>>;

export interface ScatterPlotProps extends Pick<ChartFrameProps, 'title' | 'controls' | 'hint' | 'empty' | 'onExportCsv' | 'testId'> {
  datasets: ScatterDataset[];
  xLabel: string;
  yLabel: string;
  /** Tooltip: the title and lines of the point at (dataset, index); undefined leaves the point out of tooltips. */
  describe(datasetIndex: number, index: number): { title: string; lines: string[] } | undefined;
  onPointClick?(datasetIndex: number, index: number): void;
  /** A click on no point. */
  onBackgroundClick?(): void;
  /** Under the plot (a legend). */
  footer?: ReactNode;
  height?: number;
  /** Read by screen readers instead of the canvas. */
  description: string;
}

type Zoom = { x: [number, number]; y: [number, number] | null } | null;

export function ScatterPlot({
  datasets,
  xLabel,
  yLabel,
  describe,
  onPointClick,
  onBackgroundClick,
  footer,
  height = 320,
  description,
  ...frame
}: ScatterPlotProps) {
  const theme = useTheme();
  const chartRef = useRef<ChartJS<'scatter', Array<{ x: number; y: number }>>>(null);
  const [zoom, setZoom] = useState<Zoom>(null);
  const justZoomed = useRef(false);
  const describeRef = useRef(describe);
  describeRef.current = describe;
  const clickRef = useRef({ onPointClick, onBackgroundClick });
  clickRef.current = { onPointClick, onBackgroundClick };

  const options = useMemo<ChartOptions<'scatter'>>(() => {
    const grid = theme.palette.divider;
    const text = theme.palette.text.secondary;
    const axis = (label: string) => ({
      type: 'linear' as const,
      grid: { color: grid },
      title: { display: true, text: label, color: text },
      ticks: { color: text, maxRotation: 0, autoSkipPadding: 14, callback: (v: number | string) => formatNumber(Number(v)) },
    });
    return {
      parsing: false,
      normalized: true,
      animation: false,
      maintainAspectRatio: false,
      interaction: { mode: 'nearest', intersect: true },
      layout: { padding: { top: 4, right: 8 } },
      plugins: {
        legend: { display: false },
        tooltip: {
          filter: (item: TooltipItem<'scatter'>) => describeRef.current(item.datasetIndex, item.dataIndex) !== undefined,
          callbacks: {
            title: (items) => (items[0] ? (describeRef.current(items[0].datasetIndex, items[0].dataIndex)?.title ?? '') : ''),
            label: (item) => describeRef.current(item.datasetIndex, item.dataIndex)?.lines ?? [],
          },
        },
      },
      onClick: (_event, elements) => {
        if (justZoomed.current) {
          justZoomed.current = false;
          return;
        }
        const hit = elements.find((e) => describeRef.current(e.datasetIndex, e.index) !== undefined);
        if (hit) clickRef.current.onPointClick?.(hit.datasetIndex, hit.index);
        else clickRef.current.onBackgroundClick?.();
      },
      scales: {
        x: { ...axis(xLabel), ...(zoom ? { min: zoom.x[0], max: zoom.x[1] } : {}) },
        y: { ...axis(yLabel), ...(zoom?.y ? { min: zoom.y[0], max: zoom.y[1] } : {}) },
      },
    };
  }, [theme, xLabel, yLabel, zoom]);

  const drag = useDragZoom({
    inPlot(x, y) {
      const a = chartRef.current?.chartArea;
      return !!a && x >= a.left && x <= a.right && y >= a.top && y <= a.bottom;
    },
    onZoom(rect) {
      const chart = chartRef.current;
      if (!chart) return;
      const { x, y } = chart.scales;
      const x0 = x!.getValueForPixel(rect.x0)!;
      const x1 = x!.getValueForPixel(rect.x1)!;
      const ys =
        rect.y0 === null || rect.y1 === null ? null : ([y!.getValueForPixel(rect.y1)!, y!.getValueForPixel(rect.y0)!] as [number, number]);
      justZoomed.current = true;
      setZoom({ x: [x0, x1], y: ys });
    },
    onReset: () => setZoom(null),
  });

  const data = useMemo(() => ({ datasets }), [datasets]);
  return (
    <ChartFrame
      {...frame}
      zoomed={zoom !== null}
      onResetZoom={() => setZoom(null)}
      onExportPng={() => exportPng(frame.title, [chartRef.current?.canvas ?? null], theme.palette.background.paper)}
    >
      <Box
        sx={{ position: 'relative', height, touchAction: 'none', userSelect: 'none' }}
        {...drag.handlers}
        onPointerDown={(e) => {
          justZoomed.current = false;
          drag.handlers.onPointerDown(e);
        }}
        data-testid="scatter-plot"
      >
        <Chart ref={chartRef} type="scatter" data={data} options={options} aria-label={description} role="img" />
        {drag.overlay}
      </Box>
      {footer}
    </ChartFrame>
  );
}
