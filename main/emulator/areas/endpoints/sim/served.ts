// An endpoint's serving history (docs/decisions.md, Endpoints: serving history and executions):
// the stretches it served at one worker count — the billed rate — closed into the stored
// history when it stops and when its worker count changes, then the current one, computed from
// the record. Its billing (metering.ts) and its executions (sim/executions.ts) read the same
// stretches, so a stop keeps what it served and a new worker count does not re-price the past.
import { GPU_HOURLY_PRICE } from '../../../../../shared/api/clusters/common';
import { SERVING_HISTORY_MAX } from '../stored-schema';
import type { StoredEndpoint } from '../state';
import { startupEnd } from './lifecycle';

export type ServedStretch = Omit<StoredEndpoint['serving_history'][number], 'end'> & {
  /** null: still serving. */
  end: number | null;
};

export const gpuHourlyPrice = (gpu: string) => (GPU_HOURLY_PRICE as Readonly<Record<string, number>>)[gpu] ?? 0;

/**
 * The current stretch: from when the endpoint began to serve (a starting one once its startup
 * ends) or its worker count last changed, at its workers; null when stopped or failed. It serves
 * (and is billed) whether healthy, degraded or unhealthy: its workers run either way.
 */
function currentStretch(e: StoredEndpoint): ServedStretch | null {
  if (e.health === 'stopped' || e.health === 'error') return null;
  const servedFrom = e.health === 'starting' ? startupEnd(e) : e.health_since;
  const health = e.health === 'starting' ? 'healthy' : e.health;
  const workers = e.configuration.workerCount;
  return {
    start: Math.max(servedFrom, e.rate_since ?? -Infinity),
    end: null,
    workers,
    usd_per_hour: workers * gpuHourlyPrice(e.gpu_type),
    health,
    // Incidents strike a healthy endpoint from when it began to serve healthy (sim/incidents.ts).
    incidents_from: health === 'healthy' ? servedFrom : null,
  };
}

/** Everything the endpoint served, oldest first: its history, then the current stretch. */
export function servedStretches(e: StoredEndpoint): ServedStretch[] {
  const current = currentStretch(e);
  return current ? [...e.serving_history, current] : e.serving_history;
}

/**
 * Closes the current stretch at `end` into the history, before a stop or a new worker count.
 * Past SERVING_HISTORY_MAX the two oldest are merged when one follows the other at the same
 * health (cost, GPU-hours and executions kept: the rate and workers become time-weighted means),
 * else the oldest is dropped.
 */
export function closeServedStretch(e: StoredEndpoint, end: number): void {
  const current = currentStretch(e);
  if (current && end > current.start) e.serving_history.push({ ...current, end });
  const h = e.serving_history;
  while (h.length > SERVING_HISTORY_MAX) {
    const [a, b] = [h[0]!, h[1]!];
    if (a.end === b.start && a.health === b.health && a.incidents_from === b.incidents_from) {
      const [da, db] = [a.end - a.start, b.end - b.start];
      const mean = (x: number, y: number) => (x * da + y * db) / (da + db);
      h.splice(0, 2, { ...a, end: b.end, workers: mean(a.workers, b.workers), usd_per_hour: mean(a.usd_per_hour, b.usd_per_hour) });
    } else h.shift();
  }
}
