// The health report of one endpoint (03, Health report) as panels: checks, resources, the
// last hour's traffic, issues with their recommendations, recovery actions, startup phases
// while starting, readiness gates and the configuration in force.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { EndpointConfiguration } from '../../../../shared/api/endpoints/common';
import type { Endpoint } from '../../../../shared/api/endpoints/endpoint';
import type { HealthReport } from '../../../../shared/api/endpoints/health';
import { MONO_FONT } from '../../lib/fonts';
import { relativeTime } from '../../platform/relative-time';
import { formatMs, formatPercent, formatSeconds, phaseLabel } from './endpoint-logic';
import type { Readiness } from './endpoints-store';
import { RecoveryActionsPanel } from './RecoveryActions';
import { StatusChip } from './StatusChip';
import { Figure } from '../../components/Figure';
import { Panel } from '../../components/Section';

const rowsGrid = {
  display: 'grid',
  gridTemplateColumns: 'minmax(120px, auto) auto 1fr',
  columnGap: 2,
  rowGap: 1,
  alignItems: 'center',
  fontSize: 14,
} as const;
const muted = { color: 'text.secondary' } as const;

function Row({ name, status, children, testId }: { name: string; status?: string; children?: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'contents' }} data-testid={testId}>
      <Box sx={muted}>{name}</Box>
      <Box>{status ? <StatusChip status={status} /> : null}</Box>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

export function ChecksPanel({ health }: { health: HealthReport }) {
  const { api, model, dependencies } = health.checks;
  return (
    <Panel
      title="Checks"
      testId="health-checks"
      action={<Typography variant="caption" sx={muted}>{`${health.check} · ${formatMs(health.responseTime)}`}</Typography>}
    >
      <Box sx={rowsGrid}>
        <Row name="API" status={api.status} testId="check-api">
          {formatMs(api.responseTime)}
          {api.lastError && <Box sx={{ color: 'error.main' }}>{api.lastError}</Box>}
        </Row>
        <Row name="Model" status={model.status} testId="check-model">
          {model.loadTime !== null ? `loaded in ${formatSeconds(model.loadTime)} · ` : 'not loaded · '}
          {model.memoryUsage}
          {model.lastInference && ` · last inference ${relativeTime(model.lastInference)}`}
          {model.warnings.map((w) => (
            <Box key={w} sx={{ color: 'warning.main' }}>
              {w}
            </Box>
          ))}
        </Row>
        {dependencies && (
          <>
            <Row name="Dependencies" status={dependencies.status} testId="check-dependencies" />
            {dependencies.services.map((s) => (
              <Row key={s.name} name={`· ${s.name.replace(/_/g, ' ')}`} status={s.status}>
                {s.responseTime !== null ? formatMs(s.responseTime) : 'no answer'}
                {s.error && <Box sx={{ color: 'error.main' }}>{s.error}</Box>}
              </Row>
            ))}
          </>
        )}
      </Box>
    </Panel>
  );
}

function Usage({ value, label }: { value: number; label: string }) {
  const color = value >= 90 ? 'error' : value >= 75 ? 'warning' : 'primary';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, value)}
        color={color}
        sx={{ flex: 1, height: 6, borderRadius: 3, minWidth: 60 }}
        aria-label={label}
      />
      <Box sx={{ minWidth: 128, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{label}</Box>
    </Stack>
  );
}

export function ResourcesPanel({ resources }: { resources: NonNullable<HealthReport['resources']> }) {
  const { gpu, cpu, memory, storage } = resources;
  return (
    <Panel title="Resources" testId="health-resources">
      <Box sx={rowsGrid}>
        <Row name="GPU" status={gpu.status}>
          <Usage value={gpu.utilization} label={`${formatPercent(gpu.utilization)} · ${Math.round(gpu.temperature)} °C`} />
        </Row>
        <Row name="GPU memory">
          <Usage value={gpu.memory.usage} label={`${gpu.memory.used} / ${gpu.memory.total}`} />
        </Row>
        <Row name="CPU" status={cpu.status}>
          <Usage value={cpu.utilization} label={`${formatPercent(cpu.utilization)} of ${cpu.cores} cores`} />
          <Typography variant="caption" sx={muted}>
            load {cpu.loadAverage.map((l) => l.toFixed(2)).join(' · ')}
          </Typography>
        </Row>
        <Row name="Memory" status={memory.status}>
          <Usage value={memory.usage} label={`${memory.used} / ${memory.total}`} />
        </Row>
        <Row name="Storage" status={storage.status}>
          <Usage value={storage.usage} label={`${storage.used} / ${storage.total}`} />
          <Typography variant="caption" sx={muted}>
            {storage.iops.toLocaleString('en-US')} IOPS
          </Typography>
        </Row>
      </Box>
      {[...gpu.errors, ...gpu.warnings].map((m) => (
        <Alert key={m} severity={gpu.errors.includes(m) ? 'error' : 'warning'} sx={{ mt: 1 }}>
          {m}
        </Alert>
      ))}
    </Panel>
  );
}

export function TrafficPanel({ metrics }: { metrics: NonNullable<HealthReport['metrics']> }) {
  const idle = metrics.requestsLastHour === 0;
  return (
    <Panel title="Last hour" testId="health-metrics">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 2 }}>
        <Figure label="Requests" value={metrics.requestsLastHour.toLocaleString('en-US')} testId="metric-requests" />
        <Figure label="Average latency" value={idle ? '—' : formatMs(metrics.averageLatency)} />
        <Figure label="Errors" value={idle ? '—' : formatPercent(metrics.errorRate)} />
        <Figure label="Success" value={idle ? '—' : formatPercent(metrics.successRate)} />
      </Box>
    </Panel>
  );
}

