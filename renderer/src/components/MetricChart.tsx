// One live metric chart (Chart.js through metric-chart-core.ts) with a crosshair shared by
// every chart of a view: hovering one sets the time in the shared crosshair, and each chart
// draws a vertical line there as a DOM overlay (no redraw of the canvas on mouse moves). A
// marker (the moment a link opened the view at) is another such line, dashed.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createMetricChart, type MetricChartController, type MetricChartSpec, type MetricSeries } from './metric-chart-core';

export type { MetricSeries } from './metric-chart-core';

/** The time under the pointer, shared by the charts of one view (null: not hovering). */
export interface Crosshair {
  get(): number | null;
  set(x: number | null): void;
  subscribe(listener: () => void): () => void;
}

export function createCrosshair(): Crosshair {
  let value: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(x) {
      if (x === value) return;
      value = x;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useCrosshair(crosshair: Crosshair): number | null {
  return useSyncExternalStore(crosshair.subscribe, crosshair.get, crosshair.get);
}

export interface MetricChartProps {
  title: string;
  /** Shown after the title (e.g. the value under the crosshair). */
  aside?: ReactNode;
  series: readonly MetricSeries[];
  xMin: number;
  xMax: number;
  hidden: ReadonlySet<string>;
  /** Changes whenever the series' data changed in place (live readings appended). */
  version: number;
  spec: Omit<MetricChartSpec, 'colors'>;
  crosshair: Crosshair;
  height?: number;
  testId?: string;
  /** Read by screen readers instead of the canvas. */
  description: string;
  /** A moment to mark (epoch ms): a dashed line, while it is within the chart's range. */
  marker?: number | null;
}

export function MetricChart({
  title,
  aside,
  series,
  xMin,
  xMax,
  hidden,
  version,
  spec,
  crosshair,
  height = 170,
  testId,
  description,
  marker = null,
}: MetricChartProps) {
  const theme = useTheme();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const lineRef = useRef<HTMLDivElement>(null);
  const markerRef = useRef<HTMLDivElement>(null);
  const markerAt = useRef(marker);
  markerAt.current = marker;
  const controllerRef = useRef<MetricChartController | null>(null);
  const colors = useMemo(
    () => ({
      grid: theme.palette.divider,
      text: theme.palette.text.secondary,
      band: alpha(theme.palette.error.main, theme.palette.mode === 'dark' ? 0.16 : 0.09),
    }),
    [theme],
  );
  const specRef = useRef(spec);
  specRef.current = spec;

  useEffect(() => {
    const controller = createMetricChart(canvasRef.current!, { ...specRef.current, colors });
    controllerRef.current = controller;
    return () => {
      controller.destroy();
      controllerRef.current = null;
    };
    // The chart is made once; colours and data reach it through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => controllerRef.current?.setColors(colors), [colors]);

  // A chart scrolled out of view is not updated (Chart.js's update is most of a tick's cost);
  // it catches up when it comes back into view.
  const visibleRef = useRef(true);
  const staleRef = useRef(false);
  const latest = useRef({ series, xMin, xMax, hidden });
  latest.current = { series, xMin, xMax, hidden };
  const apply = () => {
    const { series: s, xMin: a, xMax: b, hidden: h } = latest.current;
    controllerRef.current?.update(s, a, b, h);
    staleRef.current = false;
    placeLine(lineRef.current, crosshair.get());
    placeLine(markerRef.current, markerAt.current);
  };
  useEffect(() => {
    if (visibleRef.current) apply();
    else staleRef.current = true;
  }, [series, xMin, xMax, hidden, version]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      visibleRef.current = entry?.isIntersecting ?? true;
      if (visibleRef.current && staleRef.current) apply();
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  function placeLine(line: HTMLDivElement | null, x: number | null) {
    const controller = controllerRef.current;
    if (!line || !controller) return;
    const px = x === null ? null : controller.pixelAtX(x);
    if (px === null) {
      line.style.display = 'none';
      return;
    }
    const { top, bottom } = controller.area();
    line.style.display = 'block';
    line.style.transform = `translateX(${Math.round(px)}px)`;
    line.style.top = `${top}px`;
    line.style.height = `${bottom - top}px`;
  }

  useEffect(() => crosshair.subscribe(() => placeLine(lineRef.current, crosshair.get())), [crosshair]);
  useEffect(() => placeLine(markerRef.current, marker), [marker]);

  return (
    <Box data-testid={testId} data-visible-series={series.filter((s) => !hidden.has(s.key)).length} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.5, minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3" noWrap>
          {title}
        </Typography>
        <Box sx={{ ml: 'auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{aside}</Box>
      </Box>
      <Box
        sx={{ position: 'relative', height, cursor: 'crosshair' }}
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          crosshair.set(controllerRef.current?.xAtPixel(e.clientX - rect.left) ?? null);
        }}
        onMouseLeave={() => crosshair.set(null)}
      >
        <canvas ref={canvasRef} role="img" aria-label={description} />
        {marker !== null && (
          <Box
            ref={markerRef}
            aria-hidden
            data-testid="moment-marker"
            data-at={new Date(marker).toISOString()}
            sx={{
              position: 'absolute',
              left: 0,
              width: 0,
              display: 'none',
              pointerEvents: 'none',
              borderLeft: 2,
              borderLeftStyle: 'dashed',
              borderColor: 'warning.main',
            }}
          />
        )}
        <Box
          ref={lineRef}
          aria-hidden
          data-testid="crosshair-line"
          sx={{ position: 'absolute', left: 0, width: '1px', display: 'none', pointerEvents: 'none', bgcolor: 'text.secondary' }}
        />
      </Box>
    </Box>
  );
}
