import { describe, expect, it } from 'vitest';
import {
  correctionExplanation,
  differingKeys,
  effectMagnitude,
  formatPValue,
  formatStat,
  groupByOptions,
  intervalDomain,
  lostToCorrection,
  paramText,
  parameterKeys,
  parseRunIds,
  percentIn,
  lossCellNote,
  notFinalNote,
  spansDecades,
} from '../../../renderer/src/features/training/experiments/compare/compare-logic';
import {
  toCloneExperiment,
  toCreateExperiment,
  toCreateRun,
  toExportExperiment,
  emptyExperimentForm,
  emptyRunForm,
  exportFormOf,
} from '../../../renderer/src/features/training/experiments/experiment-forms';
import { comparePath, experimentRoute } from '../../../renderer/src/features/training/experiments/experiment-route';

const run = (parameters: Record<string, string | number | boolean | null>) => ({ parameters });

describe('differences only', () => {
  const runs = [
    run({ baseModel: 'llama-3-8b', 'training.learning_rate': 0.0001, seed: 1, 'parameters.rank': 8 }),
    run({ baseModel: 'llama-3-8b', 'training.learning_rate': 0.0002, seed: 1, 'parameters.rank': 8 }),
    run({ baseModel: 'llama-3-8b', 'training.learning_rate': 0.0002, seed: 1 }),
  ];

  it('keeps the parameters whose values are not the same in every run, sorted', () => {
    expect(parameterKeys(runs)).toEqual(['baseModel', 'parameters.rank', 'seed', 'training.learning_rate']);
    expect(differingKeys(runs)).toEqual(['parameters.rank', 'training.learning_rate']);
  });

  it('counts a missing value as different from a present one, and nothing differs in one run', () => {
    expect(differingKeys([run({ a: 1 }), run({})])).toEqual(['a']);
    expect(differingKeys([run({ a: null }), run({ a: null })])).toEqual([]);
    expect(differingKeys([run({ a: 1, b: 2 })])).toEqual([]);
    expect(differingKeys([run({ a: 1 }), run({ a: '1' })])).toEqual(['a']);
  });

  it('writes values as the table shows them', () => {
    expect(paramText(undefined)).toBe('—');
    expect(paramText(null)).toBe('—');
    expect(paramText(0.1 + 0.2)).toBe('0.3');
    expect(paramText(8)).toBe('8');
    expect(paramText(true)).toBe('true');
  });
});

describe('p-values and effect sizes', () => {
  it('writes a p-value as papers do', () => {
    expect(formatPValue(0.0004)).toBe('< 0.001');
    expect(formatPValue(1e-12)).toBe('< 0.001');
    expect(formatPValue(0.001)).toBe('0.001');
    expect(formatPValue(0.0494)).toBe('0.049');
    expect(formatPValue(0.5)).toBe('0.500');
    expect(formatPValue(1)).toBe('> 0.999');
    expect(formatPValue(null)).toBe('—');
    expect(formatPValue(Number.NaN)).toBe('—');
  });

  it("names Cohen's magnitudes of d and g by absolute value, and the rank-biserial's own", () => {
    expect(effectMagnitude(0.1)).toBe('negligible');
    expect(effectMagnitude(-0.19)).toBe('negligible');
    expect(effectMagnitude(0.2)).toBe('small');
    expect(effectMagnitude(-0.5)).toBe('medium');
    expect(effectMagnitude(0.79)).toBe('medium');
    expect(effectMagnitude(0.8)).toBe('large');
    expect(effectMagnitude(4.2)).toBe('large');
    expect(effectMagnitude(null)).toBeNull();
    expect(effectMagnitude(0.25, 'r')).toBe('small');
    expect(effectMagnitude(0.35, 'r')).toBe('medium');
    expect(effectMagnitude(0.5, 'r')).toBe('large');
  });

  it('flags a pair significant alone but not after the correction', () => {
    expect(lostToCorrection(0.03, 0.09, 0.05)).toBe(true);
    expect(lostToCorrection(0.01, 0.03, 0.05)).toBe(false);
    expect(lostToCorrection(0.2, 0.6, 0.05)).toBe(false);
    expect(lostToCorrection(null, null, 0.05)).toBe(false);
  });

  it('explains each correction with the number of comparisons', () => {
    expect(correctionExplanation('holm', 0.05, 3)).toMatch(/3 comparisons.*Holm.*multiplied by 3, the next by 2.*below 0\.05/);
    expect(correctionExplanation('benjamini-hochberg', 0.05, 10)).toMatch(/Benjamini–Hochberg.*false discoveries at 0\.05.*10 ÷ its rank/);
  });

  it('writes statistics with four significant digits', () => {
    expect(formatStat(1.23456)).toBe('1.235');
    expect(formatStat(12345.6)).toBe('12,350');
    expect(formatStat(0.00001234)).toBe('1.23e-5');
    expect(formatStat(0)).toBe('0');
    expect(formatStat(null)).toBe('—');
  });
});

