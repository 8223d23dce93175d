// Bayesian optimisation with a Gaussian process (Snoek, Larochelle, Adams, "Practical Bayesian
// Optimization of Machine Learning Algorithms", NeurIPS 2012): a Matérn 5/2 kernel over the unit
// cube with a length scale per parameter (automatic relevance determination; a choice or an
// inactive parameter adds a distance of 1 where two points differ), length scales by marginal
// likelihood, the values log-warped and standardised, and expected improvement over `candidates`
// points (a few random ones, most of them moves of a few parameters of the best trials).
//
// The GP is fitted on at most `maxPoints` trials — the best half and the most recent — so a
// suggestion costs O(m³) with m bounded, whatever the history (docs/decisions.md, Training:
// tuning — why a bounded set rather than an incremental Cholesky).
import { normal, normalCdf, normalPdf, type Observation } from './history';
import { buildPoint, randomPoint, toUnit, type CompiledSpace, type Params, type Random } from './space';

export interface BayesianOptions {
  startup: number;
  maxPoints: number;
  candidates: number;
  /** Perturbations around each of the best few trials, among the candidates. */
  local: number;
  xi: number;
}

const BAYESIAN_DEFAULTS: BayesianOptions = { startup: 10, maxPoints: 100, candidates: 256, local: 200, xi: 0.01 };
/** Length scales tried, times √d. */
const LENGTH_SCALES = [0.08, 0.15, 0.3, 0.6];
const NOISE = 1e-2;
/** Points the length scales are fitted on. */
const HYPER_POINTS = 40;

type Vec = Float64Array;

/** A point as features: unit value per parameter (choices by index), NaN when inactive. */
function features(space: CompiledSpace, p: Readonly<Params>): Vec {
  const f = new Float64Array(space.params.length);
  space.params.forEach((q, i) => {
    if (!Object.prototype.hasOwnProperty.call(p, q.name)) f[i] = NaN;
    else f[i] = q.spec.type === 'choice' ? q.spec.values.indexOf(p[q.name]!) : toUnit(q.spec, p[q.name]!);
  });
  return f;
}

/** Squared distance scaled per dimension by 1/ℓ² (automatic relevance determination). */
function dist2(a: Vec, b: Vec, isChoice: readonly boolean[], invEll2: Vec): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    const ia = Number.isNaN(x);
    const ib = Number.isNaN(y);
    if (ia && ib) continue;
    if (ia || ib || isChoice[i]) s += ia || ib || x !== y ? invEll2[i]! : 0;
    else s += (x - y) * (x - y) * invEll2[i]!;
  }
  return s;
}

const SQRT5 = Math.sqrt(5);
function matern52(r2: number): number {
  const r = Math.sqrt(r2);
  return (1 + SQRT5 * r + (5 * r2) / 3) * Math.exp(-SQRT5 * r);
}

/** Lower-triangular Cholesky factor of an n×n row-major matrix, in place; false if not positive definite. */
function cholesky(a: Vec, n: number): boolean {
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j]!;
    for (let k = 0; k < j; k++) d -= a[j * n + k]! * a[j * n + k]!;
    if (d <= 0) return false;
    const l = Math.sqrt(d);
    a[j * n + j] = l;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= a[i * n + k]! * a[j * n + k]!;
      a[i * n + j] = s / l;
    }
  }
  return true;
}

/** Solves L x = b (forward substitution). */
function forward(l: Vec, n: number, b: Vec): Vec {
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}

/** Solves Lᵀ x = b (back substitution). */
function backward(l: Vec, n: number, b: Vec): Vec {
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}

interface Fit {
  invEll2: Vec;
  l: Vec;
  alpha: Vec;
  logLik: number;
}

function fit(xs: Vec[], y: Vec, invEll2: Vec, isChoice: readonly boolean[]): Fit | null {
  const n = xs.length;
  const k = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    k[i * n + i] = 1 + NOISE;
    for (let j = 0; j < i; j++) k[i * n + j] = k[j * n + i] = matern52(dist2(xs[i]!, xs[j]!, isChoice, invEll2));
  }
  if (!cholesky(k, n)) return null;
  const alpha = backward(k, n, forward(k, n, y));
  let logDet = 0;
  for (let i = 0; i < n; i++) logDet += Math.log(k[i * n + i]!);
  let fitTerm = 0;
  for (let i = 0; i < n; i++) fitTerm += y[i]! * alpha[i]!;
  return { invEll2, l: k, alpha, logLik: -0.5 * fitTerm - logDet };
}

/**
 * Length scales by marginal likelihood, fitted on at most HYPER_POINTS of the points (cheap:
 * O(h³) per try): first one scale for all dimensions from LENGTH_SCALES × √d, then two sweeps
 * over the dimensions trying each 4× shorter or longer.
 */
