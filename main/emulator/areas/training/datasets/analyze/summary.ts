// Bounded-memory summaries of a stream of numbers and of distinct words: exact min, max and mean,
// percentiles from a reservoir (exact up to RESERVOIR_SIZE values), and distinct counts exact up
// to EXACT_DISTINCT_MAX then estimated by HyperLogLog (docs/decisions.md, Training: datasets).
import { Rng } from '../../../../core/rng';
import type { NumberSummary } from '../../../../../../shared/api/training/datasets';

const RESERVOIR_SIZE = 100_000;
const EXACT_DISTINCT_MAX = 50_000;

export type { NumberSummary };

export class NumberStats {
  private n = 0;
  private sum = 0;
  private lo = Infinity;
  private hi = -Infinity;
  private sample = new Float64Array(1024);
  private held = 0;
  // Deterministic: the same file gives the same percentiles.
  private readonly rng = new Rng(0x5eed);

  add(x: number): void {
    this.n++;
    this.sum += x;
    if (x < this.lo) this.lo = x;
    if (x > this.hi) this.hi = x;
    if (this.held < RESERVOIR_SIZE) {
      if (this.held === this.sample.length) {
        const grown = new Float64Array(Math.min(RESERVOIR_SIZE, this.sample.length * 2));
        grown.set(this.sample);
        this.sample = grown;
      }
      this.sample[this.held++] = x;
    } else {
      // Algorithm R: every value seen so far is in the sample with the same probability.
      const j = Math.floor(this.rng.next() * this.n);
      if (j < RESERVOIR_SIZE) this.sample[j] = x;
    }
  }

  get count(): number {
    return this.n;
  }

  summary(): NumberSummary | null {
    if (this.n === 0) return null;
    const sorted = this.sample.slice(0, this.held).sort();
    // Nearest rank: the smallest value with at least p% of the values at or below it.
    const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
    return {
      count: this.n,
      min: this.lo,
      max: this.hi,
      mean: Math.round((this.sum / this.n) * 100) / 100,
      p50: at(50),
      p90: at(90),
      p95: at(95),
      p99: at(99),
    };
  }
}

/** MurmurHash3 (x86, 32-bit) of a string's UTF-16 code units. */
function murmur3(text: string): number {
  let h = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    let k = text.charCodeAt(i);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= text.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const HLL_BITS = 14;
const HLL_M = 1 << HLL_BITS;

export class DistinctCounter {
  private exact: Set<string> | null = new Set();
  private registers: Uint8Array | null = null;

  add(word: string): void {
    if (this.exact !== null) {
      this.exact.add(word);
      if (this.exact.size <= EXACT_DISTINCT_MAX) return;
      this.registers = new Uint8Array(HLL_M);
      for (const w of this.exact) this.hll(w);
      this.exact = null;
      return;
    }
    this.hll(word);
  }

  /** Exact up to EXACT_DISTINCT_MAX, else the HyperLogLog estimate (about 0.8% standard error). */
  get size(): number {
    if (this.exact !== null) return this.exact.size;
    const regs = this.registers!;
    let sum = 0;
    let zeros = 0;
    for (const r of regs) {
      sum += 2 ** -r;
      if (r === 0) zeros++;
    }
    const alpha = 0.7213 / (1 + 1.079 / HLL_M);
    const raw = (alpha * HLL_M * HLL_M) / sum;
    return Math.round(raw <= 2.5 * HLL_M && zeros > 0 ? HLL_M * Math.log(HLL_M / zeros) : raw);
  }

  get estimated(): boolean {
    return this.exact === null;
  }

  private hll(word: string): void {
    const h = murmur3(word);
    const index = h >>> (32 - HLL_BITS);
    const rest = (h << HLL_BITS) >>> 0;
    const rank = rest === 0 ? 32 - HLL_BITS + 1 : Math.clz32(rest) + 1;
    if (rank > this.registers![index]!) this.registers![index] = rank;
  }
}
