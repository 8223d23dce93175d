// Multiple-comparison corrections of a family of p-values (the adjusted values R's p.adjust
// returns): Holm's step-down (controls the family-wise error rate) and Benjamini–Hochberg's
// step-up (controls the false discovery rate). NaN p-values (tests that could not be run) stay
// NaN and do not count in the family.

export type Correction = 'holm' | 'benjamini-hochberg';

function family(p: readonly number[]): number[] {
  return p.map((_, i) => i).filter((i) => Number.isFinite(p[i]!));
}

/** @internal Exported for its tests only. */
export function holm(p: readonly number[]): number[] {
  const idx = family(p).sort((a, b) => p[a]! - p[b]!);
  const m = idx.length;
  const out = p.map(() => NaN);
  let running = 0;
  idx.forEach((i, k) => {
    running = Math.max(running, Math.min(1, (m - k) * p[i]!));
    out[i] = running;
  });
  return out;
}

/** @internal Exported for its tests only. */
export function benjaminiHochberg(p: readonly number[]): number[] {
  const idx = family(p).sort((a, b) => p[a]! - p[b]!);
  const m = idx.length;
  const out = p.map(() => NaN);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    const i = idx[k]!;
    running = Math.min(running, (m / (k + 1)) * p[i]!);
    out[i] = Math.min(1, running);
  }
  return out;
}

export const adjust = (p: readonly number[], method: Correction) => (method === 'holm' ? holm(p) : benjaminiHochberg(p));
