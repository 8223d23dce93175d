// Reading a cluster's logs: entries are produced an hour at a time when a read touches that
// hour (content.ts), kept in a small cache bounded by entry count, and walked in either
// direction. An hour's entries depend only on the seed, the stored cluster (its configuration
// and lifecycle) and the hour, so a month of retention costs nothing until read; what the clock
// has not reached yet is cut at read time. Order: timestamp, then tag; the id carries both, so a
// position is exact and a Last-Event-ID resumes after exactly that entry.
import type { LogEntry } from '../../../../../../shared/api/clusters/logs';
import { gpuId } from '../../../../../../shared/api/clusters/metrics';
import type { StoredCluster } from '../../state';
import { runAt } from '../metrics/model';
import { r1 } from '../metrics/render';
import { modelOf, thermalSeriesOf, type MetricsModel } from '../metrics/sample';
import { HOT_C, MIN, containerId, hotGpu, lifecycleEvents, minuteLines, runEvents, workloadProc, type Raw } from './content';
import type { IndexTest } from './query';
import { LEVEL_CODES, hourIndexOf } from './text-index';

/** @internal Exported for its tests only. */
export const HOUR = 60 * MIN;
/** The cache holds at most this many generated entries (older hours are dropped first). */
const CACHE_ENTRIES = 400_000;
/** Levels rare enough to be indexed per hour for the whole retention (a few per hour). */
export const RARE_LEVELS: ReadonlySet<string> = new Set(['warn', 'error', 'fatal']);
const RARE_ENTRIES = 200_000;
/** Reads of at most this many hours are kept in the cache. */
const SCAN_CACHE_HOURS = 48;

interface Lru {
  map: Map<string, Raw[]>;
  size: number;
  max: number;
}
const full: Lru = { map: new Map(), size: 0, max: CACHE_ENTRIES };
const rare: Lru = { map: new Map(), size: 0, max: RARE_ENTRIES };

function hit(c: Lru, key: string): Raw[] | undefined {
  const v = c.map.get(key);
  if (v) {
    // Most recently used last.
    c.map.delete(key);
    c.map.set(key, v);
  }
  return v;
}

function keep(c: Lru, key: string, v: Raw[]): void {
  c.map.set(key, v);
  c.size += v.length;
  for (const [k, old] of c.map) {
    if (c.size <= c.max || k === key) break;
    c.map.delete(k);
    c.size -= old.length;
  }
}

/** What the entries of a cluster depend on besides the seed: configuration and lifecycle. */
function stateKey(c: StoredCluster): string {
  const op = c.lifecycle;
  return [
    c.id,
    c.status,
    c.started_at,
    c.starting_until,
    c.gpu.type,
    c.gpu.count,
    c.resources.cpu_cores,
    c.resources.memory_gb,
    c.resources.storage_gb,
    c.name,
    c.template_name,
    c.container_image,
    c.region,
    c.team_members.join(','),
    op ? `${op.kind}:${op.started_at}:${op.type}:${op.grace_period_minutes}:${op.phases.map(([n, ms]) => `${n}=${ms}`).join(',')}` : '',
  ].join('|');
}

const byOrder = (a: Raw, b: Raw) => a.t - b.t || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0);

/** Whether anything at all can be written in [from, to): a run overlaps, or a stop or restart writes a phase. */
function anything(m: MetricsModel, from: number, to: number): boolean {
  for (const r of m.tl.runs) if (r.boot < to && r.end >= from) return true;
  const op = m.cluster.lifecycle;
  if (op) {
    const end = op.started_at + op.phases.reduce((s, [, ms]) => s + ms, 0);
    if (op.started_at < to && end >= from) return true;
  }
  return false;
}

/**
 * The entries of [from, to), whole minutes (an hour, or the one minute an `id:` names); with
 * `rareOnly` the bulk info and debug lines may be left out (the caller keeps warn, error, fatal).
 * Every line falls in the minute that draws it, so an hour is its minutes one after another.
 */
