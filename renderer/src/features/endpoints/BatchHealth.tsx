// "Check all" on the endpoints list: a drawer with the health of every endpoint from one batch
// check (worst first: status, the checks that fail, issues with their recommendations, or the
// timeout that stopped a check), its progress while it runs and a re-run at any depth; and a
// strip over the list with the last run's counts.
import Close from '@mui/icons-material/Close';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useMemo } from 'react';
import type { HealthCheckDepth } from '../../../../shared/api/endpoints/health';
import { ErrorAlert } from '../../components/ErrorAlert';
import { EmptyState } from '../../components/StateViews';
import { formatDateTime, relativeTime } from '../../platform/relative-time';
import { countRows, needsAttention, summaryParts, type BatchSummary, type HealthRow } from './batch-health';
import { useBatchHealth } from './batch-health-store';
import { STATUS_COLOR, phaseLabel } from './endpoint-logic';
import { useEndpoints } from './endpoints-store';
import { StatusChip } from './StatusChip';

const DEPTHS: Array<{ value: HealthCheckDepth; label: string; hint: string }> = [
  { value: 'basic', label: 'Basic', hint: 'API and model' },
  { value: 'detailed', label: 'Detailed', hint: 'adds resources, traffic and dependencies' },
  { value: 'deep', label: 'Deep', hint: 'adds connectivity, I/O and one inference; may time out' },
];

const SUMMARY_COLOR: Readonly<Record<keyof BatchSummary, 'success' | 'warning' | 'error' | 'info' | 'default'>> = {
  total: 'default',
  healthy: 'success',
  degraded: 'warning',
  unhealthy: 'error',
  error: 'error',
  timedOut: 'error',
  starting: 'info',
  stopped: 'default',
};

function SummaryChips({ summary }: { summary: BatchSummary }) {
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} data-testid="batch-health-summary">
      {summaryParts(summary).map((p) => (
        <Chip
          key={p.key}
          size="small"
          color={SUMMARY_COLOR[p.key]}
          variant={p.key === 'stopped' ? 'outlined' : 'filled'}
          label={`${p.count} ${p.label}`}
          data-testid={`batch-summary-${p.key}`}
        />
      ))}
    </Stack>
  );
}

const SEVERITY_COLOR = { low: 'info', medium: 'warning', high: 'error', critical: 'error' } as const;

const Row = memo(function Row({ row, name }: { row: HealthRow; name: string }) {
  const issues = row.report?.issues ?? [];
  const actions = row.report?.recoveryActions ?? [];
  const healthy = row.status === 'healthy' && row.failingChecks.length === 0 && issues.length === 0;
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
      data-testid={`batch-row-${row.endpointId}`}
      aria-label={name}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Link href={`#/endpoints/${encodeURIComponent(row.endpointId)}`} underline="hover" sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
          {name}
        </Link>
        <Box sx={{ flex: 1 }} />
        {row.status === 'timed out' ? (
          <Chip size="small" color="error" variant="outlined" label="Timed out" sx={{ fontWeight: 600 }} />
        ) : (
          <StatusChip status={row.status} />
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div">
        {row.endpointId}
        {row.report && ` · ${row.report.readiness.replace(/_/g, ' ')} · uptime ${row.report.uptime}`}
      </Typography>
      {row.failure && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {row.failure.message}
          {row.failure.pending.length > 0 && ` — not finished: ${row.failure.pending.join(', ')}`}
        </Typography>
      )}
      {healthy && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          All checks pass.
        </Typography>
      )}
      {row.failingChecks.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 0, listStyle: 'none' }} aria-label="Failing checks">
          {row.failingChecks.map((c) => (
            <Box component="li" key={c.name} sx={{ fontSize: 14 }}>
              <Box component="span" sx={{ fontWeight: 600, color: `${STATUS_COLOR[c.status] ?? 'text'}.main` }}>
                {c.name} {c.status}
              </Box>
              {c.detail && <Box component="span" sx={{ color: 'text.secondary' }}>{` — ${c.detail}`}</Box>}
            </Box>
          ))}
        </Box>
      )}
      {issues.length > 0 && (
        <Stack spacing={0.75} sx={{ mt: 1 }} aria-label="Issues">
          {issues.map((issue, i) => (
            <Alert key={i} severity={SEVERITY_COLOR[issue.severity]} sx={{ py: 0, '& .MuiAlert-message': { py: 0.75 } }}>
              <Box sx={{ fontWeight: 600 }}>
                {issue.message}
                <Box component="span" sx={{ ml: 1, fontWeight: 400, fontSize: 12, opacity: 0.8 }}>
                  {issue.severity} · {issue.component} · since {relativeTime(issue.timestamp)}
                </Box>
              </Box>
              Recommendation: {issue.recommendation}
            </Alert>
          ))}
        </Stack>
      )}
      {actions.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Recovery: {actions.map((a) => phaseLabel(a.action)).join(' · ')}
        </Typography>
      )}
    </Box>
  );
});

