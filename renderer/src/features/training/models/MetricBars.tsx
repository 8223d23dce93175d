// One metric across a few subjects (models compared, a model's versions) as horizontal bars,
// the best one coloured: few bars, so Chart.js's defaults (parsing, a category axis) are fine;
// animation stays off as elsewhere.
import { useTheme } from '@mui/material/styles';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useRef } from 'react';
import { Bar } from 'react-chartjs-2';
import { exportCsv, exportPng } from '../../../components/charts/chart-export';

ChartJS.register(CategoryScale, LinearScale, BarController, BarElement, Tooltip);

export interface Bar {
  label: string;
  value: number | null;
  best?: boolean;
}

/** A label cut to what fits beside the bars; the tooltip has it whole. */
const shortLabel = (s: string) => (s.length > 28 ? `${s.slice(0, 27)}…` : s);

export function MetricBars({
  bars,
  ariaLabel,
  formatValue,
  formatAxis = formatValue,
  testId,
}: {
  bars: readonly Bar[];
  ariaLabel: string;
  /** A value as the tooltip shows it. */
  formatValue(value: number): string;
  /** A tick of the value axis (shorter than the tooltip's, e.g. `1.5 h`). */
  formatAxis?(value: number): string;
  testId?: string;
}) {
  const theme = useTheme();
  const data = useMemo<ChartData<'bar', Array<number | null>, string>>(
    () => ({
      labels: bars.map((b) => shortLabel(b.label)),
      datasets: [
        {
          data: bars.map((b) => b.value),
          backgroundColor: bars.map((b) => (b.best ? theme.palette.success.main : theme.palette.primary.main)),
          borderWidth: 0,
          maxBarThickness: 22,
        },
      ],
    }),
    [bars, theme],
  );
  const options = useMemo<ChartOptions<'bar'>>(() => {
    const grid = theme.palette.divider;
    const text = theme.palette.text.secondary;
    return {
      indexAxis: 'y',
      animation: false,
      maintainAspectRatio: false,
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items) => bars[items[0]?.dataIndex ?? 0]?.label ?? '',
            label: (item) => (item.parsed.x === null ? '—' : formatValue(item.parsed.x)),
          },
        },
      },
      scales: {
        x: {
          beginAtZero: true,
          grid: { color: grid },
          ticks: { color: text, maxTicksLimit: 6, maxRotation: 0, callback: (v) => formatAxis(Number(v)) },
        },
        y: { grid: { display: false }, ticks: { color: text, autoSkip: false } },
      },
    };
  }, [theme, bars, formatValue, formatAxis]);
  const chart = useRef<ChartJS<'bar', Array<number | null>, string> | null>(null);
  // Exports like every chart of the console: the picture on the theme's background, the values as CSV.
  const png = () => exportPng(ariaLabel, [chart.current?.canvas ?? null], theme.palette.background.paper);
  const csv = () =>
    exportCsv(
      ariaLabel,
      ['subject', 'value', 'best'],
      bars.map((b) => [b.label, b.value, b.best ? 'yes' : '']),
    );
  return (
    <Stack spacing={0.5} data-testid={testId}>
      <div style={{ position: 'relative', height: 28 + bars.length * 30 }} role="img" aria-label={ariaLabel}>
        <Bar ref={chart} data={data} options={options} />
      </div>
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" startIcon={<Download fontSize="small" />} onClick={png} aria-label={`Save ${ariaLabel} as PNG`}>
          PNG
        </Button>
        <Button size="small" startIcon={<Download fontSize="small" />} onClick={csv} aria-label={`Save ${ariaLabel} as CSV`}>
          CSV
        </Button>
      </Stack>
    </Stack>
  );
}