function generateSpan(seed: number, m: MetricsModel, from: number, to: number, rareOnly = false): Raw[] {
  const out: Raw[] = [];
  if (!anything(m, from, to)) return out;
  const proc = workloadProc(m);
  for (const run of m.tl.runs) if (run.boot < to && run.end >= from) runEvents(m, run, from, to, out, proc);
  lifecycleEvents(m.cluster, from, to, out);
  for (let t0 = from; t0 < to; t0 += MIN) if (runAt(m.tl, t0) || runAt(m.tl, t0 + MIN - 1)) minuteLines(seed, m, t0, out, proc, rareOnly);
  // The metrics simulator's minute samples: a GPU that goes above HOT_C writes a gpu_driver
  // warning at that sample, and again on each quarter hour while it stays above (hotMinutes).
  if (m.p.gpus > 0) for (const [t, g, temp, clock] of hotMinutes(m, from, to)) out.push(hotGpu(t, g, temp, clock, m.p.spec.throttle_c));
  return out.sort(byOrder);
}
const generateHour = (seed: number, m: MetricsModel, h: number, rareOnly = false) => generateSpan(seed, m, h, h + HOUR, rareOnly);

/**
 * [time, gpu, °C to a tenth, graphics MHz] of the warnings in [from, to): minute samples above HOT_C whose
 * previous minute was not (or had no data), and quarter hours while a GPU stays above.
 */
function hotMinutes(m: MetricsModel, from: number, to: number): Array<[number, number, number, number]> {
  const s = thermalSeriesOf(m, from - MIN, to);
  const gpus = m.layout.gpus;
  const out: Array<[number, number, number, number]> = [];
  for (let i = 0; i < s.times.length; i++) {
    const t = s.times[i]!;
    if (t < from) continue;
    const prev = i > 0 && s.times[i - 1] === t - MIN ? i - 1 : -1;
    for (let g = 0; g < gpus; g++) {
      // As the metrics routes answer it (to a tenth): a warning never says "above 85 °C" of a
      // minute the metrics show at 85.0.
      const temp = r1(s.temp[i * gpus + g]!);
      if (temp <= HOT_C) continue;
      const wasHot = prev >= 0 && r1(s.temp[prev * gpus + g]!) > HOT_C;
      if (!wasHot || t % (15 * MIN) === 0) out.push([t, g, temp, s.clock[i * gpus + g]!]);
    }
  }
  return out;
}

const hourKey = (seed: number, m: MetricsModel, h: number) => `${seed}|${stateKey(m.cluster)}|${h}`;

/**
 * The hour block starting at h (a multiple of HOUR), generated or from the cache.
 * @internal Exported for its tests only.
 */
export function hourOf(seed: number, m: MetricsModel, h: number, cache = true): Raw[] {
  const key = hourKey(seed, m, h);
  const cached = hit(full, key);
  if (cached) return cached;
  const block = generateHour(seed, m, h);
  if (cache) keep(full, key, block);
  if (!rare.map.has(key))
    keep(
      rare,
      key,
      block.filter((e) => RARE_LEVELS.has(e.level)),
    );
  return block;
}

/**
 * The warn, error and fatal entries of an hour, kept apart in a cache of their own: a read that
 * wants only those levels over the whole retention finds them without the bulk, and its first
 * pass does not push the recent hours out of the main cache.
 * @internal Exported for its tests only.
 */
export function rareHourOf(seed: number, m: MetricsModel, h: number): Raw[] {
  const key = hourKey(seed, m, h);
  const cached = hit(rare, key);
  if (cached) return cached;
  const block = (hit(full, key) ?? generateHour(seed, m, h, true)).filter((e) => RARE_LEVELS.has(e.level));
  keep(rare, key, block);
  return block;
}

/** The entries of the minute starting at t0: cut from its hour when the cache holds it, else generated alone. */
function minuteOf(seed: number, m: MetricsModel, t0: number): Raw[] {
  const hour = hit(full, hourKey(seed, m, Math.floor(t0 / HOUR) * HOUR));
  return hour ? hour.filter((e) => e.t >= t0 && e.t < t0 + MIN) : generateSpan(seed, m, t0, t0 + MIN);
}

export interface LogSourceOf {
  seed: number;
  m: MetricsModel;
  host: string;
  container: string;
}

