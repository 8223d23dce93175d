// A chart of a few hourly buckets (log levels by hour, requests, durations): bars — stacked or
// side by side — or lines over one category per hour, labelled in local time. Few points, so
// Chart.js's defaults (parsing, a category axis) are fine here; animation stays off as elsewhere.
import { useTheme } from '@mui/material/styles';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { crosshairPlugin } from './charts/crosshair';

// The generic <Chart> needs the controllers registered (<Bar>/<Line> register their own).
ChartJS.register(CategoryScale, LinearScale, BarController, BarElement, LineController, LineElement, PointElement, Tooltip, Legend);

export interface HourlySeries {
  label: string;
  color: string;
  values: ReadonlyArray<number | null>;
  kind?: 'bar' | 'line';
}

/** "14:00"; at midnight and on the first bucket "Nov 25 00:00", so the day is always known. */
function hourLabel(ms: number, first: boolean): string {
  const d = new Date(ms);
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return first || (d.getHours() === 0 && d.getMinutes() === 0)
    ? `${d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} ${time}`
    : time;
}

export function HourlyChart({
  hours,
  series,
  stacked = false,
  height = 240,
  ariaLabel,
  formatValue = (v) => v.toLocaleString('en-US'),
  testId,
  legend = true,
  labels,
}: {
  hours: readonly number[];
  series: readonly HourlySeries[];
  stacked?: boolean;
  height?: number;
  ariaLabel: string;
  /** A value as the axis and the tooltip show it, with its unit. */
  formatValue?(value: number): string;
  testId?: string;
  /** Chart.js's own legend; off where the shared ChartLegend toggles the series. */
  legend?: boolean;
  /** The categories' labels when they are not hours (days, weeks); the hours' local times when absent. */
  labels?: readonly string[];
}) {
  const theme = useTheme();
  const data = useMemo<ChartData<'bar' | 'line', Array<number | null>, string>>(
    () => ({
      labels: labels ? [...labels] : hours.map((h, i) => hourLabel(h, i === 0)),
      datasets: series.map((s) =>
        s.kind === 'line'
          ? {
              type: 'line' as const,
              label: s.label,
              data: [...s.values],
              borderColor: s.color,
              backgroundColor: s.color,
              borderWidth: 2,
              pointRadius: 3,
              spanGaps: false,
            }
          : {
              type: 'bar' as const,
              label: s.label,
              data: [...s.values],
              backgroundColor: s.color,
              borderColor: s.color,
              borderWidth: 0,
              maxBarThickness: 48,
            },
      ),
    }),
    [hours, series, labels],
  );

  const options = useMemo<ChartOptions<'bar' | 'line'>>(() => {
    const grid = theme.palette.divider;
    const text = theme.palette.text.secondary;
    return {
      animation: false,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { display: legend, position: 'bottom', labels: { color: text, boxWidth: 12, usePointStyle: true } },
        tooltip: {
          callbacks: {
            label: (item) => `${item.dataset.label ?? ''}: ${item.parsed.y === null ? '—' : formatValue(item.parsed.y)}`,
          },
        },
      },
      scales: {
        x: { stacked, grid: { color: grid }, ticks: { color: text, maxRotation: 0, autoSkip: true, autoSkipPadding: 12 } },
        y: {
          stacked,
          beginAtZero: true,
          grid: { color: grid },
          ticks: { color: text, callback: (v) => formatValue(Number(v)) },
        },
      },
    };
  }, [theme, stacked, formatValue, legend]);

  const plugins = useMemo(() => [crosshairPlugin(theme.palette.text.secondary)], [theme]);

  return (
    <div style={{ position: 'relative', height }} role="img" aria-label={ariaLabel} data-testid={testId}>
      <Chart type="bar" data={data} options={options} plugins={plugins} />
    </div>
  );
}
