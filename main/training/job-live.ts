// `training:job`: a training job followed live (docs/decisions.md, Training views: the job
// stream). Each subscription reads the job and its series once, then every interval reads the
// job again and, when it moved on, only the metric points after the last step it sent
// (`from_step`/`to_step` of the metrics route): the view appends them instead of reading the
// curve again. A finished job (completed, failed, cancelled) is read no more; a 429 waits its
// Retry-After; a 404 ends the stream. A profile switch starts every subscription over.
// Every read after the first is background refresh: it waits for its slot of the training
// reads budget (`pace`, the gateway's read budget) and tells the view the pace (`pace` events).
import type { NormalizedError } from '../../shared/api/errors';
import { localError } from '../../shared/api/local-errors';
import type { z } from 'zod';
import { JOB_LIMITS, type JobMetricsResponse, type TrainingJob } from '../../shared/api/training/jobs';
import { BridgeError } from '../../shared/ipc/dispatch';
import { TRAINING_JOB_LIVE_INTERVAL_MS, type RefreshPace, type TrainingJobLiveEvent } from '../../shared/ipc/streams';
import type { Gateway } from '../gateway/index';

type Series = z.infer<typeof JobMetricsResponse>;

export interface TrainingJobLiveOptions {
  readJob(jobId: string, signal: AbortSignal): Promise<{ job: TrainingJob; serverTime?: number }>;
  readMetrics(jobId: string, query: { from_step?: number; to_step?: number; points: number }, signal: AbortSignal): Promise<Series>;
  intervalMs?: number;
  /** The next refresh's wait for `reads` training reads of `follower`, wanted `preferredMs` from now (Gateway.reserveReads); none: every interval. */
  pace?: (follower: string, reads: number, preferredMs: number) => RefreshPace;
  /** The follower stopped (Gateway.leaveReads). */
  leave?: (follower: string) => void;
}

export interface TrainingJobLive {
  subscribe(params: { jobId: string; points: number }, emit: (event: TrainingJobLiveEvent) => void): () => void;
  profileChanged(): void;
  /** Reads every followed job now (the user advanced the emulator's clock: the view follows at once, outside the budget). */
  refreshAll(): void;
  /** Subscriptions reading now (tests). */
  following(): number;
  close(): void;
}

/** A job stream's two reads, through the gateway for the active profile. */
export function trainingJobReads(gateway: Pick<Gateway, 'call'>): Pick<TrainingJobLiveOptions, 'readJob' | 'readMetrics'> {
  return {
    async readJob(jobId, signal) {
      const answer = await gateway.call('training.jobs.get', { params: { job_id: jobId } }, { signal });
      const job = answer.data as TrainingJob;
      return answer.serverTime === undefined ? { job } : { job, serverTime: answer.serverTime };
    },
    async readMetrics(jobId, query, signal) {
      const answer = await gateway.call('training.jobs.metrics', { params: { job_id: jobId }, query }, { signal });
      return answer.data as Series;
    },
  };
}

const ENDED = new Set(['completed', 'failed', 'cancelled']);

function normalized(error: unknown): NormalizedError {
  if (error instanceof BridgeError) return error.normalized;
  return localError('INTERNAL_ERROR', 'The console hit an internal error following the training job; see the application log.');
}

/** A job as sent: a new event goes only when it differs (a stopped or pending job sends nothing new). */
const fingerprint = (job: TrainingJob) => JSON.stringify(job);

export function createTrainingJobLive(options: TrainingJobLiveOptions): TrainingJobLive {
  const intervalMs = options.intervalMs ?? TRAINING_JOB_LIVE_INTERVAL_MS;
  const subs = new Set<{ restart(): void; refresh(): void; stop(): void }>();
  let followers = 0;

  return {
    subscribe({ jobId, points }, emit) {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let controller: AbortController | null = null;
      let lastStep = -1;
      let lastSent = '';
      let stopped = false;
      const follower = `training:job:${++followers}`;

      const schedule = (delay: number) => {
        if (!stopped) timer = setTimeout(() => void tick(), delay);
      };
      /** The next refresh, at its slot of the budget: a running job's is two reads (the job, its new points). */
      const next = (job: TrainingJob | null, atLeastMs = 0) => {
        const reads = job?.status === 'running' ? 2 : 1;
        const pace = options.pace?.(follower, reads, Math.max(intervalMs, atLeastMs));
        if (pace) emit({ type: 'pace', pace });
        schedule(pace ? pace.everyMs : Math.max(intervalMs, atLeastMs));
      };
      let lastJob: TrainingJob | null = null;

      async function tick(): Promise<void> {
        timer = null;
        const c = (controller = new AbortController());
        try {
          const { job, serverTime } = await options.readJob(jobId, c.signal);
          const step = job.progress.currentStep;
          if (lastStep < 0 || step < lastStep) {
            const series = await options.readMetrics(jobId, { to_step: step, points }, c.signal);
            if (c.signal.aborted) return;
            lastStep = series.toStep;
            lastSent = fingerprint(job);
            emit(serverTime === undefined ? { type: 'snapshot', job, series } : { type: 'snapshot', job, series, serverTime });
          } else if (fingerprint(job) !== lastSent) {
            const fresh =
              step > lastStep
                ? (
                    await options.readMetrics(
                      jobId,
                      { from_step: lastStep + 1, to_step: step, points: JOB_LIMITS.seriesPoints.max },
                      c.signal,
                    )
                  ).points
                : [];
            if (c.signal.aborted) return;
            lastStep = Math.max(lastStep, step);
            lastSent = fingerprint(job);
            emit({ type: 'update', job, points: fresh, ...(serverTime === undefined ? {} : { serverTime }) });
          }
          lastJob = job;
          if (!ENDED.has(job.status)) next(job);
        } catch (error) {
          if (c.signal.aborted) return;
          const n = normalized(error);
          const final = n.status === 404;
          emit({ type: 'error', error: n, final });
          if (!final) next(lastJob, (n.retryAfter ?? 0) * 1000);
        } finally {
          if (controller === c) controller = null;
        }
      }

      const halt = () => {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        controller?.abort();
        controller = null;
      };
      const sub = {
        restart() {
          halt();
          lastStep = -1;
          lastSent = '';
          void tick();
        },
        refresh() {
          // A read on its way answers soon enough; a finished job waits for nothing.
          if (timer === null || stopped) return;
          clearTimeout(timer);
          void tick();
        },
        stop() {
          stopped = true;
          halt();
          options.leave?.(follower);
        },
      };
      subs.add(sub);
      void tick();
      return () => {
        sub.stop();
        subs.delete(sub);
      };
    },
    profileChanged() {
      for (const s of subs) s.restart();
    },
    refreshAll() {
      for (const s of subs) s.refresh();
    },
    following: () => subs.size,
    close() {
      for (const s of subs) s.stop();
      subs.clear();
    },
  };
}