export function BatchHealthDrawer() {
  const { open, depth, running, progress, rows, result, error } = useBatchHealth();
  const { run, close } = useBatchHealth.getState();
  const endpoints = useEndpoints((s) => s.endpoints);
  const names = useMemo(() => new Map(endpoints.map((e) => [e.id, e.name])), [endpoints]);
  const attention = useMemo(() => needsAttention(rows), [rows]);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={close}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 640 } } } }}
      data-testid="batch-health"
      aria-labelledby="batch-health-title"
    >
      <Stack spacing={2} sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" id="batch-health-title" sx={{ flex: 1 }}>
            Health of all endpoints
          </Typography>
          <IconButton aria-label="Close" onClick={close}>
            <Close />
          </IconButton>
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={depth}
            onChange={(_, next: HealthCheckDepth | null) => next && void run(next)}
            aria-label="Check depth"
          >
            {DEPTHS.map((d) => (
              <Tooltip key={d.value} title={`${d.label}: ${d.hint}`}>
                <ToggleButton value={d.value} disabled={running}>
                  {d.label}
                </ToggleButton>
              </Tooltip>
            ))}
          </ToggleButtonGroup>
          <Box sx={{ flex: 1 }} />
          <Button startIcon={<Refresh />} onClick={() => void run()} disabled={running} data-testid="batch-health-rerun">
            Re-run
          </Button>
        </Stack>
        {running && (
          <Box data-testid="batch-health-progress">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              {progress
                ? `Checking ${progress.total.toLocaleString('en-US')} endpoints (${depth} check)… ${progress.done.toLocaleString('en-US')} done`
                : 'Reading the list of endpoints…'}
            </Typography>
            <LinearProgress
              variant={progress && progress.done > 0 ? 'determinate' : 'indeterminate'}
              value={progress ? (100 * progress.done) / Math.max(1, progress.total) : 0}
              aria-label="Health check progress"
            />
          </Box>
        )}
        {error && !running && (
          <Box data-testid="batch-health-error">
            <Typography variant="subtitle2" gutterBottom>
              Could not check the endpoints’ health{rows.length > 0 ? '; the rows below are from the last check' : ''}
            </Typography>
            <ErrorAlert error={error} />
          </Box>
        )}
        {result && !running && rows.length > 0 && (
          <Stack spacing={1}>
            <SummaryChips summary={countRows(rows)} />
            <Typography variant="caption" color="text.secondary" data-testid="batch-health-checked">
              {rows.length.toLocaleString('en-US')} endpoints, {depth} check, at {formatDateTime(result.checkedAt)} ·{' '}
              {attention === 0 ? 'none needs attention' : `${attention} need${attention === 1 ? 's' : ''} attention`}
            </Typography>
          </Stack>
        )}
        {result && !running && rows.length === 0 && (
          <EmptyState icon={<MonitorHeartOutlined />} title="No endpoints to check">
            This account has no serverless endpoints.
          </EmptyState>
        )}
        {rows.length > 0 && (
          <Box component="ul" sx={{ m: 0, p: 0, opacity: running ? 0.5 : 1 }} aria-label="Endpoint health" data-testid="batch-health-rows">
            {rows.map((row) => (
              <Row key={row.endpointId} row={row} name={names.get(row.endpointId) ?? row.endpointId} />
            ))}
          </Box>
        )}
      </Stack>
    </Drawer>
  );
}

/** Over the list after a run: the counts, when they were read, and the way back to the details. */
export function BatchHealthStrip() {
  const result = useBatchHealth((s) => s.result);
  const rows = useBatchHealth((s) => s.rows);
  const open = useBatchHealth((s) => s.open);
  const summary = useMemo(() => countRows(rows), [rows]);
  if (!result || open || rows.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ px: 1.5, py: 1 }} data-testid="batch-health-strip">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <MonitorHeartOutlined fontSize="small" color="action" />
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          Health check {relativeTime(result.checkedAt)}
        </Typography>
        <SummaryChips summary={summary} />
        <Box sx={{ flex: 1 }} />
        <Button size="small" onClick={() => useBatchHealth.setState({ open: true })}>
          Details
        </Button>
        <Button size="small" startIcon={<Refresh />} onClick={() => void useBatchHealth.getState().run()}>
          Re-run
        </Button>
      </Stack>
    </Paper>
  );
}
