// The experiment statistics (main/emulator/areas/training/experiments/stats/) pinned to
// reference values computed independently of the libraries they use: published R output for
// classic datasets, exhaustive enumeration, hand computation, and numerical integration.
import { describe, expect, it } from 'vitest';
import { pearson, spearman } from '../../../../main/emulator/areas/training/experiments/stats/correlation';
import { benjaminiHochberg, holm } from '../../../../main/emulator/areas/training/experiments/stats/multiple';
import { paretoFrontier } from '../../../../main/emulator/areas/training/experiments/stats/pareto';
import {
  ExampleBootstrap,
  signRankCdf,
  tMeanCi,
  wilcoxonSignedRank,
} from '../../../../main/emulator/areas/training/experiments/stats/resample';
import { tTwoSidedP } from '../../../../main/emulator/areas/training/experiments/stats/t-tail';
import {
  effectSize,
  mannWhitney,
  mannWhitneyCdf,
  midranks,
  welch,
} from '../../../../main/emulator/areas/training/experiments/stats/two-sample';

// Student's sleep data (Cushny & Peebles 1905; R's `sleep` dataset): extra hours of sleep by drug.
const SLEEP_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const SLEEP_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

/** Two-sided tail of Student's t by Simpson's rule over the density (independent of @stdlib). */
function tTailByQuadrature(t: number, df: number): number {
  const lgamma = (z: number): number => {
    // Lanczos approximation (g = 7, n = 9), accurate to ~1e-15 for z > 0.
    const c = [
      0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
      -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
    ];
    if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - lgamma(1 - z);
    z -= 1;
    let x = c[0]!;
    for (let i = 1; i < 9; i++) x += c[i]! / (z + i);
    const w = z + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(w) - w + Math.log(x);
  };
  const logNorm = lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * Math.log(df * Math.PI);
  const density = (x: number) => Math.exp(logNorm - ((df + 1) / 2) * Math.log(1 + (x * x) / df));
  // P(|T| ≤ |t|) by Simpson over [0, |t|], doubled.
  const a = Math.abs(t);
  const n = 20_000;
  const h = a / n;
  let s = density(0) + density(a);
  for (let i = 1; i < n; i++) s += (i % 2 === 1 ? 4 : 2) * density(i * h);
  return 1 - 2 * ((s * h) / 3);
}

describe('Welch two-sample t-test', () => {
  it("matches R's t.test(extra ~ group, data = sleep)", () => {
    // R 4.x: t = -1.8608, df = 17.776, p-value = 0.07939;
    // 95 percent confidence interval: -3.3654832 0.2054832; means 0.75 and 2.33.
    const r = welch(SLEEP_1, SLEEP_2)!;
    expect(r.statistic).toBeCloseTo(-1.8608, 4);
    expect(r.df).toBeCloseTo(17.776, 3);
    expect(r.pValue).toBeCloseTo(0.07939, 5);
    expect(r.ci[0]).toBeCloseTo(-3.3654832, 6);
    expect(r.ci[1]).toBeCloseTo(0.2054832, 6);
    expect(r.meanDifference).toBeCloseTo(0.75 - 2.33, 12);
  });

  it('has the p-value the t density integrates to at its statistic and df', () => {
    const r = welch(SLEEP_1, SLEEP_2)!;
    expect(r.pValue).toBeCloseTo(tTailByQuadrature(r.statistic, r.df), 8);
  });

  it('refuses samples it cannot test', () => {
    expect(welch([1], [2, 3])).toBeNull();
    expect(welch([1, 1, 1], [2, 2, 2])).toBeNull();
  });
});

describe('t tail by bisection on the quantile', () => {
  it('agrees with numerical integration of the t density', () => {
    for (const [t, df] of [
      [0.5, 3],
      [2.2281388519862744, 10],
      [4.2415, 9],
      [-1.8608, 17.776],
    ] as const)
      expect(tTwoSidedP(t, df)).toBeCloseTo(tTailByQuadrature(t, df), 9);
    // The 97.5 % quantile of t(10) is 2.228139 (any t table): a two-sided tail of 0.05.
    expect(tTwoSidedP(2.2281388519862744, 10)).toBeCloseTo(0.05, 12);
    expect(tTwoSidedP(0, 5)).toBe(1);
  });
});

