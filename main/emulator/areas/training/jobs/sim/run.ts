// A job at a simulated instant (docs/decisions.md, Training: jobs — states): its running
// segments on the clock give the status, the step, the running time (billing), the checkpoints
// reached; the loss model gives every value at a step. Nothing here is stored: a read computes it.
import type { JobStatus } from '../../../../../../shared/api/training/jobs';
import type { TrainingJobConfig } from '../../../../../../shared/api/training/jobs';
import type { StoredJob } from '../../state';
import type { LossModel } from './loss-model';
import { evaluationSeedOf, gaussian, NOISE_CHANNEL } from './loss-model';
import { lossModelOf, resolveConfig, type ResolvedConfig } from './plan';

export interface CheckpointAt {
  step: number;
  at: number;
  kind: 'periodic' | 'stop';
}

export interface Timeline {
  status: JobStatus;
  step: number;
  /** Ms of running so far (what is billed). */
  runningMs: number;
  /** When running first began (null while pending or when cancelled before). */
  startedAt: number | null;
  /** When it completed or failed. */
  endedAt: number | null;
  failure: { reason: 'DIVERGED' | 'OUT_OF_MEMORY'; step: number; at: number } | null;
  checkpoints: CheckpointAt[];
}

/** Running minima of training loss by job curve (most recently used last), bounded. */
const BEST_SO_FAR = new Map<string, { upTo: number; best: number }>();
const BEST_SO_FAR_MAX = 1000;

export class JobRun {
  readonly config: ResolvedConfig;
  readonly model: LossModel;
  /** The step it fails at (out of memory: the first; divergence: the loss model's), else null. */
  readonly failStep: number | null;
  /** What fixes the loss curve (id, seed, configuration, plan, data and workers): the running minimum's key. */
  private readonly curveKey: string;

  constructor(readonly job: StoredJob) {
    this.config = resolveConfig(job.model_type, job.config as TrainingJobConfig, job.examples, job.workers);
    this.model = lossModelOf(this.config, job.plan, job.examples, job.workers, job.seed, evaluationSeedOf(job.dataset_id, job.examples));
    this.failStep = job.plan.oom ? 1 : (this.model.divergence?.failStep ?? null);
    this.curveKey = `${job.id}|${job.seed}|${JSON.stringify(this.config)}|${JSON.stringify(job.plan)}|${job.examples}|${job.workers}`;
  }

  get target(): number {
    return this.failStep ?? this.job.plan.total_steps;
  }

  /**
   * The spans it runs (is billed for), oldest first; `end` null: running on. The same segments
   * and end as `at` reads, so their length up to any moment is its `runningMs`.
   */
  runningStretches(): Array<{ start: number; end: number | null }> {
    const out: Array<{ start: number; end: number | null }> = [];
    const stepMs = this.job.plan.step_ms;
    for (const seg of this.job.segments) {
      const terminalAt = seg.start + (this.target - seg.from_step) * stepMs;
      const stop = seg.stop ?? Infinity;
      const end = Math.min(stop, terminalAt);
      out.push({ start: seg.start, end: end === Infinity ? null : end });
      if (terminalAt <= stop) break;
    }
    return out;
  }

  at(now: number): Timeline {
    const j = this.job;
    const { step_ms: stepMs, save_steps: save } = j.plan;
    const target = this.target;
    let step = 0;
    let runningMs = 0;
    let endedAt: number | null = null;
    const seen = new Map<number, CheckpointAt>();
    for (const seg of j.segments) {
      const limit = Math.min(now, seg.stop ?? Infinity);
      if (limit < seg.start) break;
      const terminalAt = seg.start + (target - seg.from_step) * stepMs;
      const ended = terminalAt <= limit;
      const reached = ended ? target : Math.min(target, seg.from_step + Math.floor((limit - seg.start) / stepMs));
      for (let k = Math.floor(seg.from_step / save) + 1; k * save <= reached; k++) {
        const s = k * save;
        if (this.failStep !== null && s >= this.failStep) break;
        if (!seen.has(s)) seen.set(s, { step: s, at: seg.start + (s - seg.from_step) * stepMs, kind: 'periodic' });
      }
      step = reached;
      runningMs += (ended ? terminalAt : limit) - seg.start;
      if (ended) {
        endedAt = terminalAt;
        break;
      }
    }
    for (const c of j.saved_checkpoints) if (c.at <= now && !seen.has(c.step)) seen.set(c.step, { step: c.step, at: c.at, kind: 'stop' });
    const checkpoints = [...seen.values()].sort((a, b) => a.step - b.step);
    const first = j.segments[0]!;
    const startedAt = first.start <= now && (j.cancelled_at === null || j.cancelled_at > first.start) ? first.start : null;
    let status: JobStatus;
    let failure: Timeline['failure'] = null;
    if (endedAt !== null) {
      status = this.failStep !== null ? 'failed' : 'completed';
      if (this.failStep !== null) failure = { reason: j.plan.oom ? 'OUT_OF_MEMORY' : 'DIVERGED', step: this.failStep, at: endedAt };
    } else if (j.cancelled_at !== null && j.cancelled_at <= now) status = 'cancelled';
    else if (now < first.start) status = 'pending';
    else if (j.segments[j.segments.length - 1]!.stop !== null) status = 'stopped';
    else status = 'running';
    return { status, step, runningMs, startedAt, endedAt, failure, checkpoints };
  }

  /** Ms of running left from `step`, when it runs on. */
  remainingMs(step: number): number {
    return (this.target - step) * this.job.plan.step_ms;
  }

  epochOf(step: number): number {
    return Math.max(1, Math.ceil(step / this.job.plan.steps_per_epoch));
  }

  throughputAt(step: number): number {
    return this.job.plan.throughput * (1 + 0.02 * gaussian(this.job.seed, NOISE_CHANNEL.throughput, step));
  }

  memoryAt(step: number): number {
    return this.job.plan.memory_gb * (1 + 0.005 * gaussian(this.job.seed, NOISE_CHANNEL.memory, step));
  }

  /**
   * The lowest training loss over steps 1…step (NaN steps skipped); null before the first step.
   * A job's curve is fixed by its id, seed, configuration and plan, so the running minimum is
   * kept and extended as the job advances: a list of jobs a million steps in does not walk every
   * step of every job on each read.
   */
  bestLoss(step: number): number | null {
    const key = this.curveKey;
    let known = BEST_SO_FAR.get(key);
    if (!known || known.upTo > step) known = { upTo: 0, best: Infinity };
    let best = known.best;
    for (let s = known.upTo + 1; s <= step; s++) {
      const l = this.model.trainLoss(s);
      if (l < best) best = l;
    }
    BEST_SO_FAR.delete(key);
    BEST_SO_FAR.set(key, { upTo: step, best });
    if (BEST_SO_FAR.size > BEST_SO_FAR_MAX) BEST_SO_FAR.delete(BEST_SO_FAR.keys().next().value!);
    return best === Infinity ? null : best;
  }

  /** The last evaluation at or before `step` (every eval_steps), or null. */
  lastEvalStep(step: number): number | null {
    const e = this.job.plan.eval_steps;
    const s = Math.floor(step / e) * e;
    return s > 0 ? s : null;
  }
}

/** The statuses in which a job holds its GPUs and its dataset. */
export const HOLDS_GPUS: readonly JobStatus[] = ['pending', 'running'];
