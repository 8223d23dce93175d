// The tuning algorithms as pure modules (main/emulator/areas/training/tuning/algorithms/): the
// condition grammar, the search space's checks and scales, grid enumeration, random sampling,
// Hyperband's brackets, TPE and Bayesian suggestions — and TPE and Bayesian beating random search
// on the seeded training objective over 20 seeds.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../main/emulator/core/rng';
import { suggestBayesian } from '../../../../main/emulator/areas/training/tuning/algorithms/bayesian';
import { ConditionError, evaluate, parseCondition } from '../../../../shared/api/training/tuning-condition';
import { enumerateGrid } from '../../../../main/emulator/areas/training/tuning/algorithms/grid';
import type { Observation } from '../../../../main/emulator/areas/training/tuning/algorithms/history';
import {
  hyperbandBrackets,
  hyperbandSchedule,
  nextHyperband,
  scheduleTrials,
} from '../../../../main/emulator/areas/training/tuning/algorithms/hyperband';
import { suggestRandom } from '../../../../main/emulator/areas/training/tuning/algorithms/random';
import {
  compileSpace,
  fromUnit,
  SearchSpaceError,
  toUnit,
  unsupportedTypes,
  type CompiledSpace,
  type Params,
  type SearchSpace,
} from '../../../../main/emulator/areas/training/tuning/algorithms/space';
import { suggestTpe } from '../../../../main/emulator/areas/training/tuning/algorithms/tpe';
import { runTrial } from '../../../../main/emulator/areas/training/tuning/objective';
import { PARENT, SPACE } from './tuning-fixture';

describe('condition grammar', () => {
  const v = { optimizer: 'adam', strategy: 'qlora', rank: 16, flag: true };
  it.each([
    ['optimizer == "adam"', true],
    ["optimizer != 'adam'", false],
    ['strategy in ["lora", "qlora"]', true],
    ['strategy not in ["lora","qlora"]', false],
    ['rank >= 16 && rank < 32', true],
    ['rank > 16 || optimizer == "adam"', true],
    ['!(rank > 8) || flag == false', false],
    ['(rank <= 1e1 || strategy == "qlora") && flag == true', true],
    ['missing == 1', false],
    ['missing != 1', false],
    ['!(missing == 1)', true],
  ])('%s → %s', (text, expected) => {
    expect(evaluate(parseCondition(text), v)).toBe(expected);
  });

  it.each([
    ['', /empty/],
    ['optimizer ==', /expected a value/],
    ['optimizer = "adam"', /unexpected character|expected/],
    ['"adam" == optimizer', /parameter name/],
    ['optimizer == "adam', /unterminated/],
    ['rank < "x"', /compares numbers only/],
    ['rank in []', /expected a value/],
    ['rank == 1 rank == 2', /unexpected/],
    ['x'.repeat(201), /200 characters/],
    ['('.repeat(9) + 'a == 1' + ')'.repeat(9), /nested/],
    ['process.exit()', /unexpected character|expected/],
  ])('refuses %j', (text, reason) => {
    expect(() => parseCondition(text)).toThrow(ConditionError);
    expect(() => parseCondition(text)).toThrow(reason);
  });
});

describe('search space', () => {
  it('orders parameters so a condition reads only parameters before it, and refuses bad spaces', () => {
    const s = compileSpace({
      rank: { type: 'int_uniform', min: 4, max: 8, condition: 'strategy in ["lora", "qlora"]' },
      strategy: { type: 'choice', values: ['lora', 'qlora', 'full'] },
    });
    expect(s.params.map((p) => p.name)).toEqual(['strategy', 'rank']);
    const bad: Array<[SearchSpace, string, RegExp]> = [
      [{ x: { type: 'uniform', min: 2, max: 1 } }, 'x', /below max/],
      [{ x: { type: 'log_uniform', min: 0, max: 1 } }, 'x', /above 0/],
      [{ x: { type: 'int_uniform', min: 0.5, max: 3 } }, 'x', /whole-number/],
      [{ x: { type: 'choice', values: [] } }, 'x', /at least one/],
      [{ x: { type: 'choice', values: [1, 1] } }, 'x', /twice/],
      [{ x: { type: 'uniform', min: 0, max: 1, condition: 'x > 0' } }, 'x', /own parameter/],
      [{ x: { type: 'uniform', min: 0, max: 1, condition: 'nope == 1' } }, 'x', /nope, which is not/],
    ];
    for (const [space, parameter, reason] of bad) {
      let error: unknown = null;
      try {
        compileSpace(space);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SearchSpaceError);
      expect((error as SearchSpaceError).parameter).toBe(parameter);
      expect((error as SearchSpaceError).message).toMatch(reason);
    }
    expect(unsupportedTypes('grid', { a: { type: 'log_uniform', min: 1, max: 2 }, b: { type: 'int_uniform', min: 1, max: 2 } })).toEqual([
      'log_uniform',
    ]);
    expect(unsupportedTypes('tpe', { a: { type: 'log_uniform', min: 1, max: 2 } })).toEqual([]);
  });

  it('maps values to the unit interval and back (log scale for the log types)', () => {
    const log = { type: 'log_uniform', min: 1e-5, max: 1e-1 } as const;
    expect(fromUnit(log, 0.5)).toBeCloseTo(1e-3, 10);
    expect(toUnit(log, 1e-3)).toBeCloseTo(0.5, 10);
    const ints = { type: 'int_uniform', min: 2, max: 5 } as const;
    expect([0, 0.24, 0.26, 0.99].map((u) => fromUnit(ints, u))).toEqual([2, 2, 3, 5]);
    for (let v = 2; v <= 5; v++) expect(fromUnit(ints, toUnit(ints, v))).toBe(v);
    const intLog = { type: 'int_log_uniform', min: 1, max: 256 } as const;
    for (const v of [1, 2, 17, 256]) expect(fromUnit(intLog, toUnit(intLog, v))).toBe(v);
  });
});

