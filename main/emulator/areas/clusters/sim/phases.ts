// Stop and restart phases (02-clusters.md, States and transitions): a plan of durations
// fixed when the stop or restart starts, and the progress computed from the simulated clock
// whenever it is read, so advancing the clock moves it (docs/decisions.md, Clusters).
import { Rng } from '../../../core/rng';
import type { StoredLifecycle } from '../state';

const S = 1000;
const MIN = 60 * S;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export const STEP_TEXT: Record<string, string> = {
  notifying_processes: 'Notifying running processes of the shutdown',
  waiting_for_graceful_exit: 'Waiting for processes to exit gracefully',
  creating_snapshot: 'Creating a snapshot of the cluster state',
  terminating_resources: 'Releasing GPUs and compute resources',
  cleaning_up: 'Cleaning up network and temporary storage',
  completed: 'Cluster stopped',
  stopping_processes: 'Stopping running processes',
  creating_checkpoint: 'Checkpointing processes and state',
  updating_configuration: 'Applying configuration changes',
  starting_services: 'Starting services',
  health_checks: 'Running health checks',
  ready: 'Cluster is ready',
};

const between = (rng: Rng, lo: number, hi: number) => rng.int(lo, hi) * S;

export interface PlanInput {
  seed: number;
  clusterId: string;
  startedAt: number;
  force: boolean;
  gracePeriodMinutes: number;
  /** save_state (stop) or preserve_state (restart). */
  keepState: boolean;
  /** Whether processes run when it starts; false for the restart of a stopped or failed cluster (default true). */
  running?: boolean;
}

const rngFor = (p: PlanInput, kind: string) => Rng.derive(p.seed, `lifecycle:${p.clusterId}:${kind}:${p.startedAt}`);

/** Stop: graceful phases only without force; the grace period, capped to 1–15 min, is the graceful wait. */
export function planStop(p: PlanInput): Array<[string, number]> {
  const rng = rngFor(p, 'stop');
  const phases: Array<[string, number]> = [];
  if (!p.force) {
    phases.push(['notifying_processes', between(rng, 10, 30)]);
    phases.push(['waiting_for_graceful_exit', clamp(p.gracePeriodMinutes, 1, 15) * MIN]);
  }
  if (p.keepState) phases.push(['creating_snapshot', between(rng, 30, 300)]);
  phases.push(['terminating_resources', between(rng, 30, 60)]);
  phases.push(['cleaning_up', between(rng, 10, 30)]);
  return phases;
}

/**
 * Restart: force skips the graceful stopping_processes (grace period capped to 1–10 min). A
 * cluster that runs nothing (stopped, error) has no processes to stop or checkpoint: its
 * restart begins with the start phases.
 */
export function planRestart(p: PlanInput): Array<[string, number]> {
  const rng = rngFor(p, 'restart');
  const phases: Array<[string, number]> = [];
  const running = p.running ?? true;
  if (running && !p.force) phases.push(['stopping_processes', clamp(p.gracePeriodMinutes, 1, 10) * MIN]);
  if (running && p.keepState) phases.push(['creating_checkpoint', between(rng, 30, 300)]);
  phases.push(['updating_configuration', between(rng, 60, 180)]);
  phases.push(['starting_services', between(rng, 30, 120)]);
  phases.push(['health_checks', between(rng, 30, 60)]);
  return phases;
}

export interface Progress {
  phase: string;
  percentage: number;
  current_step: string;
  steps_completed: number;
  total_steps: number;
  done: boolean;
  /** Simulated ms when the stop or restart completes. */
  endsAt: number;
}

const finalPhase = (op: Pick<StoredLifecycle, 'kind'>) => (op.kind === 'stop' ? 'completed' : 'ready');

export function endOf(op: Pick<StoredLifecycle, 'started_at' | 'phases'>): number {
  return op.started_at + op.phases.reduce((sum, [, ms]) => sum + ms, 0);
}

/** When a phase ends (for the snapshot it creates), or null when the plan has no such phase. */
export function phaseEnd(op: Pick<StoredLifecycle, 'started_at' | 'phases'>, phase: string): number | null {
  let t = op.started_at;
  for (const [name, ms] of op.phases) {
    t += ms;
    if (name === phase) return t;
  }
  return null;
}

export function progressAt(op: Pick<StoredLifecycle, 'kind' | 'started_at' | 'phases'>, now: number): Progress {
  const endsAt = endOf(op);
  const total = op.phases.length;
  if (now >= endsAt) {
    const phase = finalPhase(op);
    return { phase, percentage: 100, current_step: STEP_TEXT[phase]!, steps_completed: total, total_steps: total, done: true, endsAt };
  }
  let t = op.started_at;
  let i = 0;
  while (i < total && now >= t + op.phases[i]![1]) t += op.phases[i++]![1];
  const phase = op.phases[i]![0];
  const elapsed = Math.max(0, now - op.started_at);
  const percentage = Math.min(99, Math.floor((elapsed / (endsAt - op.started_at)) * 1000) / 10);
  return { phase, percentage, current_step: STEP_TEXT[phase] ?? phase, steps_completed: i, total_steps: total, done: false, endsAt };
}
