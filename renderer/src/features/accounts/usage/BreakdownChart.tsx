// The period's cost by service as a doughnut, with each service's amount and percentage as the
// summary answered them (never recomputed here: the API apportions the rounded total, so the
// amounts shown add up to the total shown). Slices toggle in the legend; PNG and CSV.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { ArcElement, Chart as ChartJS, DoughnutController, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { useMemo, useRef, useState } from 'react';
import { Chart } from 'react-chartjs-2';
import type { UsageService, UsageSummaryResponse } from '../../../../../shared/api/accounts/usage';
import { USAGE_SERVICES } from '../../../../../shared/api/accounts/usage';
import { exportCsv, exportPng } from '../../../components/charts/chart-export';
import { ChartFrame } from '../../../components/charts/ChartFrame';
import { toggled } from '../../../components/charts/ChartLegend';
import { formatMoney } from '../../../lib/money';
import { percentText, SERVICE_NAMES } from './usage-format';

ChartJS.register(ArcElement, DoughnutController, Tooltip);

const TITLE = 'Cost by service';
const NONE: ReadonlySet<string> = new Set();

export function BreakdownChart({ summary }: { summary: UsageSummaryResponse }) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(NONE);
  const colours: Record<UsageService, string> = {
    compute: theme.palette.primary.main,
    storage: theme.palette.success.main,
    dataTransfer: theme.palette.warning.main,
    other: theme.palette.grey[500],
  };
  const money = (v: number) => formatMoney(v, summary.currency);
  const shown = USAGE_SERVICES.filter((s) => !hidden.has(s));
  const data: ChartData<'doughnut', number[], string> = {
    labels: shown.map((s) => SERVICE_NAMES[s]),
    datasets: [
      {
        data: shown.map((s) => summary.breakdown[s].cost),
        backgroundColor: shown.map((s) => colours[s]),
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
        tooltip: { callbacks: { label: (item) => `${item.label}: ${formatMoney(Number(item.raw), summary.currency)}` } },
      },
    }),
    [summary.currency],
  );

  return (
    <ChartFrame
      title={TITLE}
      hint="Amounts and shares as the bill answers them"
      testId="usage-breakdown"
      empty={
        summary.summary.totalCost === 0
          ? { title: 'Nothing spent in this period', text: 'Costs appear once a cluster, endpoint or job runs.' }
          : null
      }
      onExportPng={() => exportPng(TITLE, [box.current?.querySelector('canvas') ?? null], theme.palette.background.paper)}
      onExportCsv={() =>
        exportCsv(
          TITLE,
          ['service', 'cost', 'percentage'],
          USAGE_SERVICES.map((s) => [SERVICE_NAMES[s], summary.breakdown[s].cost, summary.breakdown[s].percentage]),
        )
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '180px minmax(0, 1fr)', gap: 2, alignItems: 'center' }}>
        <div ref={box} style={{ position: 'relative', height: 180 }} role="img" aria-label="Cost by service">
          <Chart type="doughnut" data={data} options={options} />
        </div>
        <Box
          component="table"
          aria-label="Cost by service"
          sx={{
            borderCollapse: 'collapse',
            width: '100%',
            '& td': { py: 0.5, pr: 1, typography: 'body2', fontVariantNumeric: 'tabular-nums' },
            '& td.num': { textAlign: 'right' },
            '& button': { all: 'unset', cursor: 'pointer', display: 'flex', alignItems: 'center', gap: 1 },
            '& button:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
            '& button[aria-pressed="false"]': { color: 'text.disabled' },
          }}
        >
          <tbody>
            {USAGE_SERVICES.map((s) => {
              const on = !hidden.has(s);
              return (
                <tr key={s} data-testid={`usage-breakdown-${s}`}>
                  <td>
                    <button
                      type="button"
                      aria-pressed={on}
                      title={`${on ? 'Hide' : 'Show'} ${SERVICE_NAMES[s]}`}
                      onClick={() => setHidden((h) => toggled(h, s))}
                    >
                      <Box
                        component="span"
                        sx={{ width: 12, height: 12, borderRadius: '3px', border: 2, borderStyle: 'solid', flex: 'none' }}
                        style={{ borderColor: colours[s], background: on ? colours[s] : 'transparent' }}
                      />
                      {SERVICE_NAMES[s]}
                    </button>
                  </td>
                  <td className="num" data-testid="amount">
                    {money(summary.breakdown[s].cost)}
                  </td>
                  <td className="num">{percentText(summary.breakdown[s].percentage)}</td>
                </tr>
              );
            })}
          </tbody>
        </Box>
      </Box>
    </ChartFrame>
  );
}
