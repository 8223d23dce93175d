// Line chart of time series for every area (usage now; metrics later), set up the way
// Chart.js stays fast with many points: no parsing, normalised data, no animation,
// decimation to about one point per pixel. The time axis (lib/time-axis.ts) ends at "now",
// ticks on round hours or days, and a partial last bucket is drawn dashed with a hollow point.
// Monotone interpolation: curves that never overshoot (no dip below zero, no false peak).
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  CategoryScale,
  Chart as ChartJS,
  Decimation,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type ScriptableLineSegmentContext,
} from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import type { TimeAxis } from '../lib/time-axis';

ChartJS.register(LinearScale, CategoryScale, LineElement, PointElement, Tooltip, Legend, Decimation, Filler);

export interface Series {
  label: string;
  color: string;
  points: ReadonlyArray<{ x: number; y: number }>;
}

const timeOfDay = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const dayOf = (ms: number) => new Date(ms).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/** Hour ticks show the time, except at midnight, where the date says which day begins. */
function formatTick(ms: number, unit: TimeAxis['unit']): string {
  const d = new Date(ms);
  return unit === 'hour' && (d.getHours() !== 0 || d.getMinutes() !== 0) ? timeOfDay(ms) : dayOf(ms);
}

export function TimeSeriesChart({
  series,
  axis,
  height = 260,
  ariaLabel,
}: {
  series: readonly Series[];
  axis: TimeAxis;
  height?: number;
  ariaLabel: string;
}) {
  const theme = useTheme();
  const partialFrom = axis.partial?.from ?? Number.POSITIVE_INFINITY;

  const data = useMemo<ChartData<'line', Array<{ x: number; y: number }>>>(
    () => ({
      datasets: series.map((s) => ({
        label: s.label,
        data: s.points as Array<{ x: number; y: number }>,
        borderColor: s.color,
        backgroundColor: `${s.color}22`,
        borderWidth: 1.5,
        // The partial bucket's point is drawn hollow; the others only on hover.
        pointRadius: (ctx: { raw: unknown }) => ((ctx.raw as { x: number } | undefined)?.x === partialFrom ? 3 : 0),
        pointBackgroundColor: theme.palette.background.paper,
        pointHoverRadius: 3,
        cubicInterpolationMode: 'monotone' as const,
        segment: { borderDash: (ctx: ScriptableLineSegmentContext) => ((ctx.p1.parsed.x ?? 0) >= partialFrom ? [4, 3] : undefined) },
        fill: false,
      })),
    }),
    [series, partialFrom, theme],
  );

  const options = useMemo<ChartOptions<'line'>>(() => {
    const grid = theme.palette.divider;
    const text = theme.palette.text.secondary;
    return {
      parsing: false,
      normalized: true,
      animation: false,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        decimation: { enabled: true, algorithm: 'lttb', samples: 500 },
        legend: { position: 'bottom', labels: { color: text, boxWidth: 12, usePointStyle: true } },
        tooltip: {
          callbacks: {
            title: (items) => {
              const x = items[0]?.parsed.x;
              if (x === undefined || x === null) return '';
              const when = new Date(x).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
              return x === partialFrom && axis.partial ? `${when} (partial: until ${timeOfDay(axis.partial.until)})` : when;
            },
          },
        },
      },
      scales: {
        x: {
          type: 'linear',
          min: axis.min,
          max: axis.max,
          grid: { color: grid },
          // The ticks of the axis, not Chart.js's evenly spaced ones (which fall on odd minutes).
          afterBuildTicks: (scale) => {
            scale.ticks = axis.ticks.map((value) => ({ value }));
          },
          ticks: { color: text, autoSkip: false, maxRotation: 0, callback: (v) => formatTick(Number(v), axis.unit) },
        },
        y: { beginAtZero: true, grid: { color: grid }, ticks: { color: text, precision: 0 } },
      },
    };
  }, [theme, axis, partialFrom]);

  return (
    <div>
      <div style={{ position: 'relative', height }} role="img" aria-label={ariaLabel} data-testid="usage-chart">
        <Line data={data} options={options} />
      </div>
      {axis.partial && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 0.5, textAlign: 'center' }}
          data-testid="chart-partial"
        >
          Dashed: the last bucket is partial, until {timeOfDay(axis.partial.until)}
        </Typography>
      )}
    </div>
  );
}
