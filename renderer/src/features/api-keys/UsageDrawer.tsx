// Per-key usage: totals, a reads/writes/executions chart and the most-called endpoints,
// for a chosen period and granularity (apiKeys.usage).
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import type { ApiKey } from '../../../../shared/api/api-keys';
import { Granularity, UsagePeriod } from '../../../../shared/api/common';
import { EmptyState, ErrorState } from '../../components/StateViews';
import type { Series } from '../../components/TimeSeriesChart';
import type { TimeAxis } from '../../lib/time-axis';
import { MONO_FONT } from '../../lib/fonts';
import { useApiKeys } from './api-keys-store';
import { granularitiesFor, usageAxis, usageSeries } from './usage-series';

// Chart.js is the heaviest dependency of the area: load it when a usage panel first opens.
const TimeSeriesChart = lazy(() => import('../../components/TimeSeriesChart').then((m) => ({ default: m.TimeSeriesChart })));

/** A class that was not requested comes back as 0 (01-accounts.md, API key): the plan's limit applies. */
function limitText(value: number): string {
  return value > 0 ? value.toLocaleString() : 'plan';
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ flex: 1, p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider' }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" data-testid={`usage-${label.toLowerCase()}`}>
        {value.toLocaleString()}
      </Typography>
    </Box>
  );
}

export function UsageDrawer({ apiKey }: { apiKey: ApiKey | null }) {
  const theme = useTheme();
  const usage = useApiKeys((s) => s.usage);
  const loadUsage = useApiKeys((s) => s.loadUsage);
  const closeUsage = useApiKeys((s) => s.closeUsage);
  const open = apiKey !== null && usage.keyId === apiKey.id;

  const { series, axis } = useMemo<{ series: Series[]; axis: TimeAxis | null }>(() => {
    if (!usage.data) return { series: [], axis: null };
    const s = usageSeries(usage.data.timeline);
    return {
      series: [
        { label: 'Reads', color: theme.palette.primary.main, points: s.reads },
        { label: 'Writes', color: theme.palette.warning.main, points: s.writes },
        { label: 'Executions', color: theme.palette.secondary.main, points: s.executions },
      ],
      axis: usageAxis(s, usage.data.granularity, Date.now()),
    };
  }, [usage.data, theme]);

  const setPeriod = (period: UsagePeriod) => {
    if (!apiKey) return;
    const allowed = granularitiesFor(period);
    void loadUsage(apiKey.id, period, allowed.includes(usage.granularity) ? usage.granularity : allowed[allowed.length - 1]);
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={closeUsage}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 600 } } } }}
      data-testid="usage-drawer"
    >
      {apiKey && (
        <Stack spacing={2} sx={{ p: 2.5 }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" noWrap>
                Usage · {apiKey.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO_FONT }}>
                {apiKey.id} · {apiKey.prefix}…
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="key-limits">
                Limits per hour: {limitText(apiKey.rateLimit.reads)} reads · {limitText(apiKey.rateLimit.writes)} writes ·{' '}
                {limitText(apiKey.rateLimit.executions)} executions
              </Typography>
            </Box>
            <IconButton aria-label="Close usage" onClick={closeUsage}>
              <Close />
            </IconButton>
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={usage.period}
              onChange={(_, v: UsagePeriod | null) => v && setPeriod(v)}
              aria-label="Period"
            >
              {UsagePeriod.options.map((p) => (
                <ToggleButton key={p} value={p} aria-label={`Period ${p}`}>
                  {p}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={usage.granularity}
              onChange={(_, v: Granularity | null) => v && void loadUsage(apiKey.id, usage.period, v)}
              aria-label="Granularity"
            >
              {Granularity.options.map((g) => (
                <ToggleButton key={g} value={g} disabled={!granularitiesFor(usage.period).includes(g)} aria-label={`By ${g}`}>
                  by {g}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
          {usage.status === 'error' && usage.error ? (
            <ErrorState title="Could not load usage" error={usage.error} onRetry={() => void loadUsage(apiKey.id)} />
          ) : !usage.data ? (
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1.5}>
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} variant="rounded" height={64} sx={{ flex: 1 }} />
                ))}
              </Stack>
              <Skeleton variant="rounded" height={260} />
            </Stack>
          ) : (
            <Box sx={{ opacity: usage.status === 'loading' ? 0.6 : 1, transition: 'opacity 120ms' }}>
              <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
                <Stat label="Total" value={usage.data.usage.totalRequests} />
                <Stat label="Reads" value={usage.data.usage.reads} />
                <Stat label="Writes" value={usage.data.usage.writes} />
                <Stat label="Executions" value={usage.data.usage.executions} />
              </Stack>
              {usage.data.usage.totalRequests === 0 ? (
                <EmptyState title="No requests in this period">
                  Requests made with this key show up here. Choose a longer period, or use the key as a profile and call the API with it.
                </EmptyState>
              ) : (
                <>
                  <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
                    {axis && <TimeSeriesChart series={series} axis={axis} ariaLabel={`Requests of ${apiKey.name} over ${usage.period}`} />}
                  </Suspense>
                  {usage.data.topEndpoints.length > 0 && (
                    <Box sx={{ mt: 2 }}>
                      <Typography variant="subtitle2" gutterBottom>
                        Top endpoints
                      </Typography>
                      {usage.data.topEndpoints.map((e) => (
                        <Stack
                          key={`${e.method} ${e.endpoint}`}
                          direction="row"
                          spacing={1}
                          sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider', fontSize: 13 }}
                        >
                          <Box sx={{ width: 60, fontFamily: MONO_FONT, color: 'text.secondary' }}>{e.method}</Box>
                          <Box sx={{ flex: 1, fontFamily: MONO_FONT, overflow: 'hidden', textOverflow: 'ellipsis' }}>{e.endpoint}</Box>
                          <Box>{e.count.toLocaleString()}</Box>
                        </Stack>
                      ))}
                    </Box>
                  )}
                </>
              )}
            </Box>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
