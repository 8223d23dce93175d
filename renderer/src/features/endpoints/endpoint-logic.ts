// Pure rules of the endpoints views: the colour of each status, whether a status is moving
// (worth polling), the list filter and the figures as operators read them. Free of React so
// unit tests read the same rules.
import type { EndpointStatus } from '../../../../shared/api/endpoints/common';
import type { Endpoint } from '../../../../shared/api/endpoints/endpoint';

export type StatusColor = 'success' | 'default' | 'error' | 'info' | 'warning';

/** Health report statuses and component statuses (03, Health report) share these colours. */
export const STATUS_COLOR: Readonly<Record<string, StatusColor>> = {
  healthy: 'success',
  degraded: 'warning',
  unhealthy: 'error',
  starting: 'info',
  updating: 'info',
  stopped: 'default',
  error: 'error',
  failed: 'error',
  unknown: 'default',
  warning: 'warning',
  initializing: 'info',
};

/** An endpoint whose status moves by itself: starting endpoints and rollouts. */
export function isMoving(status: EndpointStatus): boolean {
  return status === 'starting' || status === 'updating';
}

/** Name, id, model or GPU containing the text (case-insensitive). */
export function filterEndpoints(endpoints: readonly Endpoint[], text: string): Endpoint[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...endpoints];
  return endpoints.filter((e) => [e.name, e.id, e.model, e.gpuType, e.status].some((v) => v.toLowerCase().includes(q)));
}

/** "1.2 s" from 1200 ms, "85 ms" below a second. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 1)} s` : `${Math.round(ms)} ms`;
}

/** "0.4%" with one decimal below 10, whole above. */
export function formatPercent(p: number): string {
  return `${p < 10 ? p.toFixed(1) : Math.round(p)}%`;
}

/** "3m 20s" from seconds. */
export function formatSeconds(s: number | null | undefined): string {
  if (s === null || s === undefined) return '—';
  const whole = Math.max(0, Math.round(s));
  const m = Math.floor(whole / 60);
  return m > 0 ? `${m}m ${String(whole % 60).padStart(2, '0')}s` : `${whole}s`;
}

/** `loading_model` → "Loading model". */
export function phaseLabel(name: string): string {
  const words = name.replace(/_/g, ' ').replace(/\b(gpu|cpu|api|io)\b/gi, (w) => w.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}
