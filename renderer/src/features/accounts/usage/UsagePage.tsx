// /usage: what the account spends and why. The period's cost with its trend, compute hours,
// executions and data transfer; the cost by service; the cost over time; this month's spend with
// its forecast band against the monthly alerts; where the money went (every cost leads to the
// resource that spent it); cost by GPU type; endpoint usage; alerts; idle GPU money. Every read
// counts against the usage API's 100 an hour: each is read once per period (kept five minutes,
// usage-store.ts), again on Refresh, and in the background at the pace the read budget allows.
import { PeriodToggle } from '../../../components/PeriodToggle';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useCallback } from 'react';
import type { UsagePeriod } from '../../../../../shared/api/accounts/usage';
import { Figure } from '../../../components/Figure';
import { RefreshPaceNote } from '../../../components/RefreshPaceNote';
import { Section } from '../../../components/Section';
import { formatMoney } from '../../../lib/money';
import { useUrlState } from '../../../platform/navigation/url-state';
import { useIntent } from '../../../platform/page-hooks';
import { formatDate } from '../../../platform/relative-time';
import { useBudgetedPolling } from '../../../platform/use-budgeted-polling';
import { AlertsPanel } from './AlertsPanel';
import { BreakdownChart } from './BreakdownChart';
import { CostsPanel } from './CostsPanel';
import { EndpointsPanel } from './EndpointsPanel';
import { GpuPanel } from './GpuPanel';
import { IdleGpuPanel } from './IdleGpuPanel';
import { TimelineChart } from './TimelineChart';
import { count, detailedPeriodOf, hours, PERIOD_LABELS } from './usage-format';
import { URL_DEFAULTS, usageChoices } from './usage-params';
import { DASHBOARD_READS, FRESH_MS, useUsage, type Granularity } from './usage-store';
import { PanelPending } from './UsageStates';
import { useUsageRead } from './use-usage-read';

// The month chart with Chart.js and the forecast's figures: drawn once its chunk arrives, after the figures.
const MonthChart = lazy(() => import('./MonthChart').then((m) => ({ default: m.MonthChart })));

/** Brings a panel into view (a palette command's target). */
function scrollTo(testId: string): void {
  requestAnimationFrame(() => document.querySelector(`[data-testid="${testId}"]`)?.scrollIntoView({ block: 'start' }));
}

function SummaryPanel({ period }: { period: UsagePeriod }) {
  const { data, error, reload } = useUsageRead(`summary:${period}`, () => useUsage.getState().summary(period));
  if (!data) return <PanelPending title="Could not read the usage summary" error={error} onRetry={reload} height={260} />;
  const { summary } = data;
  const money = (v: number) => formatMoney(v, data.currency);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.4fr)', gap: 2 }}>
      <Section title="This period" variant="compact" testId="usage-summary">
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
          <Figure
            label="Cost"
            value={money(summary.totalCost)}
            hint={`${summary.costTrend === 'n/a' ? 'No cost in the period before' : `${summary.costTrend} on the ${PERIOD_LABELS.find(([p]) => p === period)![1].toLowerCase()} before`} · ${money(summary.averageDailyCost)} a day`}
            testId="usage-total"
          />
          <Figure label="Compute" value={hours(summary.totalComputeHours)} hint="GPU-hours" testId="usage-compute-hours" />
          <Figure label="Endpoint executions" value={count(summary.totalEndpointExecutions)} testId="usage-executions" />
          <Figure label="Data transfer" value={summary.totalDataTransfer} hint="Downloads and log downloads" testId="usage-transfer" />
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          {formatDate(data.periodStart)} – {formatDate(data.periodEnd)}, days of {data.timezone}
        </Typography>
      </Section>
      <BreakdownChart summary={data} />
    </Box>
  );
}

function TimelinePanel({
  period,
  granularity,
  onGranularity,
}: {
  period: UsagePeriod;
  granularity: Granularity;
  onGranularity(g: Granularity): void;
}) {
  const detailedPeriod = detailedPeriodOf(period);
  const { data, error, reload } = useUsageRead(`detailed:${detailedPeriod}:${granularity}`, () =>
    useUsage.getState().detailed(detailedPeriod, granularity),
  );
  if (!data) return <PanelPending title="Could not read the timeline" error={error} onRetry={reload} height={320} />;
  const note =
    detailedPeriod !== period
      ? `The timeline goes back 90 days at most: the last 90 days, by ${granularity}, days of ${data.timezone}`
      : undefined;
  return <TimelineChart detailed={data} granularity={granularity} onGranularity={onGranularity} note={note} />;
}

/** The month chart and the alerts beside it: the month's reads do not depend on the period. */
function MonthPanel() {
  const month = useUsageRead('detailed:30d:day', () => useUsage.getState().detailed('30d', 'day'));
  const alerts = useUsageRead('alerts', () => useUsage.getState().alerts());
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(280px, 1fr)', gap: 2, alignItems: 'start' }}>
      {month.data && alerts.data ? (
        <Suspense fallback={<Skeleton variant="rounded" height={380} />}>
          <MonthChart detailed={month.data} alerts={alerts.data.alerts} />
        </Suspense>
      ) : (
        <PanelPending
          title="Could not read this month's forecast"
          error={month.error ?? alerts.error}
          onRetry={month.error ? month.reload : alerts.reload}
          height={340}
        />
      )}
      {alerts.data ? (
        <AlertsPanel data={alerts.data} />
      ) : (
        <PanelPending title="Could not read the alerts" error={alerts.error} onRetry={alerts.reload} height={340} />
      )}
    </Box>
  );
}

export default function UsagePage() {
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const { period, granularity, by, currency, idleThreshold } = usageChoices(params);
  const refresh = useCallback(() => useUsage.getState().refresh(), []);
  useIntent('page:refresh', refresh);
  useIntent('usage:idle-gpus', () => scrollTo('usage-idle'));
  useIntent('usage:costs', () => {
    setParams({ by: 'resource' });
    scrollTo('usage-costs');
  });
  // The background refresh: every five minutes at most, slower when the usage group's share of
  // the read budget says so (the note says the pace then).
  const pace = useBudgetedPolling(true, 'usage', FRESH_MS, refresh, DASHBOARD_READS);

  return (
    <Stack spacing={2} data-testid="usage-page">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            Usage and costs
          </Typography>
          <Typography variant="body2" color="text.secondary">
            What the account spent and why, in days of the account&apos;s billing time zone. Each read counts against the usage API&apos;s
            100 an hour; answers are kept for five minutes.
          </Typography>
        </Box>
        <PeriodToggle value={period} periods={PERIOD_LABELS} onChange={(v) => setParams({ period: v })} testId="usage-period" />
        <Button size="small" startIcon={<Refresh />} onClick={refresh} data-testid="usage-refresh">
          Refresh
        </Button>
      </Stack>
      <RefreshPaceNote pace={pace} following onRefresh={refresh} />
      <SummaryPanel period={period} />
      <TimelinePanel period={period} granularity={granularity} onGranularity={(g) => setParams({ granularity: g })} />
      <MonthPanel />
      <CostsPanel
        period={period}
        breakdown={by}
        currency={currency}
        onChange={(patch) => setParams({ ...(patch.by ? { by: patch.by } : {}), ...(patch.currency ? { currency: patch.currency } : {}) })}
      />
      <IdleGpuPanel period={period} threshold={idleThreshold} onThreshold={(t) => setParams({ idle: String(t) })} />
      <GpuPanel period={period} />
      <EndpointsPanel period={period} />
    </Stack>
  );
}