function relevance(xs: Vec[], y: Vec, isChoice: readonly boolean[]): Vec {
  const d = isChoice.length;
  const h = Math.min(xs.length, HYPER_POINTS);
  const hx = xs.slice(xs.length - h);
  const hy = y.slice(y.length - h);
  const like = (inv: Vec) => fit(hx, hy, inv, isChoice)?.logLik ?? -Infinity;
  let best = new Float64Array(d);
  let bestLik = -Infinity;
  for (const s of LENGTH_SCALES) {
    const inv = new Float64Array(d).fill(1 / (s * s * d));
    const l = like(inv);
    if (l > bestLik) [best, bestLik] = [inv, l];
  }
  for (let sweep = 0; sweep < 2; sweep++)
    for (let j = 0; j < d; j++)
      for (const f of [1 / 16, 16]) {
        const inv = best.slice();
        inv[j] = inv[j]! * f;
        const l = like(inv);
        if (l > bestLik) [best, bestLik] = [inv, l];
      }
  return best;
}

/** The trials the GP is fitted on: all of them up to `max`, else the best half and the most recent. */
function subset(history: readonly Observation[], max: number): Observation[] {
  if (history.length <= max) return [...history];
  const indexed = history.map((o, i) => ({ o, i }));
  const best = indexed
    .filter((x) => x.o.value !== null)
    .sort((a, b) => a.o.value! - b.o.value! || a.i - b.i)
    .slice(0, Math.floor(max / 2));
  const chosen = new Set(best.map((x) => x.i));
  for (let i = history.length - 1; i >= 0 && chosen.size < max; i--) chosen.add(i);
  return [...chosen].sort((a, b) => a - b).map((i) => history[i]!);
}

export function suggestBayesian(
  space: CompiledSpace,
  history: readonly Observation[],
  rng: Random,
  options: BayesianOptions = BAYESIAN_DEFAULTS,
): Params {
  const done = history.filter((o) => o.value !== null);
  if (history.length < options.startup || done.length < 2) return randomPoint(space, rng);
  const worst = Math.max(...done.map((o) => o.value!));
  const obs = subset(history, options.maxPoints);
  const isChoice = space.params.map((p) => p.spec.type === 'choice');
  const xs = obs.map((o) => features(space, o.params));
  // Failed trials count as the worst value seen: the GP learns where runs fail.
  // Warped (log of the distance to the best): the differences near the optimum, where the search
  // matters, are not flattened by a few very bad values.
  const bestSeen = Math.min(...done.map((o) => o.value!));
  const spread = worst - bestSeen || 1;
  const raw = obs.map((o) => Math.log((o.value ?? worst) - bestSeen + 0.01 * spread));
  const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
  const sd = Math.sqrt(raw.reduce((a, b) => a + (b - mean) ** 2, 0) / raw.length) || 1;
  const y = Float64Array.from(raw, (v) => (v - mean) / sd);
  const invEll2 = relevance(xs, y, isChoice);
  const model = fit(xs, y, invEll2, isChoice);
  if (model === null) return randomPoint(space, rng);
  const n = xs.length;
  const best = Math.min(...y);
  // Candidates: random points, and perturbations of the best few trials.
  const points: Params[] = [];
  for (let c = 0; c < options.candidates - options.local; c++) points.push(randomPoint(space, rng));
  const top = [...obs]
    .filter((o) => o.value !== null)
    .sort((a, b) => a.value! - b.value!)
    .slice(0, 4);
  for (let c = 0; c < options.local && top.length > 0; c++) {
    const base = top[c % top.length]!.params;
    points.push(
      buildPoint(space, (p) => {
        if (!Object.prototype.hasOwnProperty.call(base, p.name)) return rng.next();
        if (p.spec.type === 'choice') return rng.next() < 0.15 ? rng.next() : toUnit(p.spec, base[p.name]!);
        return Math.min(1 - 1e-9, Math.max(0, toUnit(p.spec, base[p.name]!) + 0.05 * normal(rng)));
      }),
    );
  }
  let chosen = points[0]!;
  let bestEi = -Infinity;
  const kStar = new Float64Array(n);
  for (const point of points) {
    const f = features(space, point);
    for (let i = 0; i < n; i++) kStar[i] = matern52(dist2(f, xs[i]!, isChoice, model.invEll2));
    let mu = 0;
    for (let i = 0; i < n; i++) mu += kStar[i]! * model.alpha[i]!;
    const v = forward(model.l, n, kStar);
    let vv = 0;
    for (let i = 0; i < n; i++) vv += v[i]! * v[i]!;
    const sigma = Math.sqrt(Math.max(1e-12, 1 - vv));
    const z = (best - mu - options.xi) / sigma;
    const ei = sigma * (z * normalCdf(z) + normalPdf(z));
    if (ei > bestEi) [bestEi, chosen] = [ei, point];
  }
  return chosen;
}
