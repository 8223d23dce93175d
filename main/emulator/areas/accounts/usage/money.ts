// Figures that add up as shown (issue 21): amounts are rounded once, in the currency's minor
// unit, and parts of a rounded whole are apportioned by largest remainder, so a total equals the
// sum of its breakdown and percentages sum to 100 exactly — never "99.99 %" or a cent astray.
import { USD_RATES, type UsageCurrency } from '../../../../../shared/api/accounts/usage';

/** Minor units per unit: cents, or whole yen. */
const MINOR: Record<UsageCurrency, number> = { USD: 100, EUR: 100, GBP: 100, JPY: 1 };

/** Converts and rounds USD amounts into one currency's minor units (integers), and back to amounts. */
export class Money {
  readonly rate: number;
  private readonly minor: number;

  constructor(readonly currency: UsageCurrency) {
    this.rate = USD_RATES[currency];
    this.minor = MINOR[currency];
  }

  /** USD → the currency's minor units, rounded. */
  units(usd: number): number {
    return Math.round(usd * this.rate * this.minor);
  }

  /** Minor units → the amount answered (e.g. 1234 → 12.34). */
  amount(units: number): number {
    return units / this.minor;
  }

  /** USD → the amount answered, rounded. */
  of(usd: number): number {
    return this.amount(this.units(usd));
  }

  /** An amount already in the currency, rounded to its minor unit (forecasts made in the currency). */
  rounded(amount: number): number {
    return Math.round(amount * this.minor) / this.minor;
  }
}

/**
 * Integers that add up to `total`, each the floor or ceiling of its share of `weights`' sum
 * (largest remainder); zeros when every weight is 0.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (w / sum) * total);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]!++;
    left--;
  }
  return out;
}

/** Percentages of `parts` with two decimals that sum to exactly 100 (all 0 when the parts are). */
export function percentages(parts: readonly number[]): number[] {
  return apportion(10_000, parts).map((p) => p / 100);
}

/** A change in percent, signed, one decimal (`+12.5%`, `-3.0%`); `n/a` when there was nothing before. */
export function changeText(now: number, before: number): string {
  if (before <= 0) return 'n/a';
  const pct = ((now - before) / before) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

/**
 * Each bucket's figure as the difference of the running total rounded at its ends (in `toUnits`),
 * the running total starting at `before`: the buckets add up to the rounded span exactly, and a
 * bucket reads the same whatever span it is read in.
 */
export function runningRounded(values: ArrayLike<number>, toUnits: (v: number) => number, before = 0): number[] {
  const out: number[] = [];
  let sum = before;
  let shown = toUnits(before);
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    const next = toUnits(sum);
    out.push(next - shown);
    shown = next;
  }
  return out;
}

/** Hundredths (of an hour, a GB), the unit hours and GB are rounded to like cents (runningRounded, spanUnits). */
export const hundredths = (v: number) => Math.round(v * 100);

/** Rounded to `digits` decimals (hours, GB). */
export const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