describe('confidence-interval bars', () => {
  it('share a domain holding every interval and 0, padded', () => {
    expect(intervalDomain([[0.1, 0.3], [0.2, 0.5], null])).toEqual([-0.025, 0.525]);
    const [lo, hi] = intervalDomain([[-2, -1]]);
    expect(lo).toBeLessThan(-2);
    expect(hi).toBeGreaterThan(0);
    expect(intervalDomain([])).toEqual([-1, 1]);
  });

  it('of values (not differences) span the intervals only', () => {
    const [lo, hi] = intervalDomain([[1.2, 1.3], [1.6, 1.8], null], false);
    expect(lo).toBeCloseTo(1.17, 9);
    expect(hi).toBeCloseTo(1.83, 9);
    expect(intervalDomain([null], false)).toEqual([-1, 1]);
  });

  it('place values in percent, clamped', () => {
    expect(percentIn([0, 10], 5)).toBe(50);
    expect(percentIn([0, 10], -1)).toBe(0);
    expect(percentIn([0, 10], 11)).toBe(100);
  });
});

describe('routes', () => {
  it('reads list, detail and comparison addresses', () => {
    expect(experimentRoute('/experiments')).toEqual({ view: 'list' });
    expect(experimentRoute('/experiments/exp_1')).toEqual({ view: 'detail', id: 'exp_1' });
    expect(experimentRoute('/experiments/exp_1/compare')).toEqual({ view: 'compare', id: 'exp_1' });
    expect(comparePath('exp_1', ['run_a', 'run_b'])).toBe('/experiments/exp_1/compare?runs=run_a,run_b');
  });

  it('keeps valid, distinct run ids of ?runs=', () => {
    expect(parseRunIds('run_a,run_b,run_a, run_c,../x,')).toEqual(['run_a', 'run_b', 'run_c']);
    expect(parseRunIds(null)).toEqual([]);
  });
});

/** Key = value lines as a run's parameters read them: the values it sends, or what it says of the parameters. */
const parseKeyValues = (parameters: string) => {
  const r = toCreateRun({ ...emptyRunForm(), jobId: 'job_abc', parameters });
  return r.ok ? { ok: true, values: r.request.parameters ?? {} } : { ok: false, error: r.errors.parameters };
};

describe('experiment forms', () => {
  it('reads key = value lines as scalars, naming the line of a mistake', () => {
    expect(parseKeyValues('training.learning_rate = 2e-4\nseed=3\n# note\n\nflag = true\nname = "x = y"\nnone = null')).toEqual({
      ok: true,
      values: { 'training.learning_rate': 0.0002, seed: 3, flag: true, name: 'x = y', none: null },
    });
    expect(parseKeyValues('a = 1\nno equals sign')).toEqual({ ok: false, error: 'Line 2: write it as name = value' });
    expect(parseKeyValues('a = 1\na = 2')).toEqual({ ok: false, error: 'Line 2: a is given twice' });
  });

  it('refuses a create without a name, in words, and sends a baseline with numeric metrics', () => {
    const empty = toCreateExperiment(emptyExperimentForm());
    expect(empty).toEqual({ ok: false, errors: { name: 'A name is required' } });
    const form = {
      ...emptyExperimentForm(),
      name: ' Sweep ',
      description: 'd',
      tags: 'a, b, a',
      baselineType: 'model' as const,
      baselineName: 'llama',
      baselineMetrics: 'validation_loss = 0.62',
    };
    expect(toCreateExperiment(form)).toEqual({
      ok: true,
      request: {
        name: 'Sweep',
        description: 'd',
        tags: ['a', 'b'],
        baseline: { type: 'model', name: 'llama', metrics: { validation_loss: 0.62 } },
      },
    });
    const textMetric = toCreateExperiment({ ...form, baselineMetrics: 'validation_loss = low' });
    expect(textMetric.ok ? null : textMetric.errors['baseline.metrics']).toBe('Each metric is a number, e.g. validation_loss = 0.62');
    const long = toCreateExperiment({ ...form, name: 'x'.repeat(101) });
    expect(long.ok ? null : long.errors.name).toMatch(/100 characters/);
  });

  it('needs a job for a run and reads its parameters', () => {
    expect(toCreateRun(emptyRunForm())).toEqual({ ok: false, errors: { trainingJobId: 'Choose the training job this run follows' } });
    expect(toCreateRun({ ...emptyRunForm(), jobId: 'job_abc', parameters: 'seed = 2', notes: ' n ' })).toEqual({
      ok: true,
      request: { trainingJobId: 'job_abc', parameters: { seed: 2 }, notes: 'n' },
    });
  });

  it('sends a changed hypothesis as a clone modification only when it changed', () => {
    const source = { hypothesis: 'h' };
    expect(toCloneExperiment({ name: 'c', description: 'd', hypothesis: 'h', copyRuns: true }, source)).toEqual({
      ok: true,
      request: { name: 'c', description: 'd', modifications: {}, copy_runs: true },
    });
    const changed = toCloneExperiment({ name: 'c', description: 'd', hypothesis: '', copyRuns: false }, source);
    expect(changed.ok && changed.request.modifications).toEqual({ hypothesis: null });
  });

  it('checks the export destination with the rule in words', () => {
    expect(toExportExperiment(exportFormOf('exp_1'))).toEqual({
      ok: true,
      request: {
        format: 'csv',
        include: ['parameters', 'metrics', 'artifacts', 'metadata'],
        destination: { type: 'object_store', bucket: 'experiments', path: 'exp_1/runs.csv' },
      },
    });
    const bad = toExportExperiment({ include: [], bucket: 'Bad_Bucket', path: '../x.csv' });
    expect(bad.ok ? null : bad.errors).toEqual({
      include: 'Choose at least one group of columns',
      bucket: '3–63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit',
      path: 'A relative path of letters, digits, _ . - and /, without .. or a leading /',
    });
    const pathError = (path: string) => {
      const r = toExportExperiment({ ...exportFormOf('exp_1'), path });
      return r.ok ? null : r.errors.path;
    };
    expect(pathError(`${'a'.repeat(251)}.csv`)).toBeNull();
    expect(pathError(`${'a'.repeat(252)}.csv`)).toBe('Each name between / at most 255 characters ("aaaaaaaaaaaa…" has 256)');
    expect(pathError('a/'.repeat(32) + 'x.csv')).toBe('At most 32 names separated by / (this one has 33)');
  });
});

