// What the model-based samplers learn from: the finished trials, each with the value they
// minimise (the objective turned to "lower is better"), or null when the trial failed.
import type { Params } from './space';

export interface Observation {
  params: Readonly<Params>;
  /** Lower is better; null: the trial failed (diverged, out of memory…). */
  value: number | null;
}

/** A standard normal from two uniforms (Box–Muller). */
export function normal(rng: { next(): number }): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** Φ(x), the standard normal CDF (Abramowitz–Stegun 7.1.26 for erf, |error| < 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

export const normalPdf = (x: number) => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
