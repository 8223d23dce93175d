// What the tuning detail derives from a tuning job's trials: the objective value of a trial
// (the metric, or for several objectives the weighted sum the emulator ranks by), the metric
// columns present, the parameters searched on a log scale, and the best-so-far history.
import type { Trial, TuningJob } from './tuning-store';

export type ObjectiveJob = Pick<TuningJob, 'objective' | 'metric' | 'objectives'>;

/** The value a trial is ranked by: its metric; with several objectives, the metric of the first training one (the API's `metric`). */
export function trialValue(job: ObjectiveJob, trial: Pick<Trial, 'metrics'>): number | null {
  const v = trial.metrics[job.metric];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Whether a is better than b under the job's direction. */
const better = (job: ObjectiveJob, a: number, b: number) => (job.objective === 'minimize' ? a < b : a > b);

/** Metric names the trials report, the objective's first. */
export function metricNames(job: ObjectiveJob, trials: readonly Pick<Trial, 'metrics'>[]): string[] {
  const names = new Set<string>([job.metric]);
  for (const t of trials) for (const k of Object.keys(t.metrics)) names.add(k);
  return [...names];
}

/** Parameters of the search space in its order, and those on a log scale. */
export function searchParams(job: Pick<TuningJob, 'searchSpace'>): { names: string[]; log: Set<string> } {
  const names = Object.keys(job.searchSpace);
  const log = new Set(names.filter((n) => /log/.test(String(job.searchSpace[n]?.type ?? ''))));
  return { names, log };
}

/** Completed trials, best first. */
export function rankedTrials(job: ObjectiveJob, trials: readonly Trial[]): Trial[] {
  return trials
    .filter((t) => t.status === 'completed' && trialValue(job, t) !== null)
    .sort((a, b) => {
      const va = trialValue(job, a)!;
      const vb = trialValue(job, b)!;
      return va === vb ? a.number - b.number : better(job, va, vb) ? -1 : 1;
    });
}
