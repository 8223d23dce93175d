// Line chart of time series for every area (usage now; metrics later), set up the way
// Chart.js stays fast with many points: no parsing, normalised data, no animation,
// decimation to about one point per pixel.
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
} from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';

ChartJS.register(LinearScale, CategoryScale, LineElement, PointElement, Tooltip, Legend, Decimation, Filler);

export interface Series {
  label: string;
  color: string;
  points: ReadonlyArray<{ x: number; y: number }>;
}

function formatTick(ms: number, spanMs: number): string {
  const d = new Date(ms);
  if (spanMs <= 2 * 24 * 3600_000) return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

export function TimeSeriesChart({ series, height = 260, ariaLabel }: { series: readonly Series[]; height?: number; ariaLabel: string }) {
  const theme = useTheme();
  const span = useMemo(() => {
    const xs = series.flatMap((s) => (s.points.length ? [s.points[0]!.x, s.points[s.points.length - 1]!.x] : []));
    return xs.length ? Math.max(...xs) - Math.min(...xs) : 0;
  }, [series]);

  const data = useMemo<ChartData<'line', Array<{ x: number; y: number }>>>(
    () => ({
      datasets: series.map((s) => ({
        label: s.label,
        data: s.points as Array<{ x: number; y: number }>,
        borderColor: s.color,
        backgroundColor: `${s.color}22`,
        borderWidth: 1.5,
        pointRadius: 0,
        pointHoverRadius: 3,
        tension: 0.2,
        fill: false,
      })),
    }),
    [series],
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
        tooltip: { callbacks: { title: (items) => (items[0] ? new Date(items[0].parsed.x ?? 0).toLocaleString() : '') } },
      },
      scales: {
        x: {
          type: 'linear',
          grid: { color: grid },
          ticks: { color: text, maxTicksLimit: 8, callback: (v) => formatTick(Number(v), span) },
        },
        y: { beginAtZero: true, grid: { color: grid }, ticks: { color: text, precision: 0 } },
      },
    };
  }, [theme, span]);

  return (
    <div style={{ position: 'relative', height }} role="img" aria-label={ariaLabel} data-testid="usage-chart">
      <Line data={data} options={options} />
    </div>
  );
}
