// The overview's figures in words, free of React for unit tests: today's and the month's spend
// against the cost alerts, which running clusters are shown, a cluster's mean utilisation, which
// endpoints need attention, and the emulator's clock run forward between reads.
import type { DetailedUsageResponse, UsageAlert } from '../../../../shared/api/accounts/usage';
import type { HealthStatus } from '../../../../shared/api/endpoints/common';
import { formatNumber } from '../../lib/format';
import { formatMoney } from '../../lib/money';

/** Running clusters shown with their GPUs (each costs a snapshot read of the clusters group). */
export const LIVE_CLUSTERS_SHOWN = 5;
/** Rows of the jobs and events cards. */
export const FAILED_SHOWN = 5;
/** The usage API allows 100 reads an hour (01-accounts.md, Limits): the spend card reads at most every 5 minutes. */
export const SPEND_REFRESH_MS = 5 * 60_000;

/** What today cost so far: the one-day timeline's buckets (one day, local to the account's time zone). */
export function spendToday(detailed: Pick<DetailedUsageResponse, 'timeline'>): number {
  return detailed.timeline.reduce((sum, entry) => sum + entry.cost, 0);
}

/** An alert's figure against its threshold, in its unit: `$1,234.50 of $2,000.00`, `12.5 of 40 GPU-hours`. */
export function alertFigures(alert: Pick<UsageAlert, 'type' | 'current' | 'threshold'>): string {
  if (alert.type === 'cost') return `${formatMoney(alert.current)} of ${formatMoney(alert.threshold)}`;
  return `${formatNumber(alert.current)} of ${formatNumber(alert.threshold)} GPU-hours`;
}

/** The alerts worth a line, the nearest to their threshold first: enabled ones, triggered before warning before ok. */
export function alertsByUrgency<T extends Pick<UsageAlert, 'status' | 'percentage' | 'enabled'>>(alerts: readonly T[]): T[] {
  const rank = { triggered: 0, warning: 1, ok: 2 } as const;
  return alerts.filter((a) => a.enabled).sort((a, b) => rank[a.status] - rank[b.status] || b.percentage - a.percentage);
}

/** `$1,200.00 – $1,450.00 (80 % likely)`: the month's prediction interval with its level. */
export function monthlyRangeText(
  projections: Pick<DetailedUsageResponse['projections'], 'monthlyRange' | 'confidence'>,
  currency = 'USD',
): string {
  const { low, high } = projections.monthlyRange;
  return `${formatMoney(low, currency)} – ${formatMoney(high, currency)} (${Math.round(projections.confidence * 100)} % likely)`;
}

/** The running clusters shown: the most GPUs first (where the money goes), then by name. */
export function liveClusters<T extends { name: string; gpu: { count: number } }>(running: readonly T[], shown = LIVE_CLUSTERS_SHOWN): T[] {
  return [...running].sort((a, b) => b.gpu.count - a.gpu.count || a.name.localeCompare(b.name)).slice(0, shown);
}

/** Mean of the GPUs' utilisation (%), one decimal; null without GPUs. */
export function meanUtilisation(gpus: readonly number[]): number | null {
  if (gpus.length === 0) return null;
  return Math.round((gpus.reduce((s, v) => s + v, 0) / gpus.length) * 10) / 10;
}

/** Health that needs someone's attention (starting, stopped and healthy ones do not). */
const ATTENTION: readonly HealthStatus[] = ['unhealthy', 'error', 'degraded'];

/** The endpoints to look at, the worst first. */
export function unhealthyEndpoints<T extends { health: HealthStatus; name: string }>(endpoints: readonly T[]): T[] {
  return endpoints
    .filter((e) => ATTENTION.includes(e.health))
    .sort((a, b) => ATTENTION.indexOf(a.health) - ATTENTION.indexOf(b.health) || a.name.localeCompare(b.name));
}

/** The simulated now (ms): the clock read at `readAt` (real ms), run forward at its speed. */
export function simulatedNow(clock: { now: string; speed: number }, readAt: number, realNow: number): number {
  return Date.parse(clock.now) + Math.max(0, realNow - readAt) * clock.speed;
}

/** How far the simulated clock is from real time, in words: `3 days 4 hours ahead`, `in step`. */
export function offsetText(offsetSeconds: number): string {
  const abs = Math.abs(offsetSeconds);
  if (abs < 60) return 'in step with real time';
  const days = Math.floor(abs / 86_400);
  const hours = Math.floor((abs % 86_400) / 3_600);
  const minutes = Math.floor((abs % 3_600) / 60);
  const parts =
    days > 0
      ? [plural(days, 'day'), hours > 0 ? plural(hours, 'hour') : '']
      : [hours > 0 ? plural(hours, 'hour') : '', minutes > 0 ? plural(minutes, 'minute') : ''];
  return `${parts.filter(Boolean).join(' ')} ${offsetSeconds > 0 ? 'ahead of' : 'behind'} real time`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
