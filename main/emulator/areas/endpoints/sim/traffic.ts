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
export const BY_HEALTH: Record<HealthStatus, { served: number; latency: number; errors: number }> = {
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

/** The smooth daily curve at `t`, a share of the peak: 35% to 100%, highest at `peakHour` (UTC). */
export function dailyShare(peakHour: number, t: number): number {
  const hour = (t - Math.floor(t / 86_400_000) * 86_400_000) / HOUR;
  return 0.35 + 0.65 * (0.5 + 0.5 * Math.cos((2 * Math.PI * (hour - peakHour)) / 24));
}

/**
 * Demand in requests per second at `t` (before the health's share): 35–100% of the peak along the day, ±8% per minute.
 * @internal Exported for its tests only.
 */
export function demandAt(e: StoredEndpoint, t: number): number {
  return e.traffic.peak_rps * dailyShare(e.traffic.peak_hour, t) * (1 + 0.08 * swing(e.id, Math.floor(t / MINUTE)));
}

/** Requests per second `workers` can hold at the endpoint's base latency. */
export function capacityOf(e: StoredEndpoint, workers: number, t: number): number {
  // A rollout restarts workers one at a time: one fewer serves meanwhile.
  const serving = Math.max(1, workers - (rolloutActive(e, t) ? 1 : 0));
  return (serving * e.configuration.maxConcurrency) / (e.traffic.latency_ms / 1000);
}

/** Queueing: latency rises steeply as load nears and passes capacity. */
export const queueFactor = (load: number) => (load < 0.7 ? 1 : 1 + ((load - 0.7) / 0.3) ** 2 * 0.8);

/** Share of requests that fail at a health and a load. */
export const errorShareOf = (health: HealthStatus, load: number) => Math.min(0.95, BY_HEALTH[health].errors * (load > 1 ? load : 1));

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
  const load = rps / capacityOf(e, e.configuration.workerCount, t);
  return { health, rps, load, latencyMs: e.traffic.latency_ms * h.latency * queueFactor(load), errorShare: errorShareOf(health, load) };
}

/** Requests executing at `t` from the simulated traffic (Little's law: rate × latency). */
export function activeAt(e: StoredEndpoint, t: number): number {
  const s = sampleAt(e, t);
  return Math.round((s.rps * s.latencyMs) / 1000);
}
