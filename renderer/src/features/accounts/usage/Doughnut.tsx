// The breakdown's doughnut on its Chart.js canvas: a chunk of its own (with Chart.js), so that
// the dashboard's figures and amounts are drawn before the charts' code has arrived.
import { useTheme } from '@mui/material/styles';
import { ArcElement, Chart as ChartJS, DoughnutController, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';

ChartJS.register(ArcElement, DoughnutController, Tooltip);

export interface Slice {
  label: string;
  value: number;
  color: string;
}

export default function Doughnut({
  slices,
  formatValue,
  label,
}: {
  slices: readonly Slice[];
  formatValue(v: number): string;
  label: string;
}) {
  const theme = useTheme();
  const data: ChartData<'doughnut', number[], string> = {
    labels: slices.map((s) => s.label),
    datasets: [
      {
        data: slices.map((s) => s.value),
        backgroundColor: slices.map((s) => s.color),
        borderColor: theme.palette.background.paper,
        borderWidth: 2,
      },
    ],
  };
  const options = useMemo<ChartOptions<'doughnut'>>(
    () => ({
      animation: false,
      maintainAspectRatio: false,
      cutout: '62%',
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (item) => `${item.label}: ${formatValue(Number(item.raw))}` } },
      },
    }),
    [formatValue],
  );
  return (
    <div style={{ position: 'relative', height: 180 }} role="img" aria-label={label}>
      <Chart type="doughnut" data={data} options={options} />
    </div>
  );
}