describe('grid', () => {
  it('enumerates exactly every combination, an inactive parameter taking no value', () => {
    const space = compileSpace({
      optimizer: { type: 'choice', values: ['adam', 'sgd'] },
      momentum: { type: 'choice', values: [0.9, 0.99], condition: 'optimizer == "sgd"' },
      rank: { type: 'int_uniform', min: 1, max: 3 },
    });
    const grid = enumerateGrid(space, 100)!;
    expect(grid).toEqual([
      { optimizer: 'adam', rank: 1 },
      { optimizer: 'adam', rank: 2 },
      { optimizer: 'adam', rank: 3 },
      { optimizer: 'sgd', momentum: 0.9, rank: 1 },
      { optimizer: 'sgd', momentum: 0.9, rank: 2 },
      { optimizer: 'sgd', momentum: 0.9, rank: 3 },
      { optimizer: 'sgd', momentum: 0.99, rank: 1 },
      { optimizer: 'sgd', momentum: 0.99, rank: 2 },
      { optimizer: 'sgd', momentum: 0.99, rank: 3 },
    ]);
    expect(enumerateGrid(space, 8)).toBeNull();
  });
});

describe('random', () => {
  it('respects each type, the log scale and conditions', () => {
    const space = compileSpace({
      lr: { type: 'log_uniform', min: 1e-5, max: 1e-1 },
      wd: { type: 'uniform', min: 0, max: 0.2 },
      bs: { type: 'int_log_uniform', min: 1, max: 64 },
      epochs: { type: 'int_uniform', min: 1, max: 3 },
      opt: { type: 'choice', values: ['adam', 'sgd', 'lion'] },
      momentum: { type: 'uniform', min: 0.8, max: 0.99, condition: 'opt == "sgd"' },
    });
    const rng = new Rng(7);
    const n = 6000;
    const points = Array.from({ length: n }, () => suggestRandom(space, rng));
    const share = (f: (p: Params) => boolean) => points.filter(f).length / n;
    // Log-uniform: as many below the geometric middle (1e-3) as above; uniform would put 1 % there.
    expect(share((p) => (p.lr as number) < 1e-3)).toBeCloseTo(0.5, 1);
    expect(share((p) => (p.wd as number) < 0.1)).toBeCloseTo(0.5, 1);
    // int_log_uniform 1–64: values up to 8 hold about half the log range.
    expect(share((p) => (p.bs as number) <= 8)).toBeGreaterThan(0.4);
    for (const p of points) {
      expect(Number.isInteger(p.bs) && Number.isInteger(p.epochs)).toBe(true);
      expect(p.bs).toBeGreaterThanOrEqual(1);
      expect(p.bs).toBeLessThanOrEqual(64);
      expect('momentum' in p).toBe(p.opt === 'sgd');
    }
    for (const e of [1, 2, 3]) expect(share((p) => p.epochs === e)).toBeCloseTo(1 / 3, 1);
    for (const o of ['adam', 'sgd', 'lion']) expect(share((p) => p.opt === o)).toBeCloseTo(1 / 3, 1);
  });
});

