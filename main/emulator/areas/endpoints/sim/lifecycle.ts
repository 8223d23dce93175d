// What an endpoint is at a moment, computed from its stored record and the simulated clock
// (docs/decisions.md, Endpoints: states): a `starting` endpoint runs its four startup phases
// and is `healthy` after them, but for its incidents (sim/incidents.ts); a rollout shows
// `updating` until it has reached every worker.
import type { HealthStatus, Readiness } from '../../../../../shared/api/endpoints/common';
import type { StoredEndpoint } from '../state';
import { incidentAt } from './incidents';

export const STARTUP_PHASES = ['container_startup', 'dependency_loading', 'loading_model', 'warmup_inference'] as const;

/** When the startup of a `starting` endpoint ends (ms). */
export const startupEnd = (e: StoredEndpoint) => e.health_since + e.startup.reduce((a, b) => a + b, 0) * 1000;

/** The health at `t`: a healthy endpoint is `unhealthy` during an incident (sim/incidents.ts). */
export function healthAt(e: StoredEndpoint, t: number): HealthStatus {
  const settled = e.health === 'starting' ? (t >= startupEnd(e) ? 'healthy' : 'starting') : e.health;
  if (settled === 'healthy' && incidentAt(e, startupEnd(e), t)) return 'unhealthy';
  return settled;
}

export const isServing = (h: HealthStatus) => h === 'healthy' || h === 'degraded' || h === 'unhealthy';

/** Since when the endpoint has served (its uptime's start); null when it does not serve at `t`. */
export function servingSince(e: StoredEndpoint, t: number): number | null {
  if (!isServing(healthAt(e, t))) return null;
  return e.health === 'starting' ? startupEnd(e) : e.health_since;
}

export const rolloutActive = (e: StoredEndpoint, t: number) => e.rollout !== null && e.rollout.started_at <= t && t < e.rollout.ends_at;

export function readinessOf(h: HealthStatus): Readiness {
  if (h === 'starting') return 'warming_up';
  return h === 'healthy' || h === 'degraded' ? 'ready' : 'not_ready';
}

export interface StartupView {
  phase: (typeof STARTUP_PHASES)[number];
  progress: number;
  estimatedCompletion: number;
  phases: Array<{
    name: (typeof STARTUP_PHASES)[number];
    status: 'completed' | 'in_progress' | 'pending';
    duration: number | null;
    progress: number;
    estimatedRemaining: number | null;
    estimatedDuration: number;
  }>;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Startup progress of a `starting` endpoint at `t` (03, Health report: startupProgress). */
export function startupAt(e: StoredEndpoint, t: number): StartupView {
  const elapsed = Math.max(0, (t - e.health_since) / 1000);
  const total = e.startup.reduce((a, b) => a + b, 0);
  let offset = 0;
  let current: StartupView['phase'] = STARTUP_PHASES[STARTUP_PHASES.length - 1]!;
  const phases = STARTUP_PHASES.map((name, i) => {
    const d = e.startup[i]!;
    const into = elapsed - offset;
    offset += d;
    if (into >= d) return { name, status: 'completed' as const, duration: d, progress: 100, estimatedRemaining: 0, estimatedDuration: d };
    if (into >= 0) {
      current = name;
      return {
        name,
        status: 'in_progress' as const,
        duration: round1(into),
        progress: round1((into / d) * 100),
        estimatedRemaining: round1(d - into),
        estimatedDuration: d,
      };
    }
    return { name, status: 'pending' as const, duration: null, progress: 0, estimatedRemaining: d, estimatedDuration: d };
  });
  return {
    phase: current,
    progress: round1(Math.min(99.9, (elapsed / total) * 100)),
    estimatedCompletion: startupEnd(e),
    phases,
  };
}

/** `<h>h <m>m <s>s` (03, Health report: uptime). */
export function uptimeText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m ${s % 60}s`;
}
