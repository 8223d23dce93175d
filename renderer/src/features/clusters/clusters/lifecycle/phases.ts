// The steps of a stop or restart as the stepper shows them (02-clusters.md, States and
// transitions): the document's order, without the phases this run skips (graceful ones
// under `force`, the snapshot/checkpoint unless requested, both when the cluster runs
// nothing). The terminal phase (`completed`, `ready`) is the run's end, not a step: the
// service's `total_steps` does not count it, and neither do the stepper's circles.
import type { ClusterLifecycle } from '../../../../../../shared/api/clusters/lifecycle';

export type LifecycleKind = ClusterLifecycle['operation'];

/** What decides which phases a run goes through. */
export interface RunOptions {
  force: boolean;
  /** save_state (stop) or preserve_state (restart). */
  keepState: boolean;
  /** Whether the cluster ran processes when the run began; a stopped or failed cluster's restart has none to stop or checkpoint. */
  running: boolean;
}

const GRACEFUL: Record<LifecycleKind, readonly string[]> = {
  stop: ['notifying_processes', 'waiting_for_graceful_exit'],
  restart: ['stopping_processes'],
};
const KEEP_STATE: Record<LifecycleKind, string> = { stop: 'creating_snapshot', restart: 'creating_checkpoint' };
const REST: Record<LifecycleKind, readonly string[]> = {
  stop: ['terminating_resources', 'cleaning_up'],
  restart: ['updating_configuration', 'starting_services', 'health_checks'],
};
const TERMINAL: Record<LifecycleKind, string> = { stop: 'completed', restart: 'ready' };

const PHASE_LABELS: Record<string, string> = {
  notifying_processes: 'Notifying processes',
  waiting_for_graceful_exit: 'Waiting for graceful exit',
  creating_snapshot: 'Creating snapshot',
  terminating_resources: 'Terminating resources',
  cleaning_up: 'Cleaning up',
  completed: 'Stopped',
  stopping_processes: 'Stopping processes',
  creating_checkpoint: 'Creating checkpoint',
  updating_configuration: 'Updating configuration',
  starting_services: 'Starting services',
  health_checks: 'Health checks',
  ready: 'Ready',
};

/** The run's steps for these options. */
function planPhases(kind: LifecycleKind, options: RunOptions): string[] {
  const { force, keepState, running } = options;
  return [...(force || !running ? [] : GRACEFUL[kind]), ...(keepState && running ? [KEEP_STATE[kind]] : []), ...REST[kind]];
}

// Most common first: when progress alone cannot tell two plans apart, the graceful one wins.
// (A restart of a cluster that ran nothing has the forced restart's steps.)
const VARIANTS: RunOptions[] = [
  { force: false, keepState: false, running: true },
  { force: false, keepState: true, running: true },
  { force: true, keepState: false, running: true },
  { force: true, keepState: true, running: true },
];

/**
 * The run's steps (the terminal phase left out) from what is known: the options when the
 * view started the run, else inferred from the step count and the current phase.
 */
export function runPhases(
  kind: LifecycleKind,
  progress: { phase: string; steps_completed: number; total_steps: number },
  options?: RunOptions,
): string[] {
  if (options) return planPhases(kind, options);
  const terminal = progress.phase === TERMINAL[kind];
  const fits = (plan: string[]) => plan.length === progress.total_steps && (terminal || plan[progress.steps_completed] === progress.phase);
  return VARIANTS.map((v) => planPhases(kind, v)).find(fits) ?? planPhases(kind, VARIANTS[0]!);
}

export function terminalPhase(kind: LifecycleKind): string {
  return TERMINAL[kind];
}

/**
 * Where a run stands among its steps, for both the stepper and its "step i of n": `active`
 * is the index of the current step (every step done — `steps.length` — at the terminal
 * phase), `total` the number of steps, `ordinal` the current step counted from 1.
 */
export function stepPosition(steps: readonly string[], phase: string): { active: number; total: number; ordinal: number } {
  const i = steps.indexOf(phase);
  const active = i >= 0 ? i : (Object.values(TERMINAL) as string[]).includes(phase) ? steps.length : 0;
  return { active, total: steps.length, ordinal: Math.min(active + 1, steps.length) };
}

export function phaseLabel(phase: string): string {
  return PHASE_LABELS[phase] ?? phase.replace(/_/g, ' ');
}

/**
 * Time left, from the run's own span and percentage (linear in time), so it holds even when
 * the service's clock is not this machine's (a simulated clock that was advanced).
 */
export function remainingMs(run: Pick<ClusterLifecycle, 'started_at' | 'estimated_completion_time' | 'percentage'>): number {
  const span = Date.parse(run.estimated_completion_time) - Date.parse(run.started_at);
  if (!Number.isFinite(span) || span <= 0) return 0;
  return Math.max(0, Math.round((span * (100 - run.percentage)) / 100));
}
