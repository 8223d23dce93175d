// What the comparison view derives from runs and from the API's statistical analysis, as plain
// functions: which parameters differ, how a p-value and an effect size read, the common scale
// of the confidence-interval bars, and what the multiple-comparison correction did.

export type ParamValue = string | number | boolean | null;
export interface HasParameters {
  parameters: Readonly<Record<string, ParamValue>>;
}

/** Every parameter key of the runs, sorted. */
export function parameterKeys(runs: readonly HasParameters[]): string[] {
  const keys = new Set<string>();
  for (const r of runs) for (const k of Object.keys(r.parameters)) keys.add(k);
  return [...keys].sort();
}

/** A parameter's value as the table shows it; a missing one is "—". */
export function paramText(value: ParamValue | undefined): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
  return String(value);
}

/**
 * The keys whose values are not the same in every run ("differences only"). A key one run
 * lacks differs from one it has; with a single run nothing differs.
 */
export function differingKeys(runs: readonly HasParameters[], keys: readonly string[] = parameterKeys(runs)): string[] {
  if (runs.length < 2) return [];
  return keys.filter((k) => {
    const first = runs[0]!.parameters[k];
    return runs.some((r) => !sameParam(r.parameters[k], first));
  });
}

function sameParam(a: ParamValue | undefined, b: ParamValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));
}

/** A p-value as papers write it: "< 0.001" below a thousandth, else three decimals. */
export function formatPValue(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return '—';
  if (p < 0.001) return '< 0.001';
  if (p > 0.999) return '> 0.999';
  return p.toFixed(3);
}

export type EffectMagnitude = 'negligible' | 'small' | 'medium' | 'large';

/**
 * Cohen's conventions for a standardised mean difference (d, g): under 0.2 negligible, under
 * 0.5 small, under 0.8 medium, else large. The rank-biserial correlation uses its own
 * thresholds (0.1, 0.3, 0.5).
 */
export function effectMagnitude(value: number | null | undefined, kind: 'd' | 'r' = 'd'): EffectMagnitude | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const [small, medium, large] = kind === 'd' ? [0.2, 0.5, 0.8] : [0.1, 0.3, 0.5];
  const a = Math.abs(value);
  if (a < small) return 'negligible';
  if (a < medium) return 'small';
  if (a < large) return 'medium';
  return 'large';
}

// One formatter per precision: making an Intl.NumberFormat costs far more than using one.
const statFormats = new Map<number, Intl.NumberFormat>();

/** A statistic with a sensible number of digits: 4 significant, thousands separated, "—" when absent. */
export function formatStat(value: number | null | undefined, digits = 4): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (value === 0) return '0';
  const a = Math.abs(value);
  if (a >= 1e5 || a < 1e-4) return value.toExponential(2);
  let format = statFormats.get(digits);
  if (!format) statFormats.set(digits, (format = new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits })));
  return format.format(value);
}

/** The domain every CI bar of a table shares (0 always inside), padded 5 % on each side. */
export function intervalDomain(intervals: readonly (readonly [number, number] | null)[], withZero = true): [number, number] {
  let lo = withZero ? 0 : Infinity;
  let hi = withZero ? 0 : -Infinity;
  for (const ci of intervals) {
    if (!ci || !Number.isFinite(ci[0]) || !Number.isFinite(ci[1])) continue;
    lo = Math.min(lo, ci[0]);
    hi = Math.max(hi, ci[1]);
  }
  if (!Number.isFinite(lo)) return [-1, 1];
  if (lo === hi) return [lo - 1, hi + 1];
  const pad = (hi - lo) * 0.05;
  return [lo - pad, hi + pad];
}

/** Where a value sits in the domain, 0–100 (%). */
export function percentIn(domain: readonly [number, number], value: number): number {
  const [lo, hi] = domain;
  return Math.min(100, Math.max(0, ((value - lo) / (hi - lo)) * 100));
}

export type Correction = 'holm' | 'benjamini-hochberg';

/** What the correction did, for the tooltip of a "not significant after correction" row. */
export function correctionExplanation(correction: Correction, alpha: number, tests: number): string {
  const a = String(alpha);
  if (correction === 'holm')
    return (
      `${tests} comparisons were made at once, so some would look significant by chance. ` +
      `Holm’s correction keeps the chance of any false positive at ${a}: the smallest p-value is multiplied by ${tests}, ` +
      `the next by ${Math.max(1, tests - 1)}, and so on. A pair is significant when its adjusted p-value is below ${a}.`
    );
  return (
    `${tests} comparisons were made at once, so some would look significant by chance. ` +
    `The Benjamini–Hochberg correction keeps the expected share of false discoveries at ${a}: each p-value is scaled by ` +
    `${tests} ÷ its rank. A pair is significant when its adjusted p-value is below ${a}.`
  );
}

