// Live progress of a stop or restart: the run's phases as a stepper, the current step, a
// percentage bar and the estimated completion, following the cluster until it is
// `stopped`/`running` (then it shows the finished run). Renders nothing when no run is known.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import type { ClusterLifecycle } from '../../../../../../shared/api/clusters/lifecycle';
import { formatDateTime, relativeTime } from '../../../../platform/relative-time';
import { serverNow } from '../../../../platform/server-clock';
import { isTransitional, runOptionsOf, useClusterFollow } from './follow-store';
import { phaseLabel, remainingMs, runPhases, stepPosition, terminalPhase } from './phases';

export interface PhaseProgressProps {
  cluster: Cluster;
  /** Called with the cluster each time a poll reads it (e.g. so a list can update its row). */
  onUpdate?(cluster: Cluster): void;
}

/** The followed copy of the cluster: the freshest of the view's and the poller's. */
function useFollowedCluster(cluster: Cluster): Cluster {
  const { watch, observe } = useClusterFollow.getState();
  useEffect(() => watch(cluster.id), [watch, cluster.id]);
  useEffect(() => observe(cluster), [observe, cluster]);
  return useClusterFollow((s) => s.clusters[cluster.id]) ?? cluster;
}

function finished(run: ClusterLifecycle): ClusterLifecycle {
  const phase = terminalPhase(run.operation);
  return { ...run, phase, percentage: 100, steps_completed: run.total_steps, current_step: phaseLabel(phase) } as ClusterLifecycle;
}

export function PhaseProgress({ cluster, onUpdate }: PhaseProgressProps) {
  const current = useFollowedCluster(cluster);
  const lastRun = useRef<ClusterLifecycle | null>(null);
  // The plan as first seen: at step 0 the progress names it exactly; later reads may not.
  const plan = useRef<{ startedAt: string; phases: string[] } | null>(null);
  if (current.lifecycle) {
    const l = current.lifecycle;
    lastRun.current = l;
    if (plan.current?.startedAt !== l.started_at)
      plan.current = { startedAt: l.started_at, phases: runPhases(l.operation, l, runOptionsOf(current.id, l.started_at)) };
  }

  // Report each new read once (not the view's own copy back), so an onUpdate that stores a
  // copy and re-renders the view cannot loop.
  const reported = useRef<Cluster>(cluster);
  useEffect(() => {
    if (current === reported.current || current === cluster) return;
    reported.current = current;
    onUpdate?.(current);
  }, [current, cluster, onUpdate]);

  const underWay = isTransitional(current.status) && current.lifecycle;
  const run = underWay ? current.lifecycle! : lastRun.current ? finished(lastRun.current) : null;
  if (!run) return null;

  // One list of steps draws the circles and counts them in the text below.
  const phases = plan.current?.phases ?? runPhases(run.operation, run);
  const { active, total, ordinal } = stepPosition(phases, run.phase);
  const done = !underWay;
  const verb = run.operation === 'stop' ? 'Stopping' : 'Restarting';
  const title = done
    ? current.status === 'stopped'
      ? 'Stopped'
      : current.status === 'running'
        ? 'Running'
        : `Ended: ${current.status}`
    : `${verb} ${current.name}`;

  return (
    <Stack spacing={1.5} data-testid="phase-progress" data-phase={run.phase} data-status={current.status} aria-live="polite">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        {!done && (
          <Typography variant="body2" color="text.secondary" title={formatDateTime(run.estimated_completion_time)} data-testid="phase-eta">
            Estimated completion {relativeTime(new Date(serverNow() + remainingMs(run)).toISOString())}
          </Typography>
        )}
      </Stack>
      <Stepper activeStep={active} alternativeLabel aria-label={`${verb} phases`}>
        {phases.map((p) => (
          <Step key={p} data-testid={`phase-${p}`}>
            <StepLabel>{phaseLabel(p)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1 }}>
          <LinearProgress
            variant="determinate"
            value={run.percentage}
            aria-label={`${verb} progress`}
            color={done ? 'success' : 'primary'}
          />
        </Box>
        <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }} data-testid="phase-percentage">
          {Math.round(run.percentage)}%
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="phase-current-step">
        {done ? `${phaseLabel(run.phase)} · ${total} of ${total} steps` : `${run.current_step} · step ${ordinal} of ${total}`}
      </Typography>
    </Stack>
  );
}
