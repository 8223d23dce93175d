// The API usage aggregate (docs/decisions.md, API usage analytics): every answered request,
// counted per simulated hour × route template × status class × key id, with a latency
// histogram per row. Bounded whatever the traffic: hours past the retention are dropped, and a
// row the bounds refuse is counted in its hour's `other` row of the same status class, so totals
// and status classes stay exact. Fed by the pipeline where it journals (Authority.recordAnswer).

export const HOUR_MS = 3_600_000;
/** 31 days of hours: a `30d` period counted in UTC days reaches back at most 30 days from now. */
export const RETENTION_HOURS = 31 * 24;
/**
 * Distinct route × status class × key rows one hour holds (its `other` rows included, up to 4 more).
 * @internal Exported for its tests only.
 */
export const ROWS_PER_HOUR_MAX = 256;
/** Rows over every retained hour, besides the `other` rows. */
export const ROWS_MAX = 20_000;

/**
 * Latency buckets: 0 holds [0, 0.01 ms); bucket i (1…94) holds [0.01·2^((i−1)/4), 0.01·2^(i/4))
 * ms; 95 holds everything from 0.01·2^23.5 ≈ 118.6 s. Four buckets per doubling, so a
 * percentile read at a bucket's geometric middle is within 2^(1/8) − 1 ≈ 9.1% of the true value.
 */
export const LATENCY_BUCKETS = 96;
const LOWEST_MS = 0.01;
const STEPS_PER_DOUBLING = 4;
const LAST = LATENCY_BUCKETS - 1;

/** A row's route: `METHOD /path/template`, a bare method for a path no route has, '' for `other`. */
export const OTHER_LABEL = '';

/** 2xx → 0, 3xx → 1, 4xx → 2, 5xx → 3. */
type StatusClass = 0 | 1 | 2 | 3;

const statusClassOf = (status: number): StatusClass => Math.min(3, Math.max(0, Math.floor(status / 100) - 2)) as StatusClass;

/** @internal Exported for its tests only. */
export function latencyBucket(ms: number): number {
  if (!(ms >= LOWEST_MS)) return 0;
  const i = 1 + Math.floor(Math.log2(ms / LOWEST_MS) * STEPS_PER_DOUBLING);
  return i > LAST ? LAST : i;
}

/** The value a bucket stands for: its geometric middle; the lowest and highest their bound. */
function bucketValue(i: number): number {
  if (i === 0) return LOWEST_MS;
  if (i === LAST) return LOWEST_MS * 2 ** ((LAST - 1) / STEPS_PER_DOUBLING);
  return LOWEST_MS * 2 ** ((i - 0.5) / STEPS_PER_DOUBLING);
}

/** The q-quantile (0 < q ≤ 1) of a histogram holding `total` requests, in ms to the microsecond; 0 for none. */
export function percentile(hist: ArrayLike<number>, total: number, q: number): number {
  if (total <= 0) return 0;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let i = 0; i < LATENCY_BUCKETS; i++) {
    seen += hist[i]!;
    if (seen >= rank) return Math.round(bucketValue(i) * 1000) / 1000;
  }
  return Math.round(bucketValue(LAST) * 1000) / 1000;
}

export interface UsageRow {
  readonly label: string;
  readonly cls: StatusClass;
  /** null: no valid key (and every `other` row). */
  readonly keyId: string | null;
  count: number;
  readonly hist: Uint32Array;
}

/** As stored: [hour start ms, label, status class, key id, count, histogram as [bucket, count, …] of its non-zero buckets]. */
type StoredApiUsageRow = [number, string, number, string | null, number, number[]];

const rowId = (label: string, cls: number, keyId: string | null) => `${label}\n${cls}\n${keyId ?? ''}`;

