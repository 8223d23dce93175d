// Figures of the training job views: losses, learning rates, throughput, durations, and the
// point under the crosshair.
import { formatTimeOfDay } from '../../../platform/relative-time';
import { serverNow } from '../../../platform/server-clock';
import { formatCount } from '../training-format';

export const formatLoss = (v: number) => (Math.abs(v) >= 1000 ? v.toExponential(2) : v.toFixed(Math.abs(v) >= 10 ? 2 : 4));
export const formatRate = (v: number) => (v === 0 ? '0' : v.toExponential(1));
export function formatThroughput(v: number): string {
  if (v >= 1e6) return `${(v / 1e6).toFixed(1)}M`;
  if (v >= 1e4) return `${(v / 1e3).toFixed(0)}k`;
  if (v >= 1e3) return `${(v / 1e3).toFixed(1)}k`;
  return v.toFixed(v >= 10 ? 0 : 1);
}

/** Seconds as "3 h 05 min", "12 min 30 s", "45 s". */
export function formatSeconds(s: number): string {
  const sec = Math.max(0, Math.round(s));
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(sec % 60).padStart(2, '0')} s`;
  return `${sec} s`;
}

/** The point whose step is nearest `step` (rows sorted by step), or null when there are none. */
export function nearestPoint<P extends { step: number }>(rows: readonly P[], step: number): P | null {
  if (rows.length === 0) return null;
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.step < step) lo = mid + 1;
    else hi = mid;
  }
  const after = rows[lo]!;
  const before = rows[Math.max(0, lo - 1)]!;
  return Math.abs(before.step - step) <= Math.abs(after.step - step) ? before : after;
}

/**
 * What the stop dialog says of the step (issue 18 part 2 #5): the job trains on while the dialog
 * is open, so the step of the last read is not where it stops. The stop's answer gives that step
 * (stoppedAtText, the notification), the one figure of where it stopped.
 */
export function stopStepText(progress: { currentStep: number; totalSteps: number }): string {
  return `Training stops at the step it has reached when the stop arrives (step ${formatCount(progress.currentStep)} of ${formatCount(progress.totalSteps)} at the last read; it trains on meanwhile), and billing stops with it. A stopped job can be resumed.`;
}

/** The notification of a stop: the step the API says the job stopped at. */
export function stoppedAtText(name: string, answer: { status: string; step: number }): string {
  return answer.status === 'cancelled' ? `Job “${name}” cancelled` : `Job “${name}” stopped at step ${formatCount(answer.step)}`;
}

/**
 * How often a job saves checkpoints, in words, from its `resolvedConfig` (issue 18 part 5): the
 * emulator saves one every `save_steps` reached (one epoch unless set) and one when a stop asks
 * for it (docs/decisions.md, Training: jobs — Checkpoints). Without a positive interval nothing is
 * saved periodically, and the text says so instead of "every 0 steps".
 */
export function checkpointPlanText(resolved: Readonly<Record<string, unknown>>): string {
  const every = resolved.save_steps;
  const perEpoch = resolved.stepsPerEpoch;
  const total = resolved.totalSteps;
  const atStop = 'when the job is stopped (unless the stop is told not to)';
  if (typeof every !== 'number' || !(every > 0)) return `No periodic checkpoints are configured: one is saved only ${atStop}.`;
  if (typeof total === 'number' && every > total)
    return `No periodic checkpoint: the run ends at step ${formatCount(total)}, before the first at step ${formatCount(every)}; one is saved only ${atStop}.`;
  const epoch = every === perEpoch ? ' (once an epoch)' : '';
  return `A checkpoint is saved every ${formatCount(every)} step${every === 1 ? '' : 's'}${epoch} and ${atStop}.`;
}

/** What the estimated start is read from: a job's status, estimated completion and time left. */
export interface StartEstimateInput {
  status: string;
  estimatedCompletion: string | null;
  progress: { remainingTime: number | null };
}

/**
 * When a pending job should start, in ms (issue 18 part 5). The API gives no start estimate, but a
 * pending job's `estimatedCompletion` is its start plus its whole planned run, and its
 * `progress.remainingTime` is that run (from step 0): the start is their difference — on the
 * emulator, the end of provisioning (created + the plan's provisioning time; docs/decisions.md,
 * Training: jobs), to the second (remainingTime is in whole seconds). Null for a job that is not
 * pending or when the API gives neither figure.
 * @internal Exported for its tests only.
 */
export function estimatedStartMs(job: StartEstimateInput): number | null {
  if (job.status !== 'pending' || job.estimatedCompletion === null || job.progress.remainingTime === null) return null;
  const end = Date.parse(job.estimatedCompletion);
  return Number.isNaN(end) ? null : end - job.progress.remainingTime * 1000;
}

/** "Should start in ~3 min (at 07:02)", against the server's clock; null when there is no estimate. */
export function pendingStartText(job: StartEstimateInput, now: number = serverNow(), locale?: string): string | null {
  const start = estimatedStartMs(job);
  if (start === null) return null;
  const at = formatTimeOfDay(start, locale);
  const left = start - now;
  if (left <= 0) return `Should start any moment (provisioning was due at ${at})`;
  if (left < 60_000) return `Should start in under a minute (at ${at})`;
  return `Should start in ~${Math.ceil(left / 60_000)} min (at ${at})`;
}
