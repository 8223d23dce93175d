// The month chart: the calendar month's cumulative spend so far, the forecast's expected line
// and its band to the month's end, and each monthly cost alert as a level line; the method and
// the confidence in words under it. Legend toggles, crosshair, PNG and CSV as every chart.
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useMemo, useRef, useState } from 'react';
import { Chart } from 'react-chartjs-2';
import type { DetailedUsageResponse, UsageAlert } from '../../../../../shared/api/accounts/usage';
import { exportCsv, exportPng } from '../../../components/charts/chart-export';
import { ChartFrame } from '../../../components/charts/ChartFrame';
import { ChartLegend, toggled } from '../../../components/charts/ChartLegend';
import { crosshairPlugin } from '../../../components/charts/crosshair';
import { formatMoney } from '../../../lib/money';
import { forecastWords, monthChartData } from './month-chart-data';

ChartJS.register(CategoryScale, LinearScale, LineController, LineElement, PointElement, Filler, Tooltip);

const TITLE = 'This month: spend and forecast';
const NONE: ReadonlySet<string> = new Set();
const THRESHOLD_COLOURS = ['#e8a33d', '#d9534f', '#9c27b0', '#795548'];

const dayLabel = (ms: number, timeZone: string) => new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone });

export function MonthChart({ detailed, alerts }: { detailed: DetailedUsageResponse; alerts: readonly UsageAlert[] }) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(NONE);
  const { points, thresholds } = useMemo(() => monthChartData(detailed, alerts), [detailed, alerts]);
  const money = useMemo(() => (v: number) => formatMoney(v, detailed.currency), [detailed.currency]);
  const spent = theme.palette.primary.main;
  const expected = theme.palette.mode === 'dark' ? '#90caf9' : '#1565c0';
  const band = alpha(expected, 0.18);

  const entries = useMemo(
    () => [
      { key: 'actual', label: 'Spent so far', color: spent },
      { key: 'expected', label: 'Expected', color: expected },
      { key: 'band', label: `${Math.round(detailed.projections.confidence * 100)} % interval`, color: band },
      ...thresholds.map((t, i) => ({ key: t.id, label: `${t.name} (${money(t.amount)})`, color: THRESHOLD_COLOURS[i % 4]! })),
    ],
    [spent, expected, band, thresholds, money, detailed.projections.confidence],
  );

  const data = useMemo<ChartData<'line', Array<number | null>, string>>(() => {
    const labels = points.map((p) => dayLabel(p.date, detailed.timezone));
    const sets: ChartData<'line', Array<number | null>, string>['datasets'] = [];
    if (!hidden.has('band')) {
      sets.push(
        { label: 'Low', data: points.map((p) => p.low), borderWidth: 0, pointRadius: 0, fill: false, backgroundColor: band },
        { label: 'High', data: points.map((p) => p.high), borderWidth: 0, pointRadius: 0, fill: '-1', backgroundColor: band },
      );
    }
    if (!hidden.has('expected'))
      sets.push({
        label: 'Expected',
        data: points.map((p) => p.expected),
        borderColor: expected,
        backgroundColor: expected,
        borderDash: [6, 4],
        borderWidth: 2,
        pointRadius: 0,
      });
    if (!hidden.has('actual'))
      sets.push({
        label: 'Spent so far',
        data: points.map((p) => p.actual),
        borderColor: spent,
        backgroundColor: spent,
        borderWidth: 2,
        pointRadius: 2,
      });
    thresholds.forEach((t, i) => {
      if (hidden.has(t.id)) return;
      const colour = THRESHOLD_COLOURS[i % 4]!;
      sets.push({
        label: t.name,
        data: points.map(() => t.amount),
        borderColor: colour,
        backgroundColor: colour,
        borderWidth: 1.5,
        borderDash: [2, 3],
        pointRadius: 0,
      });
    });
    return { labels, datasets: sets };
  }, [points, thresholds, hidden, detailed.timezone, band, expected, spent]);

  const options = useMemo<ChartOptions<'line'>>(() => {
    const grid = theme.palette.divider;
    const text = theme.palette.text.secondary;
    return {
      animation: false,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { display: false },
        tooltip: {
          filter: (item) => item.parsed.y !== null,
          callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${money(item.parsed.y ?? 0)}` },
        },
      },
      scales: {
        x: { grid: { color: grid }, ticks: { color: text, maxRotation: 0, autoSkip: true, autoSkipPadding: 12 } },
        y: { beginAtZero: true, grid: { color: grid }, ticks: { color: text, callback: (v) => money(Number(v)) } },
      },
    };
  }, [theme, money]);
  const plugins = useMemo(() => [crosshairPlugin<'line'>(theme.palette.text.secondary)], [theme]);

  return (
    <ChartFrame
      title={TITLE}
      hint={`Cumulative, by day of ${detailed.timezone}; the band is the forecast's prediction interval`}
      testId="usage-month-chart"
      empty={
        points.length === 0
          ? { title: 'No spending this month yet', text: 'Start a cluster or an endpoint: its cost appears here by the day.' }
          : null
      }
      onExportPng={() => exportPng(TITLE, [box.current?.querySelector('canvas') ?? null], theme.palette.background.paper)}
      onExportCsv={() =>
        exportCsv(
          TITLE,
          ['date', 'spent_so_far', 'expected', 'low', 'high', ...thresholds.map((t) => `alert ${t.name}`)],
          points.map((p) => [new Date(p.date).toISOString(), p.actual, p.expected, p.low, p.high, ...thresholds.map((t) => t.amount)]),
        )
      }
    >
      <div
        ref={box}
        style={{ position: 'relative', height: 260 }}
        role="img"
        aria-label="The month's cumulative spend and its forecast band against the monthly cost alerts"
      >
        <Chart type="line" data={data} options={options} plugins={plugins} />
      </div>
      <ChartLegend
        inline
        label="Month chart series"
        entries={entries}
        hidden={hidden}
        onToggle={(k) => setHidden((h) => toggled(h, k))}
        onSetHidden={setHidden}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="usage-forecast-words">
        {forecastWords(detailed.projections, money)}
      </Typography>
    </ChartFrame>
  );
}