/** Whether a pair was significant before the correction but not after it (the case worth flagging loudest). */
export function lostToCorrection(pValue: number | null | undefined, pAdjusted: number | null | undefined, alpha: number): boolean {
  return pValue !== null && pValue !== undefined && pAdjusted !== null && pAdjusted !== undefined && pValue < alpha && pAdjusted >= alpha;
}

/** The ids of `?runs=a,b,c`, de-duplicated, in order. */
export function parseRunIds(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((s) => s.trim()))].filter((s) => /^run_[A-Za-z0-9]+$/.test(s));
}

/**
 * How a parameter sits on a parallel-coordinates axis: category when any value is text or a
 * boolean, log when its positive values span at least two decades (learning rates), else linear.
 */
export function axisKindOf(values: readonly (ParamValue | undefined)[]): 'linear' | 'log' | 'category' {
  const present = values.filter((v): v is Exclude<ParamValue, null> => v !== null && v !== undefined);
  if (present.some((v) => typeof v !== 'number')) return 'category';
  const nums = present as number[];
  if (nums.length === 0) return 'linear';
  const min = Math.min(...nums);
  const max = Math.max(...nums);
  return min > 0 && max / min >= 100 ? 'log' : 'linear';
}

export interface CorrelationInput {
  parameter: string;
  metric: string;
  pearson: { coefficient: number; pValue: number | null } | null;
  spearman: { coefficient: number; pValue: number | null } | null;
}

/** The correlation entries as a grid: parameters (rows, in order met) × metrics (columns). */
export function correlationGrid(entries: readonly CorrelationInput[], method: 'pearson' | 'spearman') {
  const rows = [...new Set(entries.map((e) => e.parameter))];
  const columns = [...new Set(entries.map((e) => e.metric))];
  const cells = rows.map((p) =>
    columns.map((m) => {
      const e = entries.find((x) => x.parameter === p && x.metric === m);
      const c = e?.[method];
      return c ? { r: c.coefficient, p: c.pValue } : null;
    }),
  );
  return { rows, columns, cells };
}

/**
 * The groupings the comparison offers: by configuration, and by each tag prefix the runs carry
 * (`config=a` offers `tag:config=`; a tag without `=` offers itself as the prefix).
 */
export function groupByOptions(tags: readonly string[]): string[] {
  const prefixes = new Set<string>();
  for (const t of tags) {
    const eq = t.indexOf('=');
    const prefix = eq > 0 ? t.slice(0, eq + 1) : t;
    if (prefix.length >= 1 && prefix.length <= 50) prefixes.add(`tag:${prefix}`);
  }
  return ['configuration', ...[...prefixes].sort()];
}

/**
 * What a run's loss figure is when it is not the final one (the API shows a run that did not
 * complete by its best so far): the step it comes from when known and, for a run that failed,
 * where and how its curve ended — so that 0.7687 beside a curve ending near 900 says why. Null
 * for a completed run (its figure is the final one) or a run with no figure.
 */
export function notFinalNote(
  what: 'validation loss' | 'training loss',
  run: { status: string; value: number | null | undefined; bestStep: number | null; end: { step: number; loss: number | null } | null },
): string | null {
  if (run.status === 'completed' || run.value === null || run.value === undefined) return null;
  const at = run.bestStep === null ? '' : ` (step ${run.bestStep.toLocaleString('en-US')})`;
  const head = `Best ${what} so far${at}: the run did not complete, so this is not a final figure.`;
  if (run.status !== 'failed') return head;
  if (!run.end) return `${head} It failed.`;
  const where = `It failed at step ${run.end.step.toLocaleString('en-US')}, where its training loss was`;
  return run.end.loss !== null ? `${head} ${where} ${formatStat(run.end.loss)}.` : `${head} ${where} no longer a finite number.`;
}

/** notFinalNote of a compared run's validation loss, from its evaluations. */
export function lossCellNote(run: {
  status: string;
  values: Readonly<Record<string, number | null>>;
  curve: ReadonlyArray<{ step: number; loss: number | null; validation_loss: number | null }>;
}): string | null {
  let best: { step: number; v: number } | null = null;
  for (const p of run.curve)
    if (p.validation_loss !== null && (best === null || p.validation_loss < best.v)) best = { step: p.step, v: p.validation_loss };
  const last = run.curve.at(-1);
  return notFinalNote('validation loss', {
    status: run.status,
    value: run.values.validation_loss,
    bestStep: best?.step ?? null,
    end: last ? { step: last.step, loss: last.loss } : null,
  });
}

/**
 * Whether curves are better read on a log axis: their positive values span at least two decades
 * (a diverged run's loss of ~900 beside losses near 1 flattens every other curve on a linear one).
 */
export function spansDecades(series: ReadonlyArray<{ values: ArrayLike<number | null> }>): boolean {
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (const s of series)
    for (let i = 0; i < s.values.length; i++) {
      const v = s.values[i]!;
      if (v !== null && Number.isFinite(v) && v > 0) {
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
  return max > 0 && max / min >= 100;
}
