// Idle GPU money: per cluster, the GPU-hours paid while the hour's mean utilisation stayed under
// the threshold (adjustable), and what they cost; a link to the cluster's metrics at its longest
// idle run, and "Stop cluster", confirmed with what stops and what it saves an hour.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { IdleCluster, UsageCurrency, UsagePeriod } from '../../../../../shared/api/accounts/usage';
import type { ClusterResponse } from '../../../../../shared/api/clusters/cluster';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { Section } from '../../../components/Section';
import { EmptyState } from '../../../components/StateViews';
import { TwoLineCell } from '../../../components/TwoLineCell';
import { formatHourly, formatMoney } from '../../../lib/money';
import { metricsAtPath } from '../../../platform/navigation/links';
import { formatDateTime } from '../../../platform/relative-time';
import { hours, percentText, resourcePath } from './usage-format';
import { IDLE_THRESHOLDS } from './usage-params';
import { useUsage } from './usage-store';
import { PanelPending } from './UsageStates';
import { useUsageRead } from './use-usage-read';

/** "16 h from Nov 1, 07:00": the run's length and its start, short enough for its column. */
function idleRunText(run: { start: string; end: string }): string {
  const start = Date.parse(run.start);
  const when = new Date(start).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${hours((Date.parse(run.end) - start) / 3_600_000)} from ${when}`;
}

const RUNNING = new Set(['running', 'starting', 'restarting']);

function columns(currency: UsageCurrency, onStop: (c: IdleCluster) => void): Column<IdleCluster>[] {
  return [
    {
      id: 'name',
      header: 'Cluster',
      width: 'minmax(200px, 2fr)',
      render: (c) => (
        <TwoLineCell
          primary={
            <Link href={`#${resourcePath('cluster', c.clusterId)}`} onClick={(e) => e.stopPropagation()}>
              {c.name}
            </Link>
          }
          secondary={`${c.gpuType} · ${c.status}`}
        />
      ),
      sortValue: (c) => c.name,
    },
    {
      id: 'idle',
      header: 'Idle GPU-hours',
      width: '140px',
      align: 'right',
      render: (c) => hours(c.idleHours),
      sortValue: (c) => c.idleHours,
    },
    {
      id: 'cost',
      header: 'Idle cost',
      width: '120px',
      align: 'right',
      render: (c) => <span data-testid="idle-cost">{formatMoney(c.idleCost, currency)}</span>,
      sortValue: (c) => c.idleCost,
    },
    {
      id: 'share',
      header: 'Of paid',
      width: '90px',
      align: 'right',
      render: (c) => percentText(c.idleShare),
      sortValue: (c) => c.idleShare,
    },
    {
      id: 'longest',
      header: 'Longest idle run',
      width: 'minmax(200px, 1.5fr)',
      render: (c) =>
        c.longestIdle ? (
          <Link
            href={`#${metricsAtPath(c.clusterId, Date.parse(c.longestIdle.start), null)}`}
            onClick={(e) => e.stopPropagation()}
            title={`The cluster's metrics at the start of its longest idle run (${formatDateTime(c.longestIdle.start)} – ${formatDateTime(c.longestIdle.end)})`}
            noWrap
          >
            {idleRunText(c.longestIdle)}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      id: 'stop',
      header: '',
      width: '130px',
      align: 'right',
      render: (c) =>
        RUNNING.has(c.status) ? (
          <Button
            size="small"
            color="error"
            onClick={(e) => {
              e.stopPropagation();
              onStop(c);
            }}
            data-testid={`idle-stop-${c.clusterId}`}
          >
            Stop cluster
          </Button>
        ) : null,
    },
  ];
}

function StopDialog({
  target,
  cluster,
  onClose,
}: {
  target: IdleCluster | null;
  cluster: ClusterResponse['data'] | null;
  onClose(): void;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={`Stop ${target?.name ?? 'the cluster'}?`}
      confirmLabel="Stop cluster"
      destructive
      onClose={onClose}
      onConfirm={() => useUsage.getState().stopCluster(target!.clusterId)}
    >
      {target && (
        <>
          Its {cluster ? `${cluster.gpu.count} × ` : ''}
          {target.gpuType} GPUs and everything running on them stop; its data volumes are kept, and it can be started again.{' '}
          {cluster ? (
            <>
              Billing stops: it saves <strong>{formatHourly(cluster.cost.hourly_rate)}</strong>.
            </>
          ) : (
            'Billing stops with it.'
          )}{' '}
          It was idle for {hours(target.idleHours)} of GPU time in this period ({formatMoney(target.idleCost)}).
        </>
      )}
    </ConfirmDialog>
  );
}

export function IdleGpuPanel({ period, threshold, onThreshold }: { period: UsagePeriod; threshold: number; onThreshold(t: number): void }) {
  const { data, error, reload } = useUsageRead(`idle:${period}:${threshold}`, () => useUsage.getState().idleGpus(period, threshold));
  const [target, setTarget] = useState<IdleCluster | null>(null);
  const [cluster, setCluster] = useState<ClusterResponse['data'] | null>(null);
  const cols = useMemo(
    () =>
      columns(data?.currency ?? 'USD', (c) => {
        setCluster(null);
        setTarget(c);
        // Its hourly rate, for what stopping it saves; the dialog says less until it is read.
        void useUsage
          .getState()
          .cluster(c.clusterId)
          .then(setCluster, () => undefined);
      }),
    [data?.currency],
  );
  return (
    <Section
      title="Idle GPU money"
      description={
        data
          ? `${formatMoney(data.totalIdleCost, data.currency)} paid for ${hours(data.totalIdleHours)} of GPU time while utilisation stayed under ${data.threshold} %`
          : 'GPU-hours paid while the GPUs sat under the threshold, priced, per cluster'
      }
      testId="usage-idle"
      aside={
        <TextField
          select
          size="small"
          label="Idle under"
          value={threshold}
          onChange={(e) => onThreshold(Number(e.target.value))}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'idle-threshold' } }}
        >
          {IDLE_THRESHOLDS.map((t) => (
            <MenuItem key={t} value={t}>
              {t} %
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {!data ? (
        <PanelPending title="Could not read the idle GPU time" error={error} onRetry={reload} height={200} />
      ) : (
        <Box sx={{ height: 42 + 48 * Math.min(6, Math.max(2, data.clusters.length)), display: 'flex' }}>
          <DataTable
            label="Idle GPU money"
            rows={data.clusters}
            columns={cols}
            rowKey={(c) => c.clusterId}
            rowTestId={(c) => `idle-${c.clusterId}`}
            initialSort={{ columnId: 'cost', direction: 'desc' }}
            empty={
              <EmptyState title="No idle GPU time">
                <Typography component="span" variant="body2">
                  No cluster was paid for GPUs under {data.threshold} % in this period.
                </Typography>
              </EmptyState>
            }
          />
        </Box>
      )}
      <StopDialog target={target} cluster={cluster} onClose={() => setTarget(null)} />
    </Section>
  );
}
