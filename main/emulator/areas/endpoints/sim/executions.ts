// An endpoint's executions (docs/decisions.md, Endpoints: serving history and executions): the
// simulated traffic it served plus the executions made through the API. The traffic is counted
// analytically: the smooth daily curve's integral (its mean and the cosine's integral) times
// the health's served share, over the serving stretches (sim/served.ts) cut at the incidents, so
// months of 200 endpoints count in one sweep. The per-minute swing of the traffic (display noise,
// mean ~0) is left out of the count. The API's executions are the stored hourly ledger, each
// hour's counted from its start. One function, one figure: the usage tally, the last hour's
// requests of the endpoint's own metrics and its health report all read `executionsCumulative`.
import { incidentsOverlapping } from './incidents';
import { servedStretches, type ServedStretch } from './served';
import { BY_HEALTH, capacityOf, dailyShare, errorShareOf, queueFactor } from './traffic';
import type { StoredEndpoint } from '../state';
import { EXECUTION_HOURS_MAX } from '../stored-schema';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const OMEGA = (2 * Math.PI) / DAY;

/** The daily curve's phase at `t` (radians), reduced to a day first so large times keep their precision (floor, not %: far faster on such numbers). */
function phase(peakHour: number, t: number): number {
  const x = t - peakHour * HOUR;
  return (x - Math.floor(x / DAY) * DAY) * OMEGA;
}

/**
 * ∫ of the daily curve (sim/traffic.ts `dailyShare`, 0.675 + 0.325·cos) over [a, b), in share × ms.
 * @internal Exported for its tests only.
 */
export function dailyIntegral(peakHour: number, a: number, b: number): number {
  return dailyIntegralFrom(peakHour, a, Math.sin(phase(peakHour, a)), b);
}

/** `dailyIntegral` with the sine at `a` given: a sweep computes it once per piece. */
const dailyIntegralFrom = (peakHour: number, a: number, sinA: number, b: number) =>
  0.675 * (b - a) + (0.325 / OMEGA) * (Math.sin(phase(peakHour, b)) - sinA);

/** A part of a serving stretch at one health: an incident cuts a healthy stretch. */
interface Piece {
  start: number;
  end: number;
  health: ServedStretch['health'];
  workers: number;
}

/** The pieces of the endpoint's serving within [from, until), oldest first. */
function* piecesWithin(e: StoredEndpoint, from: number, until: number): Generator<Piece> {
  // A serving endpoint's count has no end, and its incidents are drawn day by day.
  if (!Number.isFinite(until)) throw new RangeError('executions are counted up to a finite time');
  for (const s of servedStretches(e)) {
    const lo = Math.max(s.start, from);
    const hi = Math.min(s.end ?? Infinity, until);
    if (hi <= lo) continue;
    if (s.health !== 'healthy' || s.incidents_from === null) {
      yield { start: lo, end: hi, health: s.health, workers: s.workers };
      continue;
    }
    let at = lo;
    for (const i of incidentsOverlapping(e.id, s.incidents_from, lo, hi)) {
      const [a, b] = [Math.max(at, i.start), Math.min(hi, i.end)];
      if (b <= a) continue;
      if (a > at) yield { start: at, end: a, health: 'healthy', workers: s.workers };
      yield { start: a, end: b, health: 'unhealthy', workers: s.workers };
      at = b;
    }
    if (hi > at) yield { start: at, end: hi, health: 'healthy', workers: s.workers };
  }
}

/** Requests a piece served within [a, b). */
const servedWithin = (e: StoredEndpoint, p: Piece, a: number, b: number) =>
  (e.traffic.peak_rps * BY_HEALTH[p.health].served * dailyIntegral(e.traffic.peak_hour, a, b)) / 1000;

/**
 * For each of `times` (ascending), the executions before it: the traffic served and the API's
 * ledger. Non-decreasing, in one sweep over the pieces, the ledger and the times.
 */
export function executionsCumulative(e: StoredEndpoint, times: readonly number[]): number[] {
  const out = new Array<number>(times.length);
  if (times.length === 0) return out;
  let acc = 0;
  let k = 0;
  const peak = e.traffic.peak_hour;
  for (const p of piecesWithin(e, -Infinity, times[times.length - 1]!)) {
    for (; k < times.length && times[k]! <= p.start; k++) out[k] = acc;
    const rate = (e.traffic.peak_rps * BY_HEALTH[p.health].served) / 1000;
    const sinStart = Math.sin(phase(peak, p.start));
    for (; k < times.length && times[k]! < p.end; k++) out[k] = acc + rate * dailyIntegralFrom(peak, p.start, sinStart, times[k]!);
    acc += rate * dailyIntegralFrom(peak, p.start, sinStart, p.end);
  }
  for (; k < times.length; k++) out[k] = acc;
  // The API's executions: an hour's count from the hour's start.
  let api = 0;
  let h = 0;
  const ledger = e.api_executions;
  for (let j = 0; j < times.length; j++) {
    for (; h < ledger.length && ledger[h]!.hour < times[j]!; h++) for (const n of Object.values(ledger[h]!.by)) api += n;
    out[j] = out[j]! + api;
  }
  return out;
}

