// /api-usage: what the API answered over a period (requests per route and status class, latency
// percentiles, per key, a chart over time), the plan's rate-limit windows with a countdown to
// each reset, and the temporary boost (request one; while one runs, its remaining time and the
// limits it raised). The analytics spend the usage API's 100 reads an hour: read on opening, on
// a period change and on Refresh, never polled. The rate-limit status is re-read when a window resets.
import { PeriodToggle } from '../../../components/PeriodToggle';
import Bolt from '@mui/icons-material/Bolt';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ApiUsageKey, ApiUsagePeriod, ApiUsageRoute } from '../../../../../shared/api/accounts/api-usage';
import type { RateLimitsResponse } from '../../../../../shared/api/accounts/api-keys';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDuration } from '../../../components/error-details';
import { Figure } from '../../../components/Figure';
import { Section } from '../../../components/Section';
import { StaleBanner } from '../../../components/StaleBanner';
import { EmptyState, ErrorState } from '../../../components/StateViews';
import { TwoLineCell } from '../../../components/TwoLineCell';
import { MONO_FONT } from '../../../lib/fonts';
import { useUrlState } from '../../../platform/navigation/url-state';
import { useIntent } from '../../../platform/page-hooks';
import { formatDateTime } from '../../../platform/relative-time';
import { serverNow } from '../../../platform/server-clock';
import { useLoaded } from '../../../platform/use-loaded';
import { LIMIT_NAMES, milliseconds, percent, raisedLimits, routeName } from './api-usage-format';
import { useApiUsage } from './api-usage-store';
import { BoostDialog } from './BoostDialog';
import { RequestsChart } from './RequestsChart';

const PERIODS: ReadonlyArray<[ApiUsagePeriod, string]> = [
  ['24h', '24 hours'],
  ['7d', '7 days'],
  ['30d', '30 days'],
];
const URL_DEFAULTS = { period: '24h' };
const isPeriod = (v: string): v is ApiUsagePeriod => PERIODS.some(([p]) => p === v);

/** The server's now, moved on every second while mounted: for the countdowns. */
function useServerNow(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const count = (n: number) => n.toLocaleString('en-US');
/** A table's height for its rows: the header and every row up to `maxRows`, then it scrolls; room for the empty state when none. */
const tableHeight = (rows: number, maxRows: number) => 42 + 48 * Math.min(maxRows, Math.max(rows, 3));
const planName = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);

const ROUTE_COLUMNS: readonly Column<ApiUsageRoute>[] = [
  {
    id: 'route',
    header: 'Route',
    width: 'minmax(320px, 3fr)',
    render: (r) => <TwoLineCell primary={routeName(r)} secondary={r.operationId ?? (r.kind === 'route' ? 'emulator route' : '—')} mono />,
    sortValue: (r) => routeName(r),
  },
  { id: 'requests', header: 'Requests', width: '120px', align: 'right', render: (r) => count(r.requests), sortValue: (r) => r.requests },
  ...(['2xx', '4xx', '5xx'] as const).map((c): Column<ApiUsageRoute> => ({
    id: c,
    header: c,
    width: '72px',
    align: 'right',
    render: (r) => count(r.byStatus[c]),
    sortValue: (r) => r.byStatus[c],
  })),
  {
    id: 'errors',
    header: 'Error rate',
    width: '120px',
    align: 'right',
    render: (r) => percent(r.errorRate),
    sortValue: (r) => r.errorRate,
  },
  ...(['p50', 'p95', 'p99'] as const).map((p): Column<ApiUsageRoute> => ({
    id: p,
    header: p,
    width: '88px',
    align: 'right',
    render: (r) => milliseconds(r.latencyMs[p]),
    sortValue: (r) => r.latencyMs[p],
  })),
];

const keyName = (k: ApiUsageKey) =>
  k.kind === 'anonymous' ? 'No valid key (401)' : k.kind === 'other' ? 'Other keys' : (k.name ?? 'Deleted key');

