// The period's cost by service as a doughnut, with each service's amount and percentage as the
// summary answered them (never recomputed here: the API apportions the rounded total, so the
// amounts shown add up to the total shown). Slices toggle in the legend; PNG and CSV.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { UsageService, UsageSummaryResponse } from '../../../../../shared/api/accounts/usage';
import { exportCsv, exportPng } from '../../../components/charts/chart-export';
import { ChartFrame } from '../../../components/charts/ChartFrame';
import { toggled } from '../../../components/charts/ChartLegend';
import { formatMoney } from '../../../lib/money';
import { percentText, SERVICE_NAMES, SERVICES } from './usage-format';

const Doughnut = lazy(() => import('./Doughnut'));

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
  const money = useCallback((v: number) => formatMoney(v, summary.currency), [summary.currency]);
  const slices = SERVICES.filter((s) => !hidden.has(s)).map((s) => ({
    label: SERVICE_NAMES[s],
    value: summary.breakdown[s].cost,
    color: colours[s],
  }));

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
          SERVICES.map((s) => [SERVICE_NAMES[s], summary.breakdown[s].cost, summary.breakdown[s].percentage]),
        )
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '180px minmax(0, 1fr)', gap: 2, alignItems: 'center' }}>
        <div ref={box}>
          <Suspense fallback={<Skeleton variant="circular" width={180} height={180} />}>
            <Doughnut slices={slices} formatValue={money} label="Cost by service" />
          </Suspense>
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
            {SERVICES.map((s) => {
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
