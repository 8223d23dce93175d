// A key's configuration (permissions, scopes, expiry, per-key limits; Edit) over its usage:
// totals, a reads/writes/executions chart and the most-called endpoints, for a chosen period
// and granularity (apiKeys.usage).
import Close from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, lazy, Suspense, useMemo, type ReactNode } from 'react';
import type { ApiKey } from '../../../../../shared/api/accounts/api-keys';
import { Granularity, UsagePeriod } from '../../../../../shared/api/common';
import { RefreshFrame, StaleBanner } from '../../../components/StaleBanner';
import { EmptyState, ErrorState } from '../../../components/StateViews';
import { TagChips } from '../../../components/TagChips';
import type { Series } from '../../../components/TimeSeriesChart';
import type { TimeAxis } from '../../../lib/time-axis';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDateTime } from '../../../platform/relative-time';
import { serverNow } from '../../../platform/server-clock';
import { useApiKeys } from './api-keys-store';
import { expiryText, limitLines } from './key-display';
import { granularitiesFor, usageAxis, usageSeries } from './usage-series';

// Chart.js is the heaviest dependency of the area: load it when a usage panel first opens.
const TimeSeriesChart = lazy(() => import('../../../components/TimeSeriesChart').then((m) => ({ default: m.TimeSeriesChart })));

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ minWidth: 0, fontSize: 14 }} data-testid={testId}>
        {children}
      </Box>
    </>
  );
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

export interface UsageDrawerProps {
  apiKey: ApiKey | null;
  onEdit(key: ApiKey): void;
  /** Why the key cannot be edited (revoked, the owner key); null when it can. */
  editBlockedReason: string | null;
}

export function UsageDrawer({ apiKey, onEdit, editBlockedReason }: UsageDrawerProps) {
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
      // The server's now: its timeline ends with the bucket holding its now, not this machine's.
      axis: usageAxis(s, usage.data.granularity, serverNow()),
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
            </Box>
            <Tooltip title={editBlockedReason ?? ''}>
              <span>
                <Button
                  startIcon={<EditOutlined />}
                  onClick={() => onEdit(apiKey)}
                  disabled={editBlockedReason !== null}
                  size="small"
                  sx={{ mt: 0.5, mr: 0.5 }}
                >
                  Edit
                </Button>
              </span>
            </Tooltip>
            <IconButton aria-label="Close usage" onClick={closeUsage}>
              <Close />
            </IconButton>
          </Stack>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: '110px 1fr', columnGap: 2, rowGap: 1, alignItems: 'center' }}
            data-testid="key-facts"
          >
            <Fact label="Permissions">
              <TagChips values={apiKey.permissions} max={3} />
            </Fact>
            <Fact label="Scopes">
              <TagChips values={apiKey.scopes} max={7} />
            </Fact>
            <Fact label="Expires" testId="key-expiry">
              <Tooltip title={apiKey.expiresAt ? formatDateTime(apiKey.expiresAt) : ''}>
                <span>{expiryText(apiKey.expiresAt, serverNow())}</span>
              </Tooltip>
            </Fact>
            <Fact label="Per-key limits" testId="key-limits">
              {/* Lines break between classes, never inside one. */}
              {limitLines(apiKey.rateLimit).map((line, i) => (
                <Fragment key={line}>
                  {i > 0 && ' · '}
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {line}
                  </Box>
                </Fragment>
              ))}
            </Fact>
          </Box>
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
            <Tooltip title="Refresh">
              <span>
                <IconButton aria-label="Refresh usage" onClick={() => void loadUsage(apiKey.id)} disabled={usage.refreshing}>
                  <Refresh />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
          {usage.status === 'ready' && (
            <StaleBanner
              error={usage.error}
              title="Could not load usage"
              loadedAt={usage.loadedAt}
              onRetry={() => void loadUsage(apiKey.id)}
              retrying={usage.refreshing}
            />
          )}
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
            // Another period's read runs over the usage it replaces, like a refresh.
            <RefreshFrame
              stale={usage.status === 'ready' && usage.error !== null}
              refreshing={usage.refreshing || usage.status === 'loading'}
            >
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
            </RefreshFrame>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