const KEY_COLUMNS: readonly Column<ApiUsageKey>[] = [
  {
    id: 'key',
    header: 'Key',
    width: 'minmax(240px, 3fr)',
    render: (k) => <TwoLineCell primary={keyName(k)} secondary={k.keyId ?? '—'} />,
    sortValue: keyName,
  },
  { id: 'requests', header: 'Requests', width: '120px', align: 'right', render: (k) => count(k.requests), sortValue: (k) => k.requests },
  {
    id: 'errors',
    header: 'Error rate',
    width: '120px',
    align: 'right',
    render: (k) => percent(k.errorRate),
    sortValue: (k) => k.errorRate,
  },
];

function Analytics({ period }: { period: ApiUsagePeriod }) {
  const { data, error, loading, reload, loadedAt } = useLoaded(`analytics:${period}`, (signal) =>
    useApiUsage.getState().readAnalytics(period, signal),
  );
  useIntent('page:refresh', reload);
  if (!data) {
    if (error) return <ErrorState title="Could not read the API usage" error={error} onRetry={reload} />;
    return <Skeleton variant="rounded" height={420} data-testid="api-usage-loading" />;
  }
  const { totals } = data;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {formatDateTime(data.periodStart)} – {formatDateTime(data.periodEnd)}
          {loadedAt !== null && ` · read ${formatDateTime(loadedAt)}`}
        </Typography>
        <Button size="small" startIcon={<Refresh />} onClick={reload} disabled={loading} data-testid="api-usage-refresh">
          Refresh
        </Button>
      </Stack>
      <StaleBanner error={error} title="Could not read the API usage" loadedAt={loadedAt} onRetry={reload} retrying={loading} />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 2 }} data-testid="api-usage-totals">
        <Figure label="Requests" value={count(totals.requests)} testId="api-usage-requests" />
        <Figure label="Error rate (4xx and 5xx)" value={percent(totals.errorRate)} testId="api-usage-error-rate" />
        <Figure label="p50 latency" value={totals.latencyMs ? milliseconds(totals.latencyMs.p50) : '—'} hint="Half took less" />
        <Figure label="p95 latency" value={totals.latencyMs ? milliseconds(totals.latencyMs.p95) : '—'} hint="95 in 100 took less" />
        <Figure label="p99 latency" value={totals.latencyMs ? milliseconds(totals.latencyMs.p99) : '—'} hint="99 in 100 took less" />
      </Box>
      <RequestsChart data={data} />
      <Section
        title="By route"
        description="Path templates, never the ids requested; latency percentiles within about 9%"
        variant="compact"
        testId="api-usage-routes"
      >
        <Box sx={{ height: tableHeight(data.routes.length, 10), display: 'flex' }}>
          <DataTable
            label="Requests by route"
            rows={data.routes}
            columns={ROUTE_COLUMNS}
            rowKey={(r) => `${r.kind} ${r.method} ${r.path}`}
            rowTestId={(r) => `api-usage-route-${r.method} ${r.path ?? ''}`.trim()}
            initialSort={{ columnId: 'requests', direction: 'desc' }}
            empty={<EmptyState title="No requests in this period">Calls made with any key show here.</EmptyState>}
          />
        </Box>
      </Section>
      <Section title="By key" description="Key ids and names, never values" variant="compact" testId="api-usage-keys">
        <Box sx={{ height: tableHeight(data.keys.length, 6), display: 'flex' }}>
          <DataTable
            label="Requests by key"
            rows={data.keys}
            columns={KEY_COLUMNS}
            rowKey={(k) => `${k.kind} ${k.keyId}`}
            initialSort={{ columnId: 'requests', direction: 'desc' }}
            empty={<EmptyState title="No keys used in this period" />}
          />
        </Box>
      </Section>
    </Stack>
  );
}

function LimitWindow({ name, status, now }: { name: string; status: RateLimitsResponse['limits']['read_operations']; now: number }) {
  const used = Math.max(0, status.limit - status.remaining);
  const left = Date.parse(status.reset_at) - now;
  return (
    <Box data-testid={`limit-${name}`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }} spacing={2}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {count(used)} / {count(status.limit)} used
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={status.limit > 0 ? Math.min(100, (used / status.limit) * 100) : 0}
        color={status.remaining / Math.max(1, status.limit) < 0.1 ? 'warning' : 'primary'}
        sx={{ my: 0.5, height: 6, borderRadius: 3 }}
        aria-label={`${name}: ${used} of ${status.limit} used`}
      />
      <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {count(status.remaining)} left · {left > 0 ? `resets in ${formatDuration(left / 1000)}` : 'resetting…'}
      </Typography>
    </Box>
  );
}

