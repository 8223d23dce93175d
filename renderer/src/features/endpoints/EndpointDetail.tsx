// /endpoints/<id>: one endpoint's status, readiness and liveness, its detailed health report,
// the rollout of a configuration change while it runs, and the configuration editor. Read
// again every few seconds while the endpoint starts or rolls out a change. The Analytics tab
// (/endpoints/<id>/analytics) reads its logs' figures.
import ArrowBack from '@mui/icons-material/ArrowBack';
import Refresh from '@mui/icons-material/Refresh';
import Tune from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { Endpoint } from '../../../../shared/api/endpoints/endpoint';
import { navigate } from '../../platform/navigation/hash-router';
import { useIntent, useOnProfileSwitch, usePageKeys } from '../../platform/page-hooks';
import { CopyButton } from '../../components/CopyButton';
import { OpenLogsButton } from '../../components/OpenLogsButton';
import { ErrorAlert } from '../../components/ErrorAlert';
import { RefreshFrame, StaleBanner } from '../../components/StaleBanner';
import { ErrorState } from '../../components/StateViews';
import { MONO_FONT } from '../../lib/fonts';
import { gpuName } from '../../lib/format';
import { relativeTime } from '../../platform/relative-time';
import { usePolling } from '../../lib/use-polling';
import { ChangeList } from './ChangeList';
import { ConfigDialog } from './ConfigDialog';
import type { ConfigChange } from './config-form';
import { isMoving } from './endpoint-logic';
import { useEndpoints, type EndpointDetailState } from './endpoints-store';
import { ChecksPanel, ConfigurationPanel, IssuesPanel, ReadinessPanel, ResourcesPanel, StartupPanel, TrafficPanel } from './HealthSections';
import { SignalChip, StatusChip } from './StatusChip';

const AnalyticsTab = lazy(() => import('./AnalyticsTab').then((m) => ({ default: m.AnalyticsTab })));

const DETAIL_POLL_MS = 2_000;

export type EndpointTab = 'health' | 'analytics';
const tabPath = (id: string, tab: EndpointTab) => `/endpoints/${encodeURIComponent(id)}${tab === 'analytics' ? '/analytics' : ''}`;

/** `v1.7.8` as it comes, `1.7.8` with its v. */
const versionText = (v: string) => (/^v/i.test(v) ? v : `v${v}`);

function Header({
  detail,
  onRefresh,
  onConfigure,
}: {
  detail: EndpointDetailState & { endpoint: Endpoint };
  onRefresh(): void;
  onConfigure(): void;
}) {
  const { endpoint, ready, live } = detail;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" noWrap>
            {endpoint.name}
          </Typography>
          <StatusChip status={endpoint.status} size="medium" testId="endpoint-detail-status" />
          {endpoint.status === 'updating' && <StatusChip status={endpoint.health} />}
          {ready && <SignalChip label="Ready" ok={ready.ready} testId="endpoint-ready" />}
          {live && <SignalChip label="Alive" ok={live.alive} testId="endpoint-live" />}
        </Stack>
        <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {endpoint.modelId ? (
            <Link
              href={`#/models/${encodeURIComponent(endpoint.modelId)}`}
              title="The registry model this endpoint serves"
              data-testid="endpoint-model"
            >
              {endpoint.model}
            </Link>
          ) : (
            endpoint.model
          )}{' '}
          · {gpuName(endpoint.gpuType)} · {versionText(endpoint.version)}
          {live && live.alive ? ` · up ${live.uptime}` : ''} · updated {relativeTime(endpoint.updatedAt)}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.25 }}>
          <Typography variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 13 }} color="text.secondary">
            {endpoint.id} · {endpoint.url}
          </Typography>
          <CopyButton value={endpoint.url} label="Copy invoke path" />
        </Stack>
      </Box>
      <Tooltip title="Refresh">
        <span>
          <IconButton aria-label="Refresh endpoint" onClick={onRefresh} disabled={detail.refreshing}>
            <Refresh />
          </IconButton>
        </span>
      </Tooltip>
      <OpenLogsButton source={{ kind: 'endpoint', id: endpoint.id }} />
      <Button variant="contained" startIcon={<Tune />} onClick={onConfigure} data-testid="configure-endpoint">
        Configure
      </Button>
    </Stack>
  );
}