const SEVERITY: Record<HealthReport['issues'][number]['severity'], 'info' | 'warning' | 'error'> = {
  low: 'info',
  medium: 'warning',
  high: 'error',
  critical: 'error',
};

export function IssuesPanel({ health, endpoint }: { health: HealthReport; endpoint: Endpoint }) {
  if (health.issues.length === 0 && health.recoveryActions.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="health-issues">
      {health.issues.map((issue, i) => (
        <Alert key={i} severity={SEVERITY[issue.severity]}>
          <AlertTitle>
            {issue.message}
            <Box component="span" sx={{ ml: 1, fontSize: 12, opacity: 0.75 }}>
              {issue.severity} · {issue.component} · {relativeTime(issue.timestamp)}
            </Box>
          </AlertTitle>
          Recommendation: {issue.recommendation}
        </Alert>
      ))}
      {health.recoveryActions.length > 0 && <RecoveryActionsPanel actions={health.recoveryActions} endpoint={endpoint} />}
    </Stack>
  );
}

export function StartupPanel({ progress }: { progress: NonNullable<HealthReport['startupProgress']> }) {
  return (
    <Panel
      title={`Starting · ${Math.round(progress.progress)}%`}
      testId="startup-progress"
      action={
        <Typography variant="caption" sx={muted}>
          ready {relativeTime(progress.estimatedCompletion)}
        </Typography>
      }
    >
      <LinearProgress
        variant="determinate"
        value={progress.progress}
        sx={{ mb: 2, height: 6, borderRadius: 3 }}
        aria-label="Startup progress"
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(150px, auto) auto 1fr auto',
          columnGap: 2,
          rowGap: 1,
          alignItems: 'center',
          fontSize: 14,
        }}
      >
        {progress.phases.map((p) => (
          <Box key={p.name} sx={{ display: 'contents' }} data-testid={`phase-${p.name}`}>
            <Box sx={{ fontWeight: p.status === 'in_progress' ? 600 : 400 }}>{phaseLabel(p.name)}</Box>
            <Chip
              size="small"
              variant="outlined"
              label={p.status.replace('_', ' ')}
              color={p.status === 'completed' ? 'success' : p.status === 'in_progress' ? 'info' : 'default'}
            />
            <LinearProgress
              variant="determinate"
              value={p.progress}
              sx={{ height: 6, borderRadius: 3 }}
              aria-label={`${phaseLabel(p.name)} progress`}
            />
            <Box sx={{ ...muted, textAlign: 'right', minWidth: 120 }}>
              {p.status === 'completed'
                ? `took ${formatSeconds(p.duration)}`
                : p.status === 'in_progress'
                  ? `${formatSeconds(p.estimatedRemaining)} left`
                  : `about ${formatSeconds(p.estimatedDuration)}`}
            </Box>
          </Box>
        ))}
      </Box>
    </Panel>
  );
}

const GATES: Array<[keyof Readiness['readinessGates'], string]> = [
  ['model', 'Model'],
  ['resources', 'Resources'],
  ['dependencies', 'Dependencies'],
  ['networking', 'Networking'],
];

export function ReadinessPanel({ ready }: { ready: Readiness }) {
  return (
    <Panel title="Readiness" testId="readiness">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
        {GATES.map(([k, label]) => (
          <Chip
            key={k}
            size="small"
            variant="outlined"
            color={ready.readinessGates[k] ? 'success' : 'error'}
            label={`${label} ${ready.readinessGates[k] ? '✓' : '✗'}`}
            aria-label={`${label} gate ${ready.readinessGates[k] ? 'open' : 'closed'}`}
          />
        ))}
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, fontSize: 14 }}>
        {ready.checks.map((c) => (
          <Box key={c.name} sx={{ display: 'contents' }}>
            <Box sx={muted}>{phaseLabel(c.name)}</Box>
            <Box sx={{ color: c.status === 'pass' ? 'success.main' : 'error.main', fontWeight: 600 }}>{c.status}</Box>
          </Box>
        ))}
      </Box>
    </Panel>
  );
}

export function ConfigurationPanel({ configuration, action }: { configuration: EndpointConfiguration; action?: ReactNode }) {
  const a = configuration.autoScaling;
  const env = Object.keys(configuration.environmentVariables).sort();
  const line = (label: string, value: ReactNode) => (
    <Box sx={{ display: 'contents' }}>
      <Box sx={muted}>{label}</Box>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{value}</Box>
    </Box>
  );
  return (
    <Panel title="Configuration" testId="endpoint-configuration" action={action}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, fontSize: 14 }}>
        {line('Workers', <span data-testid="config-workers">{configuration.workerCount}</span>)}
        {line('Concurrent requests per worker', configuration.maxConcurrency)}
        {line('Request timeout', `${configuration.timeoutSeconds.toLocaleString('en-US')} s`)}
        {line(
          'Auto-scaling',
          a.enabled
            ? `${a.minWorkers}–${a.maxWorkers} workers at ${a.targetUtilization}% · cooldown up ${a.scaleUpCooldown} s, down ${a.scaleDownCooldown} s`
            : 'off',
        )}
        {line(
          'Environment',
          env.length ? (
            <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
              {env.join(', ')}
            </Box>
          ) : (
            'none'
          ),
        )}
      </Box>
    </Panel>
  );
}