function Limits() {
  const { data, error, reload } = useLoaded('rate-limits', (signal) => useApiUsage.getState().readRateLimits(signal));
  const [boosting, setBoosting] = useState(false);
  const now = useServerNow();
  // A window that reset, or a boost that ended, is read again once (not polled).
  const nextChange = useMemo(() => {
    if (!data) return Infinity;
    const times = LIMIT_NAMES.map(([key]) => Date.parse(data.limits[key].reset_at));
    if (data.boost) times.push(Date.parse(data.boost.expires_at));
    return Math.min(...times);
  }, [data]);
  const [readFor, setReadFor] = useState(Infinity);
  useEffect(() => {
    if (now < nextChange || readFor === nextChange) return;
    setReadFor(nextChange);
    reload();
  }, [now, nextChange, readFor, reload]);
  const openBoost = useCallback(() => setBoosting(true), []);

  const body = !data ? (
    error ? (
      <ErrorState title="Could not read the rate limits" error={error} onRetry={reload} />
    ) : (
      <Skeleton variant="rounded" height={180} />
    )
  ) : (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <Section
        title="Rate-limit windows"
        description={`The ${planName(data.plan)} plan's hourly limits; each window resets on the hour`}
        variant="compact"
        testId="rate-limit-windows"
      >
        <Stack spacing={1.5}>
          {LIMIT_NAMES.map(([key, name]) => (
            <LimitWindow key={key} name={name} status={data.limits[key]} now={now} />
          ))}
        </Stack>
      </Section>
      <Section
        title="Temporary boost"
        variant="compact"
        testId="boost-panel"
        aside={
          <Button size="small" startIcon={<Bolt />} onClick={openBoost} data-testid="boost-open">
            {data.boost ? 'Replace boost' : 'Request boost'}
          </Button>
        }
      >
        {data.boost ? (
          <Stack spacing={1.5}>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
              <Figure label="Multiplier" value={`× ${data.boost.multiplier}`} />
              <Figure
                label="Remaining"
                value={formatDuration(Math.max(0, Date.parse(data.boost.expires_at) - now) / 1000)}
                hint={`Ends ${formatDateTime(data.boost.expires_at)}`}
                testId="boost-remaining"
              />
            </Box>
            <Typography variant="body2" color="text.secondary" noWrap title={data.boost.reason}>
              Reason: {data.boost.reason}
            </Typography>
            <Box component="table" sx={{ borderCollapse: 'collapse', '& td': { py: 0.25, pr: 2 } }} data-testid="boost-limits">
              <tbody>
                {raisedLimits(data).map((l) => (
                  <tr key={l.name}>
                    <td>{l.name}</td>
                    <Box component="td" sx={{ fontFamily: MONO_FONT, fontVariantNumeric: 'tabular-nums' }}>
                      {count(l.before)} → {count(l.after)} an hour
                    </Box>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Stack>
        ) : (
          <EmptyState title="No boost active">
            Expecting a burst (a launch, a migration)? Request a boost to multiply the plan&apos;s hourly limits for up to 7 days.
          </EmptyState>
        )}
      </Section>
    </Box>
  );
  return (
    <>
      {body}
      <BoostDialog open={boosting} onClose={() => setBoosting(false)} onBoosted={reload} />
      <BoostIntent onOpen={openBoost} />
    </>
  );
}

function BoostIntent({ onOpen }: { onOpen(): void }) {
  useIntent('api-usage:boost', onOpen);
  return null;
}

export default function ApiUsagePage() {
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const period: ApiUsagePeriod = isPeriod(params.period) ? params.period : '24h';
  return (
    <Stack spacing={2} data-testid="api-usage-page">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            API usage and limits
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Every request the API answered, by route, status and key. Reading it counts against the usage API&apos;s 100 an hour.
          </Typography>
        </Box>
        <PeriodToggle value={period} periods={PERIODS} onChange={(v) => setParams({ period: v })} testId="api-usage-period" />
      </Stack>
      <Limits />
      <Analytics period={period} />
    </Stack>
  );
}