export function sourceOf(seed: number, c: StoredCluster): LogSourceOf {
  return { seed, m: modelOf(seed, c), host: `${c.name}-node-0`, container: containerId(c) };
}

/** A position in the order: entries after it come strictly later in (t, tag). */
export interface Cursor {
  t: number;
  tag: string;
}

export const idOf = (e: Pick<Raw, 't' | 'tag'>) => `log_${e.t.toString(36)}_${e.tag}`;

/** The position an id names, or null when it is not one of ours. */
export function cursorOf(id: string): Cursor | null {
  const m = /^log_([0-9a-z]{1,12})_([A-Za-z0-9]{1,16})$/.exec(id);
  if (!m) return null;
  const t = parseInt(m[1]!, 36);
  return Number.isSafeInteger(t) ? { t, tag: m[2]! } : null;
}

export const after = (e: Raw, c: Cursor) => e.t > c.t || (e.t === c.t && e.tag > c.tag);

/**
 * Entries with from ≤ t < to, oldest first (or newest first with `newestFirst`), that `keep`
 * accepts; `visit` returns false to stop early.
 */
export function scan(
  src: LogSourceOf,
  from: number,
  to: number,
  keep: (e: Raw) => boolean,
  visit: (e: Raw) => boolean | void,
  newestFirst = false,
  /** The levels the caller keeps, when it knows them (null: any): only warn, error, fatal reads the rare index. */
  levels: ReadonlySet<string> | null = null,
): void {
  if (to <= from) return;
  const first = Math.floor(from / HOUR) * HOUR;
  const last = Math.floor((to - 1) / HOUR) * HOUR;
  const rareOnly = levels !== null && [...levels].every((l) => RARE_LEVELS.has(l));
  // A read longer than SCAN_CACHE_HOURS passes through without filling the cache: it would only
  // push out the recent hours (which streams and pages read again) for hours it never rereads.
  const cache = !isLongRead(from, to);
  const blockOf = rareOnly ? rareHourOf : (seed: number, m: MetricsModel, h: number) => hourOf(seed, m, h, cache);
  if (!newestFirst) {
    for (let h = first; h <= last; h += HOUR) {
      const block = blockOf(src.seed, src.m, h);
      for (let i = 0; i < block.length; i++) {
        const e = block[i]!;
        if (e.t < from) continue;
        if (e.t >= to) return;
        if (keep(e) && visit(e) === false) return;
      }
    }
    return;
  }
  for (let h = last; h >= first; h -= HOUR) {
    const block = blockOf(src.seed, src.m, h);
    for (let i = block.length - 1; i >= 0; i--) {
      const e = block[i]!;
      if (e.t >= to) continue;
      if (e.t < from) return;
      if (keep(e) && visit(e) === false) return;
    }
  }
}

/**
 * Like `scan`, for a query whose matches can only be at the given times (each `id:` term names
 * one entry's millisecond): only the minutes holding those times are read, so 64 ids over a
 * month read 64 minutes instead of the month's million entries.
 */
export function scanAt(
  src: LogSourceOf,
  times: ReadonlySet<number>,
  from: number,
  to: number,
  keep: (e: Raw) => boolean,
  visit: (e: Raw) => boolean | void,
  newestFirst: boolean,
): void {
  const minutes = [...new Set([...times].filter((t) => t >= from && t < to).map((t) => Math.floor(t / MIN) * MIN))].sort((a, b) => a - b);
  if (newestFirst) minutes.reverse();
  for (const t0 of minutes) {
    const block = minuteOf(src.seed, src.m, t0);
    for (let k = 0; k < block.length; k++) {
      const e = block[newestFirst ? block.length - 1 - k : k]!;
      if (e.t >= from && e.t < to && keep(e) && visit(e) === false) return;
    }
  }
}

/** Whether a read of [from, to) is too long for the entry cache (and is answered from hour indexes where it can). */
export function isLongRead(from: number, to: number): boolean {
  return Math.floor((to - 1) / HOUR) - Math.floor(from / HOUR) >= SCAN_CACHE_HOURS;
}

