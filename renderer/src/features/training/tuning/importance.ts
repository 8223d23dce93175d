// Parameter importance of a tuning job: how much of the spread of the objective over the
// completed trials each parameter explains on its own — a "fANOVA-lite". Each parameter's
// values are cut into bins (a choice or a few integers: one bin per value; a range: equal-count
// bins on its own scale, log for the log types; trials where a condition left it out: a bin of
// their own), and its importance is the share of the objective's variance that lies between
// the bins (the correlation ratio η²), corrected for the bins a small sample fills by chance
// (ε² = (SSbetween − (k−1)·MSwithin) / (SStotal + MSwithin), at least 0).
//
// Why not |Spearman|: a learning rate's effect is U-shaped (too low and too high both lose) and
// a choice has no order, so a rank correlation calls both unimportant; the variance between
// bins sees any shape. Why not the full fANOVA (random-forest marginals): it needs a forest;
// with tens to hundreds of trials the marginal per parameter is what an operator reads.

type ParamValue = string | number | boolean;

export interface ImportanceTrial {
  parameters: Readonly<Record<string, ParamValue>>;
  /** The objective of a completed trial. */
  value: number;
}

export interface ParamImportance {
  name: string;
  /** Share of the objective's variance explained by this parameter alone (ε², 0–1). */
  explained: number;
  /** `explained` over the sum of all parameters' (0–1; all 0 when none explains anything). */
  share: number;
  /** Bins the trials fell into. */
  bins: number;
}

/** Fewer completed trials than this say nothing about importance. */
export const MIN_TRIALS = 4;
const MAX_BINS = 6;
const INACTIVE = '\u0000inactive';

/** Bins of one parameter over the trials: a key per trial. */
function binKeys(values: readonly (ParamValue | undefined)[], logScale: boolean): string[] {
  const present = values.filter((v): v is ParamValue => v !== undefined);
  const distinct = new Set(present.map((v) => `${typeof v}:${String(v)}`));
  const numeric = present.length > 0 && present.every((v) => typeof v === 'number' && Number.isFinite(v));
  const bins = Math.max(2, Math.min(MAX_BINS, Math.floor(Math.sqrt(present.length))));
  if (!numeric || distinct.size <= bins) return values.map((v) => (v === undefined ? INACTIVE : `${typeof v}:${String(v)}`));
  // Equal-count bins on the parameter's scale: cut points at quantiles of the sorted values.
  const scale = (v: number) => (logScale && v > 0 ? Math.log(v) : v);
  const sorted = (present as number[]).map(scale).sort((a, b) => a - b);
  const cuts: number[] = [];
  for (let i = 1; i < bins; i++) cuts.push(sorted[Math.floor((i * sorted.length) / bins)]!);
  return values.map((v) => {
    if (v === undefined) return INACTIVE;
    const x = scale(v as number);
    let b = 0;
    while (b < cuts.length && x >= cuts[b]!) b++;
    return `bin:${b}`;
  });
}

/** ε² of the objective grouped by `keys`. */
function explainedVariance(keys: readonly string[], y: readonly number[]): { explained: number; bins: number } {
  const n = y.length;
  const mean = y.reduce((s, v) => s + v, 0) / n;
  const total = y.reduce((s, v) => s + (v - mean) ** 2, 0);
  const groups = new Map<string, { sum: number; count: number }>();
  keys.forEach((k, i) => {
    const g = groups.get(k) ?? { sum: 0, count: 0 };
    g.sum += y[i]!;
    g.count++;
    groups.set(k, g);
  });
  const k = groups.size;
  if (total <= 0 || k < 2) return { explained: 0, bins: k };
  let between = 0;
  for (const g of groups.values()) between += g.count * (g.sum / g.count - mean) ** 2;
  const within = total - between;
  const msWithin = n > k ? within / (n - k) : 0;
  const explained = (between - (k - 1) * msWithin) / (total + msWithin);
  return { explained: Math.min(1, Math.max(0, explained)), bins: k };
}

/**
 * The importance of each parameter (the order of `names`, then sorted by `explained`, highest
 * first), from completed trials with a finite objective; null when there are fewer than MIN_TRIALS.
 * `logScale` names the parameters searched on a log scale.
 */
export function parameterImportance(
  trials: readonly ImportanceTrial[],
  names: readonly string[],
  logScale: ReadonlySet<string> = new Set(),
): ParamImportance[] | null {
  const usable = trials.filter((t) => Number.isFinite(t.value));
  if (usable.length < MIN_TRIALS) return null;
  const y = usable.map((t) => t.value);
  const rows = names.map((name) => {
    const keys = binKeys(
      usable.map((t) => t.parameters[name]),
      logScale.has(name),
    );
    return { name, ...explainedVariance(keys, y) };
  });
  const sum = rows.reduce((s, r) => s + r.explained, 0);
  return rows
    .map((r) => ({ ...r, share: sum > 0 ? r.explained / sum : 0 }))
    .sort((a, b) => b.explained - a.explained || a.name.localeCompare(b.name));
}

/** A parameter's importance as the chart writes it: whole percent of the variance it explains alone. */
export function importancePercent(r: Pick<ParamImportance, 'explained'>): number {
  return Math.round(r.explained * 100);
}

/**
 * What the chart's figures add to, said under them (issue 18 part 2 #4): each parameter is
 * measured alone, so parameters varied together each count what they share and the figures may
 * add to more than 100 %; under 100 %, the rest is noise or effects no parameter has alone.
 */
export function importanceSumNote(rows: readonly Pick<ParamImportance, 'explained'>[]): string {
  const sum = rows.reduce((s, r) => s + importancePercent(r), 0);
  if (sum > 100)
    return `The figures add to ${sum}%, not 100%: each is its parameter alone, and what parameters varied together explain is counted in each of them.`;
  return `The figures add to ${sum}%; the rest of the variance is noise or effects no parameter has alone.`;
}
