// Any two metrics of runs (or trials) against each other, each minimised or maximised, points
// coloured by group, the pareto frontier computed (shared/analysis/pareto.ts through
// scatter-model.ts) and drawn as the step line bounding what it dominates, its points
// emphasised; hover for a run's values, click to select it. Groups toggle in the legend (the
// frontier is that of the points shown).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { alpha, useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';
import type { Direction } from '../../../../shared/analysis/pareto';
import { seriesColor } from '../../lib/series-colours';
import { exportCsv } from './chart-export';
import { ChartLegend, toggled } from './ChartLegend';
import { formatNumber } from './scales';
import { frontierStep } from './scatter-model';
import { ScatterPlot, type ScatterDataset } from './ScatterPlot';

export interface ScatterMetric {
  key: string;
  label: string;
  /** Which way is better. */
  direction: Direction;
  format?(v: number): string;
}

export interface ScatterPoint {
  id: string;
  label: string;
  /** Colour group (an optimizer, a model); points without one share "Other". */
  group?: string;
  values: Readonly<Record<string, number | null | undefined>>;
}

export interface ParetoScatterProps {
  title: string;
  points: readonly ScatterPoint[];
  metrics: readonly ScatterMetric[];
  /** The metrics on x and y at first (default: the first two). */
  x?: string;
  y?: string;
  selectedId?: string | null;
  onSelect?(id: string | null): void;
  /** The frontier's ids whenever it changes (for a table to mark them). */
  onFrontierChange?(ids: string[]): void;
  height?: number;
  testId?: string;
  /** Confidence intervals drawn as error bars: by metric key, then point id (vertical on y, horizontal on x). */
  intervals?: Readonly<Record<string, Readonly<Record<string, readonly [number, number]>>>>;
}

const OTHER = 'Other';
const NONE: ReadonlySet<string> = new Set();

interface Placed {
  point: ScatterPoint;
  x: number;
  y: number;
}