describe('hyperband', () => {
  it('gives the brackets of Li et al. (R = 81, η = 3)', () => {
    const shape = hyperbandBrackets({ max_epochs: 81, reduction_factor: 3, min_epochs: 1 }).map((b) =>
      b.rungs.map((r) => [r.trials, r.epochs]),
    );
    expect(shape).toEqual([
      [
        [81, 1],
        [27, 3],
        [9, 9],
        [3, 27],
        [1, 81],
      ],
      [
        [34, 3],
        [11, 9],
        [3, 27],
        [1, 81],
      ],
      [
        [15, 9],
        [5, 27],
        [1, 81],
      ],
      [
        [8, 27],
        [2, 81],
      ],
      [[5, 81]],
    ]);
  });

  it('fits whole brackets in max_trials and promotes the best of a finished rung', () => {
    const config = { max_epochs: 4, reduction_factor: 2, min_epochs: 1 };
    expect(scheduleTrials(hyperbandSchedule(config, 14)!)).toBe(14);
    expect(scheduleTrials(hyperbandSchedule(config, 20)!)).toBe(18); // 14, then bracket 1 (4) again; 2 left fit none
    expect(hyperbandSchedule(config, 2)).toBeNull();
    const schedule = hyperbandSchedule(config, 7)!; // bracket 0 only: 4@1, 2@2, 1@4
    expect(schedule).toHaveLength(1);
    const launched = [0.5, 0.2, 0.9, 0.3].map((value, i) => ({ bracket: 0, rung: 0, params: { i }, value, ended: i !== 3 }));
    expect(nextHyperband(schedule, launched)).toBe('wait');
    launched[3]!.ended = true;
    expect(nextHyperband(schedule, launched)).toEqual({ bracket: 0, rung: 1, epochs: 2, params: { i: 1 } });
    launched.push({ bracket: 0, rung: 1, params: { i: 1 }, value: 0.1, ended: true });
    expect(nextHyperband(schedule, launched)).toEqual({ bracket: 0, rung: 1, epochs: 2, params: { i: 3 } });
    launched.push({ bracket: 0, rung: 1, params: { i: 3 }, value: 0.05, ended: true });
    expect(nextHyperband(schedule, launched)).toEqual({ bracket: 0, rung: 2, epochs: 4, params: { i: 3 } });
    launched.push({ bracket: 0, rung: 2, params: { i: 3 }, value: 0.01, ended: true });
    expect(nextHyperband(schedule, launched)).toBe('done');
  });
});

type Suggest = (space: CompiledSpace, history: Observation[], rng: Rng) => Params;

function bestAfter(suggest: Suggest, seed: number, trials: number): { best: number; history: Observation[] } {
  const history: Observation[] = [];
  let best = Infinity;
  for (let i = 0; i < trials; i++) {
    const params = suggest(SPACE, history, Rng.derive(seed, `trial:${i}`));
    const run = runTrial(PARENT, SPACE, params, seed * 1000 + i);
    const value = run.failure === null ? run.metrics.eval_loss! : null;
    history.push({ params, value });
    if (value !== null && value < best) best = value;
  }
  return { best, history };
}

function inSpace(p: Params) {
  for (const q of SPACE.params) {
    const v = p[q.name]!;
    if (q.spec.type === 'choice') expect(q.spec.values).toContain(v);
    else {
      expect(v).toBeGreaterThanOrEqual(q.spec.min);
      expect(v).toBeLessThanOrEqual(q.spec.max);
    }
  }
}

describe('model-based suggestions', () => {
  it('TPE and Bayesian suggest points inside the space, conditions respected', () => {
    const conditional = compileSpace({
      opt: { type: 'choice', values: ['adam', 'sgd'] },
      momentum: { type: 'uniform', min: 0.5, max: 0.99, condition: 'opt == "sgd"' },
      lr: { type: 'log_uniform', min: 1e-4, max: 1 },
    });
    const history: Observation[] = [];
    const rng = new Rng(3);
    for (let i = 0; i < 40; i++) {
      const p = (i % 2 === 0 ? suggestTpe : suggestBayesian)(conditional, history, rng);
      expect('momentum' in p).toBe(p.opt === 'sgd');
      expect(p.lr).toBeGreaterThanOrEqual(1e-4);
      expect(p.lr).toBeLessThanOrEqual(1);
      history.push({ params: p, value: i % 7 === 0 ? null : Math.abs(Math.log10(p.lr as number) + 2) + (p.opt === 'sgd' ? 0.5 : 0) });
    }
    for (const p of bestAfter(suggestTpe, 1, 30).history.map((o) => o.params)) inSpace(p);
    for (const p of bestAfter(suggestBayesian, 1, 30).history.map((o) => o.params)) inSpace(p);
  });

  it('TPE and Bayesian beat random search on the seeded training objective (mean best of 40 trials over 20 seeds)', () => {
    const seeds = Array.from({ length: 20 }, (_, i) => i + 1);
    const mean = (s: Suggest) => seeds.reduce((sum, seed) => sum + bestAfter(s, seed, 40).best, 0) / seeds.length;
    const random = mean((space, _h, rng) => suggestRandom(space, rng));
    const tpe = mean(suggestTpe);
    const bayesian = mean(suggestBayesian);
    expect(tpe).toBeLessThan(random);
    expect(bayesian).toBeLessThan(random);
    // Not by noise: at least a tenth of the gap random leaves to the best any method found.
    const floor = Math.min(tpe, bayesian);
    expect(random - tpe).toBeGreaterThan(0.1 * (random - floor));
    expect(random - bayesian).toBeGreaterThan(0.1 * (random - floor));
  }, 60_000);
});
