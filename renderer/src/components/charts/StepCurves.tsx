// A metric's curves of many runs overlaid by step (the experiment comparison's "metric curves"):
// linear or log values, a legend that hides runs and highlights the one under the pointer,
// a crosshair with every shown run's value at that step (the nearest run first), drag to zoom
// (double-click resets), PNG and CSV. Drawing is step-curves-core.ts.
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { seriesColor } from '../../lib/series-colours';
import { exportCsv, exportPng } from './chart-export';
import { ChartFrame, HOVER_CARD } from './ChartFrame';
import { ChartLegend, toggled } from './ChartLegend';
import { useDragZoom } from './drag-zoom';
import { formatNumber } from './scales';
import { createStepCurves, type StepCurvesController, type StepReadoutRow, type StepRun } from './step-curves-core';

export interface StepCurveInput {
  id: string;
  label: string;
  /** By default the run's place in the list picks one (lib/series-colours). */
  color?: string;
  /** Ascending steps and the metric's value at each. */
  steps: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface StepCurvesProps {
  title: string;
  /** The metric's name, for the readout, the CSV and the screen-reader description. */
  metric: string;
  /** Memoise it: a new array lays the chart out again (the zoom is kept). */
  runs: readonly StepCurveInput[];
  /** Start on a log value axis (a loss spanning decades). */
  logY?: boolean;
  height?: number;
  formatValue?(v: number): string;
  /** The run highlighted (legend or curve under the pointer), for a table beside the chart. */
  onHighlight?(id: string | null): void;
  testId?: string;
}

const NONE: ReadonlySet<string> = new Set();
/** Rows of the crosshair readout before "n more". */
const READOUT_ROWS = 8;

export function StepCurves({
  title,
  metric,
  runs,
  logY = false,
  height = 320,
  formatValue = formatNumber,
  onHighlight,
  testId,
}: StepCurvesProps) {
  const theme = useTheme();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<StepCurvesController | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(NONE);
  const [log, setLog] = useState(logY);
  const [zoomed, setZoomed] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [readout, setReadout] = useState<{ x: number; y: number; step: number; rows: StepReadoutRow[]; nearest: string | null } | null>(
    null,
  );

  const colored = useMemo<StepRun[]>(
    () => runs.map((r, i) => ({ id: r.id, label: r.label, color: r.color ?? seriesColor(i), steps: r.steps, values: r.values })),
    [runs],
  );
  const legendEntries = useMemo(() => colored.map((r) => ({ key: r.id, label: r.label, color: r.color })), [colored]);
  const colors = useMemo(
    () => ({
      grid: theme.palette.divider,
      text: theme.palette.text.secondary,
      cursor: theme.palette.text.primary,
      background: theme.palette.background.paper,
    }),
    [theme],
  );
  const colorsRef = useRef(colors);
  colorsRef.current = colors;

  // The chart exists while there are runs (the empty state has no canvas). What it was last
  // given is kept, so an effect only passes on what changed (the first render lays out once).
  const empty = runs.length === 0;
  const applied = useRef<{ runs: StepRun[]; hidden: ReadonlySet<string>; log: boolean } | null>(null);
  const latest = useRef({ colored, hidden, log });
  latest.current = { colored, hidden, log };
  useEffect(() => {
    if (empty) return;
    const controller = createStepCurves(canvasRef.current!, overlayRef.current!, colorsRef.current);
    controllerRef.current = controller;
    const now = latest.current;
    if (now.log) controller.setLogY(true);
    controller.setRuns(now.colored, now.hidden);
    applied.current = { runs: now.colored, hidden: now.hidden, log: now.log };
    return () => {
      controller.destroy();
      controllerRef.current = null;
      applied.current = null;
    };
  }, [empty]);
  useEffect(() => controllerRef.current?.setColors(colors), [colors]);
  useEffect(() => {
    const a = applied.current;
    const c = controllerRef.current;
    if (!a || !c) return;
    if (a.log !== log) {
      a.log = log;
      c.setLogY(log);
      setZoomed(false);
    }
    if (a.runs !== colored) {
      // New data (a live run's new steps) keep the zoom, as a dashboard's refresh does.
      a.runs = colored;
      a.hidden = hidden;
      c.setRuns(colored, hidden);
    } else if (a.hidden !== hidden) {
      a.hidden = hidden;
      c.setHidden(hidden);
    }
  }, [colored, hidden, log]);

  const onHighlightRef = useRef(onHighlight);
  onHighlightRef.current = onHighlight;
  // Stable, so the legend (memoised) does not re-render on every pointer move of the readout.
  const hover = useCallback((id: string | null, step: number | null) => {
    controllerRef.current?.setHover(id, step);
    setHighlight(id);
    onHighlightRef.current?.(id);
  }, []);
  const toggleRun = useCallback((k: string) => setHidden((h) => toggled(h, k)), []);
  const hoverRun = useCallback((k: string | null) => hover(k, null), [hover]);

  const zoom = useDragZoom({
    inPlot(x, y) {
      const a = controllerRef.current?.area();
      return !!a && x >= a.left && x <= a.right && y >= a.top && y <= a.bottom;
    },
    onZoom(rect) {
      const c = controllerRef.current;
      if (!c) return;
      const a = c.area();
      const p0 = c.valueAt(Math.max(a.left, rect.x0), rect.y1 ?? a.bottom);
      const p1 = c.valueAt(Math.min(a.right, rect.x1), rect.y0 ?? a.top);
      if (!p0 || !p1 || !(p1.step > p0.step)) return;
      c.setView({ x0: p0.step, x1: p1.step, y0: rect.y0 === null ? null : p0.value, y1: rect.y0 === null ? null : p1.value });
      setZoomed(true);
    },
    onReset() {
      controllerRef.current?.setView(null);
      setZoomed(false);
    },
  });

  const shown = colored.filter((r) => !hidden.has(r.id));
  return (
    <ChartFrame
      title={title}
      testId={testId}
      hint={runs.length > 0 ? 'Drag to zoom, double-click to reset; hover a curve or a run to highlight it' : undefined}
      empty={empty ? { title: 'No runs to compare', text: `Choose runs that recorded ${metric} to overlay their curves by step.` } : null}
      zoomed={zoomed}
      onResetZoom={zoom.handlers.onDoubleClick}
      controls={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={log ? 'log' : 'linear'}
          onChange={(_, v: string | null) => v && setLog(v === 'log')}
          aria-label="Value axis scale"
        >
          <ToggleButton value="linear" sx={{ px: 1, py: 0.25 }} data-testid="axis-linear">
            Linear
          </ToggleButton>
          <ToggleButton value="log" sx={{ px: 1, py: 0.25 }} data-testid="axis-log">
            Log
          </ToggleButton>
        </ToggleButtonGroup>
      }
      onExportPng={() => exportPng(title, controllerRef.current?.layers() ?? [], theme.palette.background.paper)}
      onExportCsv={() =>
        exportCsv(
          title,
          ['run_id', 'run', 'step', metric],
          shown.flatMap((r) => Array.from({ length: r.steps.length }, (_, i) => [r.id, r.label, r.steps[i]!, r.values[i]!])),
        )
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 250px', gap: 1.5 }}>
        <Box
          sx={{ position: 'relative', height, cursor: 'crosshair', touchAction: 'none', userSelect: 'none' }}
          data-testid="step-curves-plot"
          data-shown-runs={shown.length}
          data-log={log}
          {...zoom.handlers}
          onPointerMove={(e) => {
            zoom.handlers.onPointerMove(e);
            const c = controllerRef.current;
            if (!c || zoom.dragging()) return;
            const r = e.currentTarget.getBoundingClientRect();
            const x = e.clientX - r.left;
            const y = e.clientY - r.top;
            const at = c.valueAt(x, y);
            if (!at) {
              if (readout) {
                setReadout(null);
                hover(null, null);
              }
              return;
            }
            const nearest = c.nearestRun(x, y, 12);
            hover(nearest, at.step);
            setReadout({ x, y, step: at.step, rows: c.readout(at.step), nearest });
          }}
          onPointerLeave={() => {
            setReadout(null);
            hover(null, null);
          }}
        >
          <canvas ref={canvasRef} role="img" aria-label={`${metric} by step, ${shown.length} runs`} />
          <canvas ref={overlayRef} aria-hidden style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none' }} />
          {zoom.overlay}
          {readout && readout.rows.length > 0 && <Readout readout={readout} formatValue={formatValue} metric={metric} />}
        </Box>
        <ChartLegend
          label="Runs"
          entries={legendEntries}
          hidden={hidden}
          onToggle={toggleRun}
          onSetHidden={setHidden}
          highlighted={highlight}
          onHover={hoverRun}
          maxHeight={height - 28}
        />
      </Box>
    </ChartFrame>
  );
}

function Readout({
  readout,
  formatValue,
  metric,
}: {
  readout: { x: number; y: number; step: number; rows: StepReadoutRow[]; nearest: string | null };
  formatValue(v: number): string;
  metric: string;
}) {
  // The nearest run first, then the others by value.
  const rows = [...readout.rows].sort((a, b) => (a.id === readout.nearest ? -1 : b.id === readout.nearest ? 1 : a.value - b.value));
  const shown = rows.slice(0, READOUT_ROWS);
  return (
    <Box
      data-testid="step-readout"
      sx={{
        position: 'absolute',
        top: 8,
        // On the side away from the pointer, so it never covers what is pointed at.
        ...(readout.x > 260 ? { left: Math.max(0, readout.x - 236) } : { left: readout.x + 16 }),
        width: 220,
        ...HOVER_CARD,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      <Typography variant="caption" color="text.secondary" component="div">
        {metric} at step {formatNumber(Math.round(readout.step))}
      </Typography>
      {shown.map((r) => (
        <Box key={r.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: r.id === readout.nearest ? 700 : 400 }}>
          <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: r.color, flex: 'none' }} />
          <Typography variant="caption" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 'inherit' }}>
            {r.label}
          </Typography>
          <Typography variant="caption" sx={{ fontWeight: 'inherit' }}>
            {formatValue(r.value)}
          </Typography>
        </Box>
      ))}
      {rows.length > shown.length && (
        <Typography variant="caption" color="text.secondary" component="div">
          and {rows.length - shown.length} more runs
        </Typography>
      )}
    </Box>
  );
}
