// Tree-structured Parzen Estimator (Bergstra, Bardenet, Bengio, Kégl, "Algorithms for
// Hyper-Parameter Optimization", NeurIPS 2011; hyperopt's adaptive Parzen estimator). After
// `startup` random trials the finished trials are split at γ into good (lowest values, at most
// `maxGood`) and bad (the rest and every failed trial). Per parameter, in the order the
// conditions allow, two densities are built from the trials where it was active — l(x) from the
// good, g(x) from the bad — each a mixture of a uniform prior and one truncated Gaussian per
// observation in the unit interval (bandwidth: the larger gap to its neighbours, hyperopt's
// rule), or a categorical with a count per choice plus one. `candidates` values are drawn from
// l, and the one with the largest l(x)/g(x) — the expected improvement is monotone in it — is kept.
import { normal, normalCdf, type Observation } from './history';
import { buildPoint, randomPoint, toUnit, type CompiledParam, type CompiledSpace, type Params, type Random } from './space';

export interface TpeOptions {
  startup: number;
  gamma: number;
  maxGood: number;
  candidates: number;
}

const TPE_DEFAULTS: TpeOptions = { startup: 10, gamma: 0.25, maxGood: 25, candidates: 24 };

interface Parzen {
  mus: Float64Array;
  sigmas: Float64Array;
  /** Mass of each component inside [0, 1]. */
  mass: Float64Array;
}

/** hyperopt's adaptive Parzen estimator over [0, 1], the prior N(0.5, 1) included as a component. */
function parzen(xs: number[]): Parzen {
  const mus = [...xs, 0.5].sort((a, b) => a - b);
  const n = mus.length;
  const minSigma = 1 / Math.min(100, 1 + n);
  const sigmas = new Float64Array(n);
  const priorAt = mus.indexOf(0.5);
  for (let i = 0; i < n; i++) {
    if (i === priorAt) {
      sigmas[i] = 1;
      continue;
    }
    const left = i > 0 ? mus[i]! - mus[i - 1]! : mus[i]!;
    const right = i < n - 1 ? mus[i + 1]! - mus[i]! : 1 - mus[i]!;
    sigmas[i] = Math.min(1, Math.max(minSigma, left, right));
  }
  const mass = new Float64Array(n);
  for (let i = 0; i < n; i++) mass[i] = Math.max(1e-12, normalCdf((1 - mus[i]!) / sigmas[i]!) - normalCdf(-mus[i]! / sigmas[i]!));
  return { mus: Float64Array.from(mus), sigmas, mass };
}

function density(p: Parzen, x: number): number {
  let sum = 0;
  const n = p.mus.length;
  for (let i = 0; i < n; i++) {
    const s = p.sigmas[i]!;
    const z = (x - p.mus[i]!) / s;
    sum += Math.exp(-0.5 * z * z) / (s * p.mass[i]!);
  }
  return sum / (n * Math.sqrt(2 * Math.PI));
}

function sample(p: Parzen, rng: Random): number {
  const k = Math.floor(rng.next() * p.mus.length);
  for (let tries = 0; tries < 16; tries++) {
    const x = p.mus[k]! + p.sigmas[k]! * normal(rng);
    if (x >= 0 && x < 1) return x;
  }
  return Math.min(1 - 1e-9, Math.max(0, p.mus[k]!));
}

function categorical(cells: number, xs: number[]): Float64Array {
  const w = new Float64Array(cells).fill(1);
  for (const x of xs) w[Math.min(cells - 1, Math.floor(x * cells))]! += 1;
  const total = w.reduce((a, b) => a + b, 0);
  for (let i = 0; i < cells; i++) w[i]! /= total;
  return w;
}

function pickOne(p: CompiledParam, good: Observation[], bad: Observation[], rng: Random, candidates: number): number {
  const unitOf = (list: Observation[]) =>
    list.filter((o) => Object.prototype.hasOwnProperty.call(o.params, p.name)).map((o) => toUnit(p.spec, o.params[p.name]!));
  const gx = unitOf(good);
  const bx = unitOf(bad);
  let best = 0;
  let bestScore = -Infinity;
  if (p.spec.type === 'choice') {
    const cells = p.cells!;
    const l = categorical(cells, gx);
    const g = categorical(cells, bx);
    for (let c = 0; c < candidates; c++) {
      let r = rng.next();
      let i = 0;
      while (i < cells - 1 && r >= l[i]!) r -= l[i++]!;
      const score = Math.log(l[i]!) - Math.log(g[i]!);
      if (score > bestScore) [bestScore, best] = [score, (i + 0.5) / cells];
    }
    return best;
  }
  const l = parzen(gx);
  const g = parzen(bx);
  for (let c = 0; c < candidates; c++) {
    const x = sample(l, rng);
    const score = Math.log(density(l, x) + 1e-300) - Math.log(density(g, x) + 1e-300);
    if (score > bestScore) [bestScore, best] = [score, x];
  }
  return best;
}

export function suggestTpe(space: CompiledSpace, history: readonly Observation[], rng: Random, options: TpeOptions = TPE_DEFAULTS): Params {
  if (history.length < options.startup) return randomPoint(space, rng);
  const sorted = [...history].sort((a, b) => (a.value ?? Infinity) - (b.value ?? Infinity));
  const completed = sorted.filter((o) => o.value !== null).length;
  const nGood = Math.min(options.maxGood, Math.max(1, Math.ceil(options.gamma * sorted.length)), Math.max(1, completed));
  const good = sorted.slice(0, nGood);
  const bad = sorted.slice(nGood);
  return buildPoint(space, (p) => pickOne(p, good, bad, rng, options.candidates));
}