function RolloutBanner({ endpoint, changes }: { endpoint: Endpoint; changes: ConfigChange[] | null }) {
  const rollout = endpoint.rollout;
  if (endpoint.status !== 'updating' || !rollout) return null;
  return (
    <Alert severity="info" data-testid="rollout-progress" sx={{ '& .MuiAlert-message': { flex: 1 } }}>
      <AlertTitle>
        Rolling out a configuration change · {Math.round(rollout.progress)}% · done {relativeTime(rollout.estimatedCompletion)}
      </AlertTitle>
      <LinearProgress
        variant="determinate"
        value={rollout.progress}
        sx={{ my: 1, height: 6, borderRadius: 3 }}
        aria-label="Rollout progress"
      />
      {changes && changes.length > 0 && <ChangeList changes={changes} testId="rollout-changes" />}
    </Alert>
  );
}

export function EndpointDetail({ id, tab = 'health' }: { id: string; tab?: EndpointTab }) {
  const detail = useEndpoints((s) => s.details[id]);
  const [configuring, setConfiguring] = useState(false);
  const reload = useCallback(() => void useEndpoints.getState().loadOne(id), [id]);
  useEffect(reload, [reload]);
  useIntent('page:refresh', reload);
  useIntent(
    'endpoints:configure',
    useCallback(() => setConfiguring(true), []),
  );
  useOnProfileSwitch(reload);
  usePageKeys(useMemo(() => ({ a: () => navigate(tabPath(id, 'analytics')) }), [id]));
  usePolling(Boolean(detail?.endpoint && isMoving(detail.endpoint.status)), DETAIL_POLL_MS, reload);

  const endpoint = detail?.endpoint ?? null;
  if (!detail || !endpoint) {
    if (detail?.status === 'error' && detail.error)
      return (
        <ErrorState
          title={detail.error.status === 404 ? `No endpoint ${id}` : 'Could not load the endpoint'}
          error={detail.error}
          onRetry={reload}
        />
      );
    return (
      <Stack spacing={2} aria-busy aria-label="Loading endpoint">
        <Skeleton variant="text" width={320} height={40} />
        <Skeleton variant="rounded" height={360} />
      </Stack>
    );
  }

  const { health, ready } = detail;
  return (
    <Stack spacing={2} sx={{ pb: 2 }} data-testid="endpoint-detail">
      <Button startIcon={<ArrowBack />} href="#/endpoints" size="small" sx={{ alignSelf: 'flex-start' }}>
        Endpoints
      </Button>
      <Header detail={{ ...detail, endpoint }} onRefresh={reload} onConfigure={() => setConfiguring(true)} />
      <StaleBanner
        error={detail.error}
        title="Could not load the endpoint"
        loadedAt={detail.loadedAt}
        onRetry={reload}
        retrying={detail.refreshing}
      />
      <Tabs
        value={tab}
        onChange={(_, next: EndpointTab) => navigate(tabPath(id, next))}
        aria-label="Endpoint sections"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
      >
        <Tab value="health" label="Health" id="endpoint-tab-health" aria-controls="endpoint-panel" />
        <Tab value="analytics" label="Analytics" id="endpoint-tab-analytics" aria-controls="endpoint-panel" />
      </Tabs>
      {tab === 'analytics' ? (
        <Box role="tabpanel" id="endpoint-panel" aria-labelledby="endpoint-tab-analytics">
          <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
            <AnalyticsTab endpointId={id} status={endpoint.status} requestsLastHour={endpoint.metrics.requestsLastHour} />
          </Suspense>
        </Box>
      ) : (
        <RefreshFrame stale={Boolean(detail.error)} refreshing={detail.refreshing}>
          <Stack spacing={2} role="tabpanel" id="endpoint-panel" aria-labelledby="endpoint-tab-health">
            <RolloutBanner endpoint={endpoint} changes={detail.rolloutChanges} />
            {detail.healthError && <ErrorAlert error={detail.healthError} />}
            {health?.startupProgress && <StartupPanel progress={health.startupProgress} />}
            {health && <IssuesPanel health={health} endpoint={endpoint} />}
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
              {health?.metrics && <TrafficPanel metrics={health.metrics} />}
              <ConfigurationPanel configuration={endpoint.configuration} />
              {health && <ChecksPanel health={health} />}
              {health?.resources && <ResourcesPanel resources={health.resources} />}
              {ready && <ReadinessPanel ready={ready} />}
            </Box>
            {health && (
              <Typography variant="caption" color="text.secondary">
                Health checked {relativeTime(health.lastChecked)} ({health.check} check, {health.responseTime.toLocaleString('en-US')} ms) ·
                uptime {health.uptime}
              </Typography>
            )}
          </Stack>
        </RefreshFrame>
      )}
      <ConfigDialog endpoint={endpoint} open={configuring} onClose={() => setConfiguring(false)} />
    </Stack>
  );
}
