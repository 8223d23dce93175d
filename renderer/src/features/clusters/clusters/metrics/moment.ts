// The dashboard at a moment, as another view links to it (a log line's time and GPU:
// `#/clusters/<id>/metrics?at=<ISO time>&gpu=gpu_3`, platform/navigation/links.ts): a historical
// range around that time, with that GPU alone shown.
import { METRICS_AT_PARAM, METRICS_GPU_PARAM } from '../../../../platform/navigation/links';
import { checkCustomRange } from './ranges';

/**
 * Minutes either side of the moment.
 * @internal Exported for its tests only.
 */
export const MOMENT_SPAN_MS = 15 * 60_000;

export interface Moment {
  /** The moment itself (epoch ms), marked on the charts. */
  at: number;
  range: { start: number; end: number };
  /** The GPU to show alone, when it is one of the cluster's. */
  gpu: string | null;
}

export function readMoment(query: URLSearchParams, now: number, gpus: readonly string[]): Moment | null {
  const at = Date.parse(query.get(METRICS_AT_PARAM) ?? '');
  if (!Number.isFinite(at)) return null;
  // A moment within the last minutes still gets a whole window: it ends now and starts earlier.
  const end = Math.min(at + MOMENT_SPAN_MS, now);
  const checked = checkCustomRange(Math.min(at - MOMENT_SPAN_MS, end - 2 * MOMENT_SPAN_MS), end, now);
  if (!checked.ok) return null;
  const gpu = query.get(METRICS_GPU_PARAM);
  return { at, range: { start: checked.start, end: checked.end }, gpu: gpu && gpus.includes(gpu) ? gpu : null };
}

/** The GPUs to hide so that only `gpu` shows. */
export function hiddenExcept(gpus: readonly string[], gpu: string): Set<string> {
  return new Set(gpus.filter((g) => g !== gpu));
}
