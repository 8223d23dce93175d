// Simulated request traffic of an endpoint (docs/decisions.md, Endpoints: traffic), a pure
// function of the stored record and the simulated time: a daily curve peaking at the
// endpoint's peak hour, a deterministic per-minute swing, and the health's effect on how much
// is served, how slowly and how often it fails. Latency follows load (requests over capacity).
import type { HealthStatus } from '../../../../../shared/api/endpoints/common';
import { healthAt, rolloutActive, servingSince } from './lifecycle';
import type { StoredEndpoint } from '../state';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Share of traffic served, latency factor and error share by health. */
const BY_HEALTH: Record<HealthStatus, { served: number; latency: number; errors: number }> = {
  healthy: { served: 1, latency: 1, errors: 0.002 },
  degraded: { served: 1, latency: 2.4, errors: 0.03 },
  unhealthy: { served: 0.4, latency: 4, errors: 0.22 },
  starting: { served: 0, latency: 1, errors: 0 },
  stopped: { served: 0, latency: 1, errors: 0 },
  error: { served: 0, latency: 1, errors: 0 },
};

/** A deterministic value in [-1, 1] for an endpoint and a minute. */
function swing(id: string, minute: number): number {
  let h = 0x811c9dc5 ^ minute;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h ^= h >>> 12;
  return ((h >>> 0) / 4294967295) * 2 - 1;
}

/**
 * Demand in requests per second at `t` (before the health's share): 35–100% of the peak along the day, ±8% per minute.
 * @internal Exported for its tests only.
 */
export function demandAt(e: StoredEndpoint, t: number): number {
  const hour = (((t % 86_400_000) + 86_400_000) % 86_400_000) / HOUR;
  const daily = 0.35 + 0.65 * (0.5 + 0.5 * Math.cos((2 * Math.PI * (hour - e.traffic.peak_hour)) / 24));
  return e.traffic.peak_rps * daily * (1 + 0.08 * swing(e.id, Math.floor(t / MINUTE)));
}

/** Requests per second the endpoint can hold at its base latency. */
function capacityOf(e: StoredEndpoint, t: number): number {
  // A rollout restarts workers one at a time: one fewer serves meanwhile.
  const workers = Math.max(1, e.configuration.workerCount - (rolloutActive(e, t) ? 1 : 0));
  return (workers * e.configuration.maxConcurrency) / (e.traffic.latency_ms / 1000);
}

export interface TrafficSample {
  health: HealthStatus;
  /** Requests served per second. */
  rps: number;
  /** Requests over capacity (0 when not serving). */
  load: number;
  latencyMs: number;
  errorShare: number;
}

export function sampleAt(e: StoredEndpoint, t: number): TrafficSample {
  const health = healthAt(e, t);
  const since = servingSince(e, t);
  const h = BY_HEALTH[health];
  if (since === null || t < since) return { health, rps: 0, load: 0, latencyMs: 0, errorShare: 0 };
  const rps = demandAt(e, t) * h.served;
  const load = rps / capacityOf(e, t);
  // Queueing: latency rises steeply as load nears and passes capacity.
  const queue = load < 0.7 ? 1 : 1 + ((load - 0.7) / 0.3) ** 2 * 0.8;
  return {
    health,
    rps,
    load,
    latencyMs: e.traffic.latency_ms * h.latency * queue,
    errorShare: Math.min(0.95, h.errors * (load > 1 ? load : 1)),
  };
}

export interface HourMetrics {
  requestsLastHour: number;
  averageLatency: number;
  errorRate: number;
  successRate: number;
}

const pct = (x: number) => Math.round(x * 10_000) / 100;

/** The last hour's figures at `now`: one sample per minute (its middle), weighted by requests. */
export function lastHour(e: StoredEndpoint, now: number): HourMetrics {
  let requests = 0;
  let latency = 0;
  let errors = 0;
  for (let i = 0; i < 60; i++) {
    const s = sampleAt(e, now - HOUR + i * MINUTE + MINUTE / 2);
    const n = s.rps * 60;
    requests += n;
    latency += n * s.latencyMs;
    errors += n * s.errorShare;
  }
  if (requests < 0.5) return { requestsLastHour: 0, averageLatency: 0, errorRate: 0, successRate: 100 };
  const errorRate = pct(errors / requests);
  return {
    requestsLastHour: Math.round(requests),
    averageLatency: Math.round(latency / requests),
    errorRate,
    successRate: Math.round((100 - errorRate) * 100) / 100,
  };
}

/** Requests executing at `t` from the simulated traffic (Little's law: rate × latency). */
export function activeAt(e: StoredEndpoint, t: number): number {
  const s = sampleAt(e, t);
  return Math.round((s.rps * s.latencyMs) / 1000);
}