export function ParetoScatter({
  title,
  points,
  metrics,
  x,
  y,
  selectedId = null,
  onSelect,
  onFrontierChange,
  height = 340,
  testId,
  intervals,
}: ParetoScatterProps) {
  const theme = useTheme();
  const [xKey, setXKey] = useState(x ?? metrics[0]?.key ?? '');
  const [yKey, setYKey] = useState(y ?? metrics[1]?.key ?? metrics[0]?.key ?? '');
  const xm = metrics.find((m) => m.key === xKey) ?? metrics[0];
  const ym = metrics.find((m) => m.key === yKey) ?? metrics[1] ?? metrics[0];
  const [dirs, setDirs] = useState<Record<string, Direction>>({});
  const xDir = xm ? (dirs[xm.key] ?? xm.direction) : 'min';
  const yDir = ym ? (dirs[ym.key] ?? ym.direction) : 'min';
  const [hidden, setHidden] = useState<ReadonlySet<string>>(NONE);

  const groups = useMemo(() => [...new Set(points.map((p) => p.group ?? OTHER))], [points]);
  const groupColor = (g: string) => seriesColor(groups.indexOf(g));

  // The points with both values, of the groups shown.
  const placed = useMemo<Placed[]>(() => {
    if (!xm || !ym) return [];
    return points.flatMap((p) => {
      const vx = p.values[xm.key];
      const vy = p.values[ym.key];
      if (typeof vx !== 'number' || typeof vy !== 'number' || !Number.isFinite(vx) || !Number.isFinite(vy)) return [];
      if (hidden.has(p.group ?? OTHER)) return [];
      return [{ point: p, x: vx, y: vy }];
    });
  }, [points, xm, ym, hidden]);
  const frontier = useMemo(() => frontierStep(placed, xDir, yDir), [placed, xDir, yDir]);
  const onFront = useMemo(() => new Set(frontier.indices), [frontier]);
  const frontIds = frontier.indices.map((i) => placed[i]!.point.id).join('\n');
  useEffect(() => {
    onFrontierChange?.(frontIds ? frontIds.split('\n') : []);
  }, [frontIds]); // eslint-disable-line react-hooks/exhaustive-deps

  // Datasets: the frontier line, then each group's points, then the selection ring. `refs`
  // maps (dataset, index) back to the placed point.
  const { datasets, refs } = useMemo(() => {
    const ink = theme.palette.text.primary;
    const sets: ScatterDataset[] = [];
    const back: Array<Array<number> | null> = [];
    sets.push({
      label: 'Pareto frontier',
      data: frontier.line,
      showLine: true,
      borderColor: ink,
      borderWidth: 1.5,
      pointRadius: 0,
      pointHitRadius: 0,
      order: 2,
    });
    back.push(null);
    // Error bars: one dataset of segments, a gap (NaN) between them.
    const bars: Array<{ x: number; y: number }> = [];
    const yi = ym ? intervals?.[ym.key] : undefined;
    const xi = xm ? intervals?.[xm.key] : undefined;
    for (const p of placed) {
      const iy = yi?.[p.point.id];
      if (iy) bars.push({ x: p.x, y: iy[0] }, { x: p.x, y: iy[1] }, { x: NaN, y: NaN });
      const ix = xi?.[p.point.id];
      if (ix) bars.push({ x: ix[0], y: p.y }, { x: ix[1], y: p.y }, { x: NaN, y: NaN });
    }
    if (bars.length > 0) {
      sets.push({
        label: '95 % interval',
        data: bars,
        showLine: true,
        spanGaps: false,
        borderColor: alpha(ink, 0.45),
        borderWidth: 1.5,
        pointRadius: 0,
        pointHitRadius: 0,
        order: 3,
      });
      back.push(null);
    }
    for (const g of groups) {
      if (hidden.has(g)) continue;
      const idx = placed.map((p, i) => i).filter((i) => (placed[i]!.point.group ?? OTHER) === g);
      const c = groupColor(g);
      sets.push({
        label: g,
        data: idx.map((i) => ({ x: placed[i]!.x, y: placed[i]!.y })),
        backgroundColor: idx.map((i) => (onFront.has(i) ? c : alpha(c, 0.55))),
        borderColor: idx.map((i) => (onFront.has(i) ? ink : c)),
        borderWidth: idx.map((i) => (onFront.has(i) ? 2 : 1)),
        pointRadius: idx.map((i) => (onFront.has(i) ? 6 : 4)),
        pointHoverRadius: idx.map((i) => (onFront.has(i) ? 8 : 6)),
        order: 1,
      });
      back.push(idx);
    }
    const sel = placed.findIndex((p) => p.point.id === selectedId);
    if (sel >= 0) {
      sets.push({
        label: 'Selected',
        data: [{ x: placed[sel]!.x, y: placed[sel]!.y }],
        pointRadius: 11,
        pointHoverRadius: 11,
        pointHitRadius: 0,
        backgroundColor: 'transparent',
        borderColor: theme.palette.primary.main,
        borderWidth: 2.5,
        order: 0,
      });
      back.push(null);
    }
    return { datasets: sets, refs: back };
  }, [frontier, groups, hidden, placed, onFront, selectedId, theme, intervals, xm, ym]); // eslint-disable-line react-hooks/exhaustive-deps

  const fmt = (m: ScatterMetric | undefined, v: number) => (m?.format ?? formatNumber)(v);
  const axisLabel = (m: ScatterMetric | undefined, d: Direction) => (m ? `${m.label} (${d === 'min' ? 'lower' : 'higher'} is better)` : '');
  const metricPicker = (label: string, value: string, set: (k: string) => void, m: ScatterMetric | undefined, d: Direction, id: string) => (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={label}
        value={value}
        onChange={(e) => set(e.target.value)}
        sx={{ minWidth: 150 }}
        data-testid={`scatter-${id}`}
      >
        {metrics.map((mm) => (
          <MenuItem key={mm.key} value={mm.key}>
            {mm.label}
          </MenuItem>
        ))}
      </TextField>
      {m && (
        <Tooltip title={`${m.label}: ${d === 'min' ? 'lower' : 'higher'} is better (click to switch)`}>
          <Button
            size="small"
            sx={{ minWidth: 0, px: 0.75, ml: 0.25 }}
            onClick={() => setDirs((prev) => ({ ...prev, [m.key]: d === 'min' ? 'max' : 'min' }))}
            data-testid={`scatter-${id}-direction`}
            aria-label={`${label} ${m.label}: ${d === 'min' ? 'minimise' : 'maximise'}; switch`}
          >
            {d === 'min' ? 'min ↓' : 'max ↑'}
          </Button>
        </Tooltip>
      )}
    </Box>
  );

  const empty =
    points.length === 0
      ? { title: 'No runs to compare', text: 'Choose runs with recorded metrics to place them on the scatter.' }
      : metrics.length < 2
        ? { title: 'Two metrics are needed', text: 'The runs share fewer than two metrics to plot against each other.' }
        : null;

  return (
    <ScatterPlot
      title={title}
      testId={testId}
      empty={empty}
      hint={
        empty
          ? undefined
          : `${frontier.indices.length} of ${placed.length} on the frontier of these two metrics · drag to zoom, double-click to reset`
      }
      controls={
        <>
          {metricPicker('X', xKey, setXKey, xm, xDir, 'x')}
          {metricPicker('Y', yKey, setYKey, ym, yDir, 'y')}
        </>
      }
      datasets={datasets}
      xLabel={axisLabel(xm, xDir)}
      yLabel={axisLabel(ym, yDir)}
      height={height}
      description={`${title}: ${placed.length} runs, ${xm?.label} against ${ym?.label}, ${frontier.indices.length} on the frontier of these two metrics`}
      describe={(ds, i) => {
        const idx = refs[ds]?.[i];
        if (idx === undefined) return undefined;
        const p = placed[idx]!;
        return {
          title: p.point.label,
          lines: [
            `${xm?.label}: ${fmt(xm, p.x)}`,
            `${ym?.label}: ${fmt(ym, p.y)}`,
            ...(p.point.group ? [`Group: ${p.point.group}`] : []),
            ...(onFront.has(idx) ? ['On the pareto frontier'] : []),
          ],
        };
      }}
      onPointClick={(ds, i) => {
        const idx = refs[ds]?.[i];
        if (idx !== undefined) onSelect?.(placed[idx]!.point.id);
      }}
      onBackgroundClick={() => onSelect?.(null)}
      onExportCsv={() =>
        exportCsv(
          title,
          ['id', 'label', 'group', xm?.key ?? 'x', ym?.key ?? 'y', 'pareto'],
          placed.map((p, i) => [p.point.id, p.point.label, p.point.group ?? '', p.x, p.y, onFront.has(i) ? 'yes' : 'no']),
        )
      }
      footer={
        <Box data-testid="pareto-frontier" data-ids={frontIds.replace(/\n/g, ',')} sx={{ display: groups.length > 1 ? 'block' : 'none' }}>
          <ChartLegend
            inline
            label="Groups"
            entries={groups.map((g) => ({ key: g, label: g, color: groupColor(g) }))}
            hidden={hidden}
            onToggle={(k) => setHidden((h) => toggled(h, k))}
            onSetHidden={setHidden}
          />
        </Box>
      }
    />
  );
}