describe('Mann–Whitney U', () => {
  it("matches R's wilcox.test(extra ~ group, data = sleep) (ties: normal approximation with continuity correction)", () => {
    // R: W = 25.5, p-value = 0.06933 (warning: cannot compute exact p-value with ties).
    const r = mannWhitney(SLEEP_1, SLEEP_2)!;
    expect(r.U).toBe(25.5);
    expect(r.method).toBe('normal');
    expect(r.pValue).toBeCloseTo(0.06933, 5);
    // Rank-biserial r = 2U/(mn) − 1.
    expect(r.rankBiserial).toBeCloseTo((2 * 25.5) / 100 - 1, 12);
  });

  // Hollander & Wolfe (1973), p. 69 — the example of R's ?wilcox.test: permeability constants.
  const X = [0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
  const Y = [1.15, 0.88, 0.9, 0.74, 1.21];

  it('is exact for small samples without ties, as R reports W = 35, p = 0.1272 (one-sided, greater)', () => {
    const r = mannWhitney(X, Y)!;
    expect(r.U).toBe(35);
    expect(r.method).toBe('exact');
    expect(r.pValue).toBeCloseTo(2 * 0.1272, 4);
  });

  it('has the exact distribution that enumerating every arrangement gives', () => {
    // All C(15, 5) = 3003 ways to place the 5 y-ranks among 15: U_x = Σ over x of y's below it.
    const m = 10;
    const n = 5;
    const counts = new Map<number, number>();
    let total = 0;
    const choose = (start: number, left: number, picked: number[]) => {
      if (left === 0) {
        const ys = new Set(picked);
        let u = 0;
        let below = 0;
        for (let r = 0; r < m + n; r++) {
          if (ys.has(r)) below++;
          else u += below;
        }
        counts.set(u, (counts.get(u) ?? 0) + 1);
        total++;
        return;
      }
      for (let i = start; i < m + n; i++) choose(i + 1, left - 1, [...picked, i]);
    };
    choose(0, n, []);
    expect(total).toBe(3003);
    let cumulative = 0;
    for (let u = 0; u <= m * n; u++) {
      cumulative += counts.get(u) ?? 0;
      expect(mannWhitneyCdf(u, m, n)).toBeCloseTo(cumulative / total, 12);
    }
    // Two-sided exact p of U = 35: 2 · P(U ≥ 35).
    let upper = 0;
    for (const [u, c] of counts) if (u >= 35) upper += c;
    expect(mannWhitney(X, Y)!.pValue).toBeCloseTo((2 * upper) / total, 12);
  });

  it('gives tied values their mean rank', () => {
    expect(midranks([3, 1, 3, 2])).toEqual({ ranks: [3.5, 1, 3.5, 2], ties: [2] });
  });
});

describe('effect sizes', () => {
  it('are Cohen’s d over the pooled SD and Hedges’ small-sample correction, computed by hand', () => {
    // x = 1,2,3,4,5 (mean 3, var 2.5); y = 3,4,5,6,7 (mean 5, var 2.5): pooled SD √2.5, d = −2/√2.5.
    const e = effectSize([1, 2, 3, 4, 5], [3, 4, 5, 6, 7])!;
    expect(e.cohensD).toBeCloseTo(-2 / Math.sqrt(2.5), 12);
    expect(e.hedgesG).toBeCloseTo((-2 / Math.sqrt(2.5)) * (1 - 3 / (4 * 10 - 9)), 12);
  });
});

describe('correlations', () => {
  // Anscombe (1973), "Graphs in statistical analysis", data set I.
  const X1 = [10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5];
  const Y1 = [8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68];
  const Y2 = [9.14, 8.14, 8.74, 8.77, 9.26, 8.1, 6.13, 3.1, 9.13, 7.26, 4.74];

  it("match R's cor.test(anscombe$x1, anscombe$y1): r = 0.8164205, t = 4.2415 on 9 df, p = 0.00217", () => {
    const r = pearson(X1, Y1)!;
    expect(r.coefficient).toBeCloseTo(0.8164205, 7);
    expect(r.pValue!).toBeCloseTo(0.00217, 5);
    // Anscombe's point: set II has (almost) the same r, 0.8162365.
    expect(pearson(X1, Y2)!.coefficient).toBeCloseTo(0.8162365, 7);
  });

  it('give Spearman’s ρ = 1 − 6Σd²/(n(n² − 1)) for untied ranks, with the t-approximation p-value', () => {
    const rank = (v: number[]) => v.map((x) => v.filter((y) => y < x).length + 1);
    const rx = rank(X1);
    const ry = rank(Y1);
    const n = X1.length;
    const d2 = rx.reduce((s, r, i) => s + (r - ry[i]!) ** 2, 0);
    const rho = 1 - (6 * d2) / (n * (n * n - 1));
    const s = spearman(X1, Y1)!;
    expect(s.coefficient).toBeCloseTo(rho, 12);
    const t = rho * Math.sqrt((n - 2) / (1 - rho * rho));
    expect(s.pValue!).toBeCloseTo(tTailByQuadrature(t, n - 2), 8);
  });

  it('are undefined for constant series and fewer than 3 pairs', () => {
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(spearman([1, 2], [2, 1])).toBeNull();
  });
});

describe('multiple-comparison corrections', () => {
  it('Holm: p(i) × (m − i + 1), made monotone (by hand from Holm 1979)', () => {
    // Sorted 0.01, 0.02, 0.03, 0.04, 0.05 → 0.05, 0.08, 0.09, max(0.09, 0.08), max(0.09, 0.05).
    expect(holm([0.01, 0.02, 0.03, 0.04, 0.05]).map((v) => Number(v.toFixed(12)))).toEqual([0.05, 0.08, 0.09, 0.09, 0.09]);
    // Order is kept and NaN (an untested pair) is left out of the family: m = 3 here.
    expect(holm([0.04, NaN, 0.01, 0.5]).map((v) => (Number.isNaN(v) ? 'NaN' : Number(v.toFixed(12))))).toEqual([0.08, 'NaN', 0.03, 0.5]);
    expect(holm([0.5, 0.6])).toEqual([1, 1]);
  });

  it('Benjamini–Hochberg: min over j ≥ i of p(j) · m / j (by hand from Benjamini & Hochberg 1995)', () => {
    // p = 0.01, 0.04, 0.03, 0.2 (m = 4): sorted 0.01·4 = 0.04, 0.03·2 = 0.06, 0.04·4/3 = 0.0533, 0.2
    // → from the top: 0.2, min(0.0533, 0.2) = 0.0533, min(0.06, 0.0533) = 0.0533, min(0.04, …) = 0.04.
    expect(benjaminiHochberg([0.01, 0.04, 0.03, 0.2]).map((v) => Number(v.toFixed(10)))).toEqual([
      0.04,
      Number((0.16 / 3).toFixed(10)),
      Number((0.16 / 3).toFixed(10)),
      0.2,
    ]);
  });
});

describe('pareto frontier', () => {
  const objectives = [
    { metric: 'loss', direction: 'minimize' },
    { metric: 'cost', direction: 'minimize' },
  ] as const;
  const c = (id: string, loss: number | null, cost: number) => ({ id, values: { loss, cost } });

  it('keeps the runs no other run beats on both metrics', () => {
    const r = paretoFrontier(objectives, [
      c('a', 0.5, 10),
      c('b', 0.6, 5),
      c('c', 0.7, 6), // worse than b on both
      c('d', 0.5, 12), // same loss as a, dearer
      c('e', null, 1), // no loss: cannot be compared
      c('f', 0.9, 1),
    ]);
    expect(r.frontier).toEqual(['a', 'b', 'f']);
    expect(r.dominated).toEqual([
      { id: 'c', dominatedBy: 'b' },
      { id: 'd', dominatedBy: 'a' },
    ]);
    expect(r.incomplete).toEqual(['e']);
  });

  it('names a frontier run as the dominator, not an intermediate one', () => {
    const r = paretoFrontier(objectives, [c('c', 0.3, 3), c('b', 0.2, 2), c('a', 0.1, 1)]);
    expect(r.frontier).toEqual(['a']);
    expect(r.dominated).toEqual([
      { id: 'c', dominatedBy: 'a' },
      { id: 'b', dominatedBy: 'a' },
    ]);
  });

  it('does not let equal runs dominate each other; maximised metrics count upwards', () => {
    expect(paretoFrontier(objectives, [c('a', 0.5, 1), c('b', 0.5, 1)]).frontier).toEqual(['a', 'b']);
    const acc = [{ metric: 'accuracy', direction: 'maximize' }] as const;
    const r = paretoFrontier(acc, [
      { id: 'y', values: { accuracy: 0.8 } },
      { id: 'x', values: { accuracy: 0.9 } },
    ]);
    expect(r).toMatchObject({ frontier: ['x'], dominated: [{ id: 'y', dominatedBy: 'x' }] });
  });
});

describe('correlation intervals and the minimum for a claim', () => {
  // Anscombe's data set I again.
  const X1 = [10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5];
  const Y1 = [8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68];
  it('give Fisher’s z interval for Pearson (by hand) and Bonett–Wright’s for Spearman, with a p-value from 10 pairs', () => {
    const r = pearson(X1, Y1)!;
    const h = 1.959963985 / Math.sqrt(X1.length - 3);
    expect(r.ci![0]).toBeCloseTo(Math.tanh(Math.atanh(r.coefficient) - h), 9);
    expect(r.ci![1]).toBeCloseTo(Math.tanh(Math.atanh(r.coefficient) + h), 9);
    // R: cor.test(anscombe$x1, anscombe$y1)$conf.int = 0.4243912 0.9506933.
    expect(r.ci![0]).toBeCloseTo(0.4243912, 6);
    expect(r.ci![1]).toBeCloseTo(0.9506933, 6);
    const s = spearman(X1, Y1)!;
    const hs = 1.959963985 * Math.sqrt((1 + s.coefficient ** 2 / 2) / (X1.length - 3));
    expect(s.ci![1]).toBeCloseTo(Math.tanh(Math.atanh(s.coefficient) + hs), 9);
    expect(r.pValue).not.toBeNull();
  });

  it('claim nothing below 10 pairs (no p-value), and give no interval below 4', () => {
    const few = pearson(X1.slice(0, 9), Y1.slice(0, 9))!;
    expect(few.pValue).toBeNull();
    expect(few.ci).not.toBeNull();
    // Three runs in order: ρ = 1, which 3 random runs give one time in three — no claim, no interval.
    const three = spearman([1, 2, 3], [0.5, 0.6, 0.9])!;
    expect(three).toMatchObject({ coefficient: 1, ci: null, pValue: null });
  });
});

describe('Wilcoxon signed-rank (paired)', () => {
  // R's ?wilcox.test: Hollander & Wolfe's depression scores, before (x) and after (y) therapy.
  const x = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
  const y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
  it("matches R's wilcox.test(x, y, paired = TRUE): V = 40, p = 0.03906 (exact)", () => {
    const w = wilcoxonSignedRank(x, y)!;
    expect(w).toMatchObject({ V: 40, method: 'exact', n: 9 });
    expect(w.pValue).toBeCloseTo(0.0390625, 7);
  });

  it('has the exact distribution that enumerating every sign gives', () => {
    const n = 6;
    const counts = new Array<number>(22).fill(0);
    for (let m = 0; m < 2 ** n; m++) {
      let v = 0;
      for (let k = 0; k < n; k++) if (m & (1 << k)) v += k + 1;
      counts[v]!++;
    }
    let running = 0;
    counts.forEach((c, v) => {
      running += c;
      expect(signRankCdf(v, n)).toBeCloseTo(running / 64, 12);
    });
  });

  it('uses the normal approximation with tie and continuity correction from 50 pairs or with ties (by hand)', () => {
    const a = Array.from({ length: 60 }, (_, i) => 1 + ((i * 7) % 13) / 10);
    const b = Array.from({ length: 60 }, (_, i) => 1 + ((i * 5) % 11) / 10);
    const w = wilcoxonSignedRank(a, b)!;
    expect(w.method).toBe('normal');
    const d = a.map((v, i) => v - b[i]!).filter((v) => v !== 0);
    const n = d.length;
    const { ranks, ties } = midranks(d.map(Math.abs));
    const V = d.reduce((s, v, i) => s + (v > 0 ? ranks[i]! : 0), 0);
    const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - ties.reduce((s, t) => s + t ** 3 - t, 0) / 48);
    const centre = V - (n * (n + 1)) / 4;
    expect(w.V).toBe(V);
    expect(w.z).toBeCloseTo((centre - Math.sign(centre) * 0.5) / sigma, 12);
  });
});

