// A compact index of an hour of a cluster's logs, for searches over long ranges (docs/decisions.md,
// Logs: "Month-long search"). Generating a month (about a million entries) takes most of a
// second, and the entry cache does not keep reads that long; this keeps, per hour, only what a
// query can test — the lower-case text of every entry in one string, and its level, source, type
// and GPU in byte columns — so a second search of the month tests a million entries without
// generating one, and generates only the hours whose matches it returns.
import { LogLevel, LogSource, LogType } from '../../../../../../shared/api/clusters/logs';
import { MIN, lowerOf, type Raw } from './content';

/** Entries' texts are joined with this; a needle holding it is not answered from the index. */
export const SEPARATOR = '\u0000';
/** Characters the cached indexes hold in all (one byte each for Latin-1 text): about 1.3 million entries. */
const CACHE_CHARS = 96_000_000;
const HOUR = 60 * MIN;

export const LEVEL_CODES: readonly LogLevel[] = LogLevel.options;
export const SOURCE_CODES: readonly LogSource[] = LogSource.options;
export const TYPE_CODES: readonly LogType[] = LogType.options;

export interface HourIndex {
  /** The hour's first millisecond. */
  start: number;
  /** Entries, in the hour block's order. */
  n: number;
  /** Where each minute's entries start (61: the last is n), so an entry found in its minute has its place in the hour. */
  minutes: Uint32Array;
  /** Lower-case message and stack of each entry, joined by SEPARATOR. */
  text: string;
  /** Where each entry's text starts in `text`. */
  starts: Uint32Array;
  level: Uint8Array;
  source: Uint8Array;
  type: Uint8Array;
  /** GPU index, or -1 for none. */
  gpu: Int8Array;
}

/** @internal Exported for its tests only. */
export function buildHourIndex(block: readonly Raw[], start = block.length > 0 ? Math.floor(block[0]!.t / HOUR) * HOUR : 0): HourIndex {
  const n = block.length;
  const parts = new Array<string>(n);
  const ix: HourIndex = {
    start,
    n,
    minutes: new Uint32Array(61),
    text: '',
    starts: new Uint32Array(n),
    level: new Uint8Array(n),
    source: new Uint8Array(n),
    type: new Uint8Array(n),
    gpu: new Int8Array(n),
  };
  let at = 0;
  let minute = 0;
  for (let i = 0; i < n; i++) {
    const e = block[i]!;
    while (minute < 60 && e.t >= start + (minute + 1) * MIN) ix.minutes[++minute] = i;
    const s = lowerOf(e);
    parts[i] = s;
    ix.starts[i] = at;
    at += s.length + 1;
    ix.level[i] = LEVEL_CODES.indexOf(e.level);
    ix.source[i] = SOURCE_CODES.indexOf(e.source);
    ix.type[i] = TYPE_CODES.indexOf(e.type);
    ix.gpu[i] = e.gpu ?? -1;
  }
  while (minute < 60) ix.minutes[++minute] = n;
  ix.text = parts.join(SEPARATOR);
  return ix;
}

/** 1 for each entry whose text holds `needle` (lower case, without SEPARATOR). */
export function textBits(ix: HourIndex, needle: string): Uint8Array {
  const out = new Uint8Array(ix.n);
  const { text, starts, n } = ix;
  let p = text.indexOf(needle);
  let lo = 0;
  while (p !== -1) {
    // The entry holding p: the last start ≤ p (p only grows, so the search starts at the last hit).
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= p) lo = mid;
      else hi = mid - 1;
    }
    out[lo] = 1;
    // A needle never spans two entries (it holds no SEPARATOR): go on from the next one.
    if (lo + 1 >= n) break;
    p = text.indexOf(needle, starts[lo + 1]!);
  }
  return out;
}

export const columnBits = (column: Uint8Array | Int8Array, code: number): Uint8Array => {
  const out = new Uint8Array(column.length);
  for (let i = 0; i < column.length; i++) out[i] = column[i] === code ? 1 : 0;
  return out;
};

const cache = new Map<string, HourIndex>();
let cachedChars = 0;

/** The index of the hour at `start`, made from its block (`blockOf`, called only when not cached) and kept in a bounded cache. */
export function hourIndexOf(key: string, start: number, blockOf: () => readonly Raw[]): HourIndex {
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const ix = buildHourIndex(blockOf(), start);
  cache.set(key, ix);
  cachedChars += ix.text.length;
  for (const [k, old] of cache) {
    if (cachedChars <= CACHE_CHARS || k === key) break;
    cache.delete(k);
    cachedChars -= old.text.length;
  }
  return ix;
}
