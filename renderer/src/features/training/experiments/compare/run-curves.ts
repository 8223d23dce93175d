// Each compared run's curves, from its training job's metrics (GET …/jobs/{id}/metrics), kept per
// job for the session and fetched incrementally: a job still training is asked only for the steps
// after the last one held. A few jobs are read at a time, so 200 runs do not flood the gateway.
import { useEffect, useState } from 'react';
import { isCancelled } from '../../../../bridge/errors';
import { useExperiments } from '../experiments-store';

export interface RunCurve {
  /** Training loss by step (bucket means when the job has more steps than the points asked). */
  steps: number[];
  loss: number[];
  /** Validation loss at the evaluations. */
  valSteps: number[];
  validation: number[];
  /** The last step held; -1 before the first read. */
  lastStep: number;
  /** The job ended (completed, failed, cancelled): nothing more will come. */
  done: boolean;
}

const POINTS = 2000;
const PARALLEL = 6;
const ENDED = new Set(['completed', 'failed', 'cancelled']);
const cache = new Map<string, RunCurve>();

/** Forgets every curve (another profile's jobs are other jobs). */
export function clearRunCurves(): void {
  cache.clear();
}

async function extend(jobId: string, signal: AbortSignal): Promise<RunCurve> {
  const held = cache.get(jobId) ?? { steps: [], loss: [], valSteps: [], validation: [], lastStep: -1, done: false };
  if (held.done) return held;
  const data = await useExperiments.getState().jobMetrics(jobId, held.lastStep + 1, POINTS, signal);
  const next: RunCurve = {
    steps: [...held.steps],
    loss: [...held.loss],
    valSteps: [...held.valSteps],
    validation: [...held.validation],
    lastStep: held.lastStep,
    done: ENDED.has(data.status),
  };
  for (const p of data.points) {
    if (p.step <= next.lastStep) continue;
    if (p.loss !== null && Number.isFinite(p.loss)) {
      next.steps.push(p.step);
      next.loss.push(p.loss);
    }
    if (p.validationLoss !== null && Number.isFinite(p.validationLoss)) {
      next.valSteps.push(p.step);
      next.validation.push(p.validationLoss);
    }
    next.lastStep = p.step;
  }
  cache.set(jobId, next);
  return next;
}

/** The curves of these runs' jobs (run id → curve) as they arrive; read again when `reloadKey` changes. */
export function useRunCurves(runs: readonly { id: string; trainingJobId: string }[], reloadKey: number) {
  const [curves, setCurves] = useState<ReadonlyMap<string, RunCurve>>(() => held(runs));
  const [pending, setPending] = useState(0);
  const key = runs.map((r) => `${r.id}:${r.trainingJobId}`).join(',');
  useEffect(() => {
    const list = key ? key.split(',').map((s) => s.split(':') as [string, string]) : [];
    const controller = new AbortController();
    const queue = [...list];
    let left = list.length;
    setPending(left);
    setCurves(held(list.map(([id, trainingJobId]) => ({ id, trainingJobId }))));
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const [runId, jobId] = item;
        try {
          const curve = await extend(jobId, controller.signal);
          if (controller.signal.aborted) return;
          setCurves((m) => new Map(m).set(runId, curve));
        } catch (e) {
          if (isCancelled(e) || controller.signal.aborted) return;
          // A job that cannot be read (deleted, a transient failure) keeps what was held: its curve is simply absent.
        }
        setPending(--left);
      }
    };
    for (let i = 0; i < PARALLEL; i++) void worker();
    return () => controller.abort();
  }, [key, reloadKey]);
  return { curves, pending };
}

function held(runs: readonly { id: string; trainingJobId: string }[]): Map<string, RunCurve> {
  const out = new Map<string, RunCurve>();
  for (const r of runs) {
    const c = cache.get(r.trainingJobId);
    if (c) out.set(r.id, c);
  }
  return out;
}