describe('bootstrap over evaluation examples', () => {
  it('is seeded (the same resamples give the same interval), and pairs two models in the same resamples', () => {
    const a = Float64Array.from({ length: 200 }, (_, i) => 1 + Math.sin(i));
    const b = a.map((v, i) => v + 0.05 + 0.01 * Math.cos(3 * i));
    const one = new ExampleBootstrap(7);
    const two = new ExampleBootstrap(7);
    expect(ExampleBootstrap.interval(one.meansOf('a', a), 0.95)).toEqual(ExampleBootstrap.interval(two.meansOf('a', a), 0.95));
    // b − a is 0.05 ± 0.01 on every example: the paired interval is narrow around 0.05, while each model's own spans ±0.1.
    const ma = one.meansOf('a', a);
    const mb = one.meansOf('b', b);
    const paired = ExampleBootstrap.interval(
      mb.map((v, k) => v - ma[k]!),
      0.95,
    );
    expect(paired[0]).toBeGreaterThan(0.048);
    expect(paired[1]).toBeLessThan(0.052);
    const own = ExampleBootstrap.interval(ma, 0.95);
    expect(own[1] - own[0]).toBeGreaterThan(0.1);
  });

  it('gives a group of replicates Student’s t interval (by hand: t(0.975, 2) = 4.302653)', () => {
    const [lo, hi] = tMeanCi([1, 2, 3], 0.95)!;
    expect(lo).toBeCloseTo(2 - 4.302653 / Math.sqrt(3), 5);
    expect(hi).toBeCloseTo(2 + 4.302653 / Math.sqrt(3), 5);
    expect(tMeanCi([1], 0.95)).toBeNull();
  });
});
