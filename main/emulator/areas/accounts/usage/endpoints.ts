// `GET /v2/accounts/usage/endpoints` (01-accounts.md, Usage objects: Endpoint usage): per
// serverless endpoint, its executions (the endpoints area's tally: simulated traffic and API
// executions), its workers' GPU-hours and cost (its metering), day by day in the account's zone,
// and who executed it.
import type { EndpointUsageEntry, EndpointUsageResponse } from '../../../../../shared/api/accounts/usage';
import type { EmulatorContext } from '../../../core/context';
import type { Metered, Tallied } from '../../../core/metering';
import { iso, periodFields, type BillingFrame } from './billing';
import { BucketSeries, bucketOf, spanUnits, split, withOrigin } from './collect';
import { percentages, round, runningRounded } from './money';
import { bucketBounds } from './window';

const HOUR = 3_600_000;
const TOP_USERS = 5;

interface Gathered {
  name: string;
  stretches: Metered[];
  tally: Tallied | null;
}

const whole = (upTo: readonly number[], k: number) => Math.round(upTo[k + 1]!) - Math.round(upTo[k]!);

export function endpointUsage(ctx: EmulatorContext, frame: BillingFrame): EndpointUsageResponse {
  const { window: w, money } = frame;
  const bounds = bucketBounds(w, 'day');
  const byId = new Map<string, Gathered>();
  const gathered = (id: string, name: string) => {
    let g = byId.get(id);
    if (!g) byId.set(id, (g = { name, stretches: [], tally: null }));
    return g;
  };
  // Stretches before the window too: they make the running total a day's cents are read from
  // (collect.ts, ORIGIN), so a day reads the same in any period; an endpoint listed met the window.
  for (const m of ctx.metering())
    if (m.resource.type === 'endpoint' && m.start < w.end) gathered(m.resource.id, m.resource.name).stretches.push(m);
  for (const t of ctx.tallies())
    if (t.resource.type === 'endpoint' && t.unit === 'executions') gathered(t.resource.id, t.resource.name).tally = t;

  const all = withOrigin(bounds);
  const entries: Array<EndpointUsageEntry & { units: number }> = [];
  for (const [endpointId, g] of byId) {
    const usd = new BucketSeries(all);
    const hours = new BucketSeries(bounds);
    for (const m of g.stretches) {
      const a = Math.max(all[0]!, m.start);
      const b = Math.min(w.end, m.end ?? w.end);
      if (b <= a) continue;
      usd.addRate(a, b, m.usdPerHour / HOUR, bucketOf(all, a), bucketOf(all, b - 1));
      const wa = Math.max(w.start, a);
      if (b > wa) hours.addRate(wa, b, m.gpus / HOUR, bucketOf(bounds, wa), bucketOf(bounds, b - 1));
    }
    const usdDays = split(usd.settle());
    const hourDays = hours.settle();
    const upTo = g.tally?.cumulative(bounds) ?? bounds.map(() => 0);
    const executions = Math.round(upTo[upTo.length - 1]!) - Math.round(upTo[0]!);
    const inUnits = (v: number) => money.units(v);
    const units = spanUnits(usdDays, inUnits);
    if (executions === 0 && units === 0) continue;
    const dayUnits = runningRounded(usdDays.values, inUnits, usdDays.before);
    const usage = dayUnits.map((units, k) => ({
      date: iso(bounds[k]!),
      executions: whole(upTo, k),
      computeHours: round(hourDays[k]!),
      cost: money.amount(units),
      averageExecutionTime: latency(g.tally, whole(upTo, k), bounds[k]!, bounds[k + 1]!),
    }));
    const users = g.tally?.byUser ? [...g.tally.byUser(w.start, w.end)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])) : [];
    const userCounts = users.map(([, n]) => Math.round(n));
    const shares = percentages(userCounts);
    const success = executions > 0 ? (g.tally?.successRate?.(w.start, w.end) ?? null) : null;
    entries.push({
      units,
      endpointId,
      name: g.name,
      executions,
      computeHours: round(hourDays.reduce((a, b) => a + b, 0)),
      cost: money.amount(units),
      averageExecutionTime: latency(g.tally, executions, w.start, w.end),
      successRate: success === null ? null : round(success),
      usage,
      topUsers: users
        .map(([userId], i) => ({ userId, executions: userCounts[i]!, percentage: shares[i]! }))
        .filter((u) => u.executions > 0)
        .slice(0, TOP_USERS),
    });
  }
  entries.sort((a, b) => b.executions - a.executions || a.endpointId.localeCompare(b.endpointId));

  const totalUnits = entries.reduce((a, e) => a + e.units, 0);
  const totalExecutions = entries.reduce((a, e) => a + e.executions, 0);
  return {
    ...periodFields(frame),
    endpointUsage: entries.map(({ units: _units, ...e }) => e),
    summary: {
      totalExecutions,
      totalCost: money.amount(totalUnits),
      // Per execution, to a millionth: one execution costs a small fraction of a cent.
      averageExecutionCost: totalExecutions ? round(money.amount(totalUnits) / totalExecutions, 6) : null,
      mostUsedEndpoint: entries[0] && entries[0].executions > 0 ? entries[0].endpointId : null,
    },
  };
}

/** The mean execution time (ms) over a span that had `executions`; null when it had none (or the tally does not say). */
function latency(t: Tallied | null, executions: number, from: number, to: number): number | null {
  const ms = executions > 0 ? (t?.meanLatencyMs?.(from, to) ?? null) : null;
  return ms === null ? null : Math.round(ms);
}
