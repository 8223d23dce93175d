// The timing helpers every benchmark shares: a median, and the median time of a piece of work
// repeated (synchronous, or awaited one after another).
import { performance } from 'node:perf_hooks';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Median ms of `n` runs of `f` (given the run's index). */
export function timeEach(n: number, f: (i: number) => void): number {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    f(i);
    out.push(performance.now() - t);
  }
  return median(out);
}

/** Median ms of `n` runs of `f`, each awaited before the next starts. */
export async function timeEachAsync(n: number, f: () => Promise<void>): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return median(out);
}