/**
 * Adds `count` executions made through the API at `now` by member `user` to the endpoint's hourly
 * ledger. Past EXECUTION_HOURS_MAX hours the oldest is folded into the next: more than the
 * longest usage period back, so no period's count moves.
 */
export function recordApiExecutions(e: StoredEndpoint, user: string, now: number, count: number): void {
  const hour = Math.floor(now / HOUR) * HOUR;
  const ledger = e.api_executions;
  let last = ledger[ledger.length - 1];
  if (!last || last.hour < hour) ledger.push((last = { hour, by: {} }));
  // A clock never runs back, but an imported state may hold a later hour: counted into the latest.
  last.by[user] = (last.by[user] ?? 0) + count;
  while (ledger.length > EXECUTION_HOURS_MAX) {
    const [a, b] = [ledger[0]!, ledger[1]!];
    for (const [u, n] of Object.entries(a.by)) b.by[u] = (b.by[u] ?? 0) + n;
    ledger.shift();
  }
}

/** Who sends the simulated traffic, by percent: the stored callers, else its creator. */
function callersOf(e: StoredEndpoint): Array<{ user_id: string; percent: number }> {
  if (e.callers.length > 0) return e.callers;
  return e.created_by ? [{ user_id: e.created_by, percent: 100 }] : [];
}

/** The executions within [from, to) by member: the traffic in its callers' shares, the API's by the key's member. */
export function executionsByUser(e: StoredEndpoint, from: number, to: number): Map<string, number> {
  const out = new Map<string, number>();
  const add = (user: string, n: number) => out.set(user, (out.get(user) ?? 0) + n);
  const callers = callersOf(e);
  const total = callers.reduce((a, c) => a + c.percent, 0);
  if (total > 0) {
    let traffic = 0;
    for (const p of piecesWithin(e, from, to)) traffic += servedWithin(e, p, p.start, p.end);
    for (const c of callers) add(c.user_id, (traffic * c.percent) / total);
  }
  for (const x of e.api_executions) if (x.hour >= from && x.hour < to) for (const [user, n] of Object.entries(x.by)) add(user, n);
  return out;
}

export interface ServedQuality {
  /** The mean latency (ms) and success rate (percent) of the simulated traffic's requests; 0 and 100 when none. */
  meanLatencyMs: number;
  successRate: number;
}

/** The daily curve at the middle of each UTC hour, by peak hour: a whole hour's step reads it rather than the cosine. */
const hourMiddleShares = new Map<number, Float64Array>();
function shareAtHourMiddle(peakHour: number, hourOfDay: number): number {
  let shares = hourMiddleShares.get(peakHour);
  if (!shares) {
    shares = Float64Array.from({ length: 24 }, (_, h) => dailyShare(peakHour, h * HOUR + HOUR / 2));
    hourMiddleShares.set(peakHour, shares);
  }
  return shares[hourOfDay]!;
}

/**
 * The traffic's requests-weighted latency and success within [from, to), at `step` resolution
 * (a divisor of a day): the load, hence the queueing and the failures, read at each step's
 * middle, and the step's requests (the weight) by the midpoint rule.
 */
export function servedQuality(e: StoredEndpoint, from: number, to: number, step: number): ServedQuality {
  const peak = e.traffic.peak_hour;
  let requests = 0;
  let latency = 0;
  let errors = 0;
  for (const p of piecesWithin(e, from, to)) {
    const h = BY_HEALTH[p.health];
    const rate = e.traffic.peak_rps * h.served;
    for (let a = p.start; a < p.end;) {
      const b = Math.min(p.end, (Math.floor(a / step) + 1) * step);
      const mid = (a + b) / 2;
      const share = b - a === HOUR ? shareAtHourMiddle(peak, Math.floor(a / HOUR) - Math.floor(a / DAY) * 24) : dailyShare(peak, mid);
      const n = rate * share * (b - a);
      const load = (rate * share) / capacityOf(e, p.workers, mid);
      requests += n;
      latency += n * e.traffic.latency_ms * h.latency * queueFactor(load);
      errors += n * errorShareOf(p.health, load);
      a = b;
    }
  }
  if (requests <= 0) return { meanLatencyMs: 0, successRate: 100 };
  return { meanLatencyMs: latency / requests, successRate: 100 * (1 - errors / requests) };
}

export interface HourMetrics {
  requestsLastHour: number;
  averageLatency: number;
  errorRate: number;
  successRate: number;
}

const pct = (x: number) => Math.round(x * 100) / 100;

/**
 * The last hour's figures at `now` (the endpoint's metrics, its health report): its executions
 * as the usage tally cuts them (rounded cumulative amounts), latency and errors a minute at a time.
 */
export function lastHour(e: StoredEndpoint, now: number): HourMetrics {
  const [a, b] = executionsCumulative(e, [now - HOUR, now]) as [number, number];
  const q = servedQuality(e, now - HOUR, now, MINUTE);
  const errorRate = pct(100 - q.successRate);
  return {
    requestsLastHour: Math.round(b) - Math.round(a),
    averageLatency: Math.round(q.meanLatencyMs),
    errorRate,
    successRate: pct(100 - errorRate),
  };
}
