// Key usage over a period: totals, a timeline in hour/day/week buckets (weeks start on
// Monday, UTC), and the most used endpoints, all from the recorded usage log.
import type { Granularity, UsagePeriod } from '../../../../../shared/api/common';
import type { KeyUsageResponse } from '../../../../../shared/api/accounts/api-keys';
import type { UsageLog } from '../state';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
const MONDAY_OFFSET = 4 * DAY; // 1970-01-01 was a Thursday
const PERIOD_MS: Record<UsagePeriod, number> = { '1d': DAY, '7d': 7 * DAY, '30d': 30 * DAY, '90d': 90 * DAY };
const STEP_MS: Record<Granularity, number> = { hour: HOUR, day: DAY, week: WEEK };
const TOP_ENDPOINTS = 10;

function bucketStart(t: number, g: Granularity): number {
  if (g === 'week') return Math.floor((t - MONDAY_OFFSET) / WEEK) * WEEK + MONDAY_OFFSET;
  return t - (t % STEP_MS[g]);
}

export function keyUsage(
  log: UsageLog | undefined,
  keyId: string,
  period: UsagePeriod,
  granularity: Granularity,
  now: number,
): KeyUsageResponse {
  const from = now - PERIOD_MS[period];
  const first = bucketStart(from, granularity);
  const step = STEP_MS[granularity];
  const timeline: Array<{ t: number; reads: number; writes: number; executions: number }> = [];
  for (let t = first; t <= now; t += step) timeline.push({ t, reads: 0, writes: 0, executions: 0 });
  const usage = { reads: 0, writes: 0, executions: 0, totalRequests: 0 };
  const fromHour = from - (from % HOUR);
  for (const [hour, [r, w, e]] of log?.hours ?? []) {
    if (hour < fromHour || hour > now) continue;
    const row = timeline[Math.floor((bucketStart(hour, granularity) - first) / step)];
    if (!row) continue;
    row.reads += r;
    row.writes += w;
    row.executions += e;
    usage.reads += r;
    usage.writes += w;
    usage.executions += e;
  }
  usage.totalRequests = usage.reads + usage.writes + usage.executions;
  const counts = new Map<string, number>();
  const fromDay = from - (from % DAY);
  for (const [day, m] of log?.days ?? []) {
    if (day < fromDay || day > now) continue;
    for (const [endpoint, n] of m) counts.set(endpoint, (counts.get(endpoint) ?? 0) + n);
  }
  const topEndpoints = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_ENDPOINTS)
    .map(([label, count]) => {
      const space = label.indexOf(' ');
      return { method: label.slice(0, space), endpoint: label.slice(space + 1), count };
    });
  return {
    keyId,
    period,
    granularity,
    usage,
    timeline: timeline.map(({ t, ...rest }) => ({ date: new Date(t).toISOString(), ...rest })),
    topEndpoints,
  };
}