export class ApiUsageLog {
  /** hour start → row id → row. */
  private readonly hours = new Map<number, Map<string, UsageRow>>();
  /** Rows other than `other` rows, over every hour. */
  private rows = 0;
  /** The row the last request was counted in, and its hour: a client repeating a call skips the row id's join and hash. */
  private lastRow: UsageRow | null = null;
  private lastHour = NaN;

  /** One answered request: `label` is its route (see OTHER_LABEL), `ms` its real handling time. */
  record(now: number, label: string, status: number, ms: number, keyId: string | null): void {
    const hour = now - (now % HOUR_MS);
    let rows = this.hours.get(hour);
    if (rows === undefined) {
      this.prune(hour);
      this.hours.set(hour, (rows = new Map()));
    }
    const cls = statusClassOf(status);
    const last = this.lastRow;
    let row: UsageRow;
    if (last !== null && hour === this.lastHour && last.label === label && last.cls === cls && last.keyId === keyId) row = last;
    else {
      row = rows.get(rowId(label, cls, keyId)) ?? this.addRow(rows, label, cls, keyId);
      // An `other` row stands for several: it is never the remembered one.
      this.lastRow = row.label === label && row.keyId === keyId ? row : null;
      this.lastHour = hour;
    }
    row.count++;
    row.hist[latencyBucket(ms)]!++;
  }

  /** Every row of the hours in [fromMs, toMs), with its hour's start. */
  *between(fromMs: number, toMs: number): Generator<[number, UsageRow]> {
    for (const [hour, rows] of this.hours) {
      if (hour < fromMs || hour >= toMs) continue;
      for (const row of rows.values()) yield [hour, row];
    }
  }

  toStored(): StoredApiUsageRow[] {
    const out: StoredApiUsageRow[] = [];
    for (const [hour, rows] of this.hours) {
      for (const row of rows.values()) {
        const sparse: number[] = [];
        for (let i = 0; i < LATENCY_BUCKETS; i++) if (row.hist[i] !== 0) sparse.push(i, row.hist[i]!);
        out.push([hour, row.label, row.cls, row.keyId, row.count, sparse]);
      }
    }
    return out;
  }

  static fromStored(stored: readonly StoredApiUsageRow[]): ApiUsageLog {
    const log = new ApiUsageLog();
    for (const [hour, label, cls, keyId, count, sparse] of stored) {
      let rows = log.hours.get(hour);
      if (rows === undefined) log.hours.set(hour, (rows = new Map()));
      const row = rows.get(rowId(label, cls, keyId)) ?? log.addRow(rows, label, cls as StatusClass, keyId);
      row.count += count;
      for (let j = 0; j + 1 < sparse.length; j += 2) row.hist[Math.min(LAST, sparse[j]!)]! += sparse[j + 1]!;
    }
    return log;
  }

  private addRow(rows: Map<string, UsageRow>, label: string, cls: StatusClass, keyId: string | null): UsageRow {
    const other = label === OTHER_LABEL || rows.size >= ROWS_PER_HOUR_MAX || this.rows >= ROWS_MAX;
    const id = other ? rowId(OTHER_LABEL, cls, null) : rowId(label, cls, keyId);
    let row = rows.get(id);
    if (row !== undefined) return row;
    row = other
      ? { label: OTHER_LABEL, cls, keyId: null, count: 0, hist: new Uint32Array(LATENCY_BUCKETS) }
      : { label, cls, keyId, count: 0, hist: new Uint32Array(LATENCY_BUCKETS) };
    rows.set(id, row);
    if (!other) this.rows++;
    return row;
  }

  /** Drops the hours past the retention, counted back from `hour` (the newest, as the clock only moves forward). */
  private prune(hour: number): void {
    const oldest = hour - (RETENTION_HOURS - 1) * HOUR_MS;
    for (const [h, rows] of this.hours) {
      if (h >= oldest) continue;
      for (const row of rows.values()) if (row.label !== OTHER_LABEL) this.rows--;
      this.hours.delete(h);
    }
  }
}