/** What a search over hour indexes does with the matches it finds. */
export interface IndexedVisitor {
  /** Entries tested. */
  scanned(n: number): void;
  /** Whether a match of this level is still wanted whole; if not, it is only counted. */
  wants(level: string): boolean;
  take(e: Raw): void;
  count(n: number): void;
}

/**
 * The matches of [from, to) in order, like `scan` with `keep`: the hours the range cuts are read
 * entry by entry, the whole hours between are tested on their indexes (text-index.ts) and
 * generated only when one of their matches is wanted whole.
 */
export function scanIndexed(
  src: LogSourceOf,
  from: number,
  to: number,
  test: IndexTest,
  keep: (e: Raw) => boolean,
  v: IndexedVisitor,
  newestFirst: boolean,
): void {
  if (to <= from) return;
  const first = Math.floor(from / HOUR) * HOUR;
  const last = Math.floor((to - 1) / HOUR) * HOUR;
  const edge = (h: number) => {
    let n = 0;
    scan(
      src,
      Math.max(from, h),
      Math.min(to, h + HOUR),
      (e) => (n++, keep(e)),
      (e) => (v.wants(e.level) ? v.take(e) : v.count(1)),
      newestFirst,
    );
    v.scanned(n);
  };
  const whole = (h: number) => {
    const ix = hourIndexOf(hourKey(src.seed, src.m, h), h, () => hourOf(src.seed, src.m, h, false));
    v.scanned(ix.n);
    const bits = test(ix, (t0) => minuteOf(src.seed, src.m, t0));
    let block: Raw[] | null = null;
    let counted = 0;
    const at = (i: number) => {
      if (!bits[i]) return;
      if (!v.wants(LEVEL_CODES[ix.level[i]!]!)) {
        counted++;
        return;
      }
      block ??= hourOf(src.seed, src.m, h, false);
      if (block.length !== ix.n) throw new Error(`hour ${h}: ${block.length} entries, its index ${ix.n}`);
      v.take(block[i]!);
    };
    if (newestFirst) for (let i = ix.n - 1; i >= 0; i--) at(i);
    else for (let i = 0; i < ix.n; i++) at(i);
    v.count(counted);
  };
  const hours: number[] = [];
  for (let h = first; h <= last; h += HOUR) hours.push(h);
  if (newestFirst) hours.reverse();
  for (const h of hours) (h === first || h === last ? edge : whole)(h);
}

/** The wire shape of an entry (02-clusters.md, Log entry). */
export function render(src: LogSourceOf, e: Raw): LogEntry {
  const out: LogEntry = {
    id: idOf(e),
    timestamp: new Date(e.t).toISOString(),
    level: e.level,
    source: e.source,
    log_type: e.type,
    message: e.message,
    process: { pid: e.proc.pid, name: e.proc.name, command: e.proc.command },
    metadata: {
      host: src.host,
      container_id: e.source === 'container' || e.source === 'application' ? src.container : null,
      thread_id: e.thread,
      file: e.file,
      line: e.line,
      gpu_id: e.gpu === null ? null : gpuId(e.gpu),
      cuda_version: src.m.p.gpus > 0 ? CUDA_VERSION : null,
      driver_version: src.m.p.gpus > 0 ? DRIVER_VERSION : null,
    },
    tags: e.tags,
  };
  if (e.stack) out.stack_trace = e.stack;
  return out;
}

const CUDA_VERSION = '12.4';
const DRIVER_VERSION = '550.54.15';

const UPPER: Record<string, string> = { debug: 'DEBUG', info: 'INFO ', warn: 'WARN ', error: 'ERROR', fatal: 'FATAL' };

/** The text format: `<timestamp> <LEVEL> [<source>/<log_type>] <process>[<pid>]: <message>`, stack lines indented below. */
export function textLine(e: Raw): string {
  let line = `${new Date(e.t).toISOString()} ${UPPER[e.level]} [${e.source}/${e.type}] ${e.proc.name}[${e.proc.pid}]: ${e.message}`;
  if (e.gpu !== null) line += ` gpu_id=${gpuId(e.gpu)}`;
  if (e.stack) for (const s of e.stack) line += `\n    ${s}`;
  return line;
}