describe('replicate groupings', () => {
  it('offers the configuration, then each tag prefix the runs carry (up to its "="), sorted and once', () => {
    expect(groupByOptions([])).toEqual(['configuration']);
    expect(groupByOptions(['config=a', 'config=b', 'seed-1', 'arm=x'])).toEqual(['configuration', 'tag:arm=', 'tag:config=', 'tag:seed-1']);
  });
});

describe('the validation-loss figure of a run that did not complete', () => {
  const curve = [
    { step: 60, loss: 1.2, validation_loss: 0.91 },
    { step: 120, loss: 0.8, validation_loss: 0.7687 },
    { step: 180, loss: 912.4, validation_loss: 5.2 },
  ];
  it('says it is the best so far, at its step, and where a failed run’s curve ended', () => {
    expect(lossCellNote({ status: 'failed', values: { validation_loss: 0.7687 }, curve })).toBe(
      'Best validation loss so far (step 120): the run did not complete, so this is not a final figure. It failed at step 180, where its training loss was 912.4.',
    );
    expect(lossCellNote({ status: 'stopped', values: { validation_loss: 0.7687 }, curve: curve.slice(0, 2) })).toBe(
      'Best validation loss so far (step 120): the run did not complete, so this is not a final figure.',
    );
  });
  it('says the same of a training loss whose step the API does not give', () => {
    expect(notFinalNote('training loss', { status: 'failed', value: 0.7687, bestStep: null, end: { step: 180, loss: 912.4 } })).toBe(
      'Best training loss so far: the run did not complete, so this is not a final figure. It failed at step 180, where its training loss was 912.4.',
    );
  });
  it('says so when the loss at the failing step is not a number', () => {
    expect(notFinalNote('training loss', { status: 'failed', value: 0.7687, bestStep: null, end: { step: 18, loss: null } })).toBe(
      'Best training loss so far: the run did not complete, so this is not a final figure. It failed at step 18, where its training loss was no longer a finite number.',
    );
  });
  it('says nothing of a completed run’s final figure, or of a run with none', () => {
    expect(lossCellNote({ status: 'completed', values: { validation_loss: 0.7 }, curve })).toBeNull();
    expect(lossCellNote({ status: 'failed', values: { validation_loss: null }, curve: [] })).toBeNull();
  });
});

describe('the loss curves’ axis', () => {
  it('starts on a log axis when a run’s loss blows up two decades above the others, not otherwise', () => {
    expect(spansDecades([{ values: [2.1, 1.2, 0.8] }, { values: [2.3, 1.4, 912.4, null] }])).toBe(true);
    expect(spansDecades([{ values: [2.1, 1.2, 0.8] }, { values: [2.3, 1.4, 0.9] }])).toBe(false);
    expect(spansDecades([])).toBe(false);
  });
});
