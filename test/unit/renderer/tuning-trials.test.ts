import { describe, expect, it } from 'vitest';
import { parallelAxes, parallelItems } from '../../../renderer/src/features/training/tuning/TrialCharts';
import { metricNames, rankedTrials, searchParams } from '../../../renderer/src/features/training/tuning/trial-logic';
import type { Trial } from '../../../renderer/src/features/training/tuning/tuning-store';

const trial = (number: number, status: Trial['status'], loss: number | null, parameters: Trial['parameters'] = {}): Trial => ({
  id: `trial_${number}`,
  number,
  parameters,
  metrics: loss === null ? {} : { eval_loss: loss, accuracy: 1 - loss / 4 },
  status,
  duration: 60,
  cost: 0.1,
  gpuHours: 0.02,
  epochs: 3,
  bracket: null,
  rung: null,
  failure: null,
  startedAt: '2026-01-01T00:00:00.000Z',
  completedAt: null,
  modelId: null,
});

const min = { objective: 'minimize', metric: 'eval_loss', objectives: null } as const;
const max = { objective: 'maximize', metric: 'accuracy', objectives: null } as const;

describe('tuning trials', () => {
  const trials = [
    trial(3, 'completed', 1.5),
    trial(1, 'completed', 2),
    trial(2, 'failed', null),
    trial(4, 'completed', 1.8),
    trial(5, 'running', null),
  ];

  it('ranks completed trials best first under the direction', () => {
    expect(rankedTrials(min, trials).map((t) => t.number)).toEqual([3, 4, 1]);
    expect(rankedTrials(max, trials).map((t) => t.number)).toEqual([3, 4, 1]);
    expect(rankedTrials({ ...min, objective: 'maximize' }, trials).map((t) => t.number)).toEqual([1, 4, 3]);
  });

  it('lists the objective metric first, and the log-scale parameters of the space', () => {
    expect(metricNames(max, trials)).toEqual(['accuracy', 'eval_loss']);
    const space = {
      lr: { type: 'log_uniform', min: 1e-5, max: 1e-3 },
      bs: { type: 'choice', values: [8, 16] },
      r: { type: 'int_log_uniform', min: 2, max: 64 },
    };
    const { names, log } = searchParams({ searchSpace: space });
    expect(names).toEqual(['lr', 'bs', 'r']);
    expect([...log]).toEqual(['lr', 'r']);
  });

  it('draws parameters on their scale (a choice as its values), then the objective; one line per completed trial', () => {
    const space = { lr: { type: 'log_uniform', min: 1e-5, max: 1e-3 }, bs: { type: 'choice', values: [8, 16] } };
    const axes = parallelAxes({ searchSpace: space, metric: 'eval_loss' }, ['lr', 'bs'], new Set(['lr']));
    expect(axes).toEqual([
      { key: 'lr', label: 'lr', kind: 'log' },
      { key: 'bs', label: 'bs', kind: 'category', categories: ['8', '16'] },
      { key: 'eval_loss', label: 'eval_loss', kind: 'linear' },
    ]);
    const items = parallelItems(
      {
        metric: 'eval_loss',
        trials: [
          trial(1, 'completed', 2, { lr: 1e-4, bs: 16 }),
          trial(2, 'running', null, { lr: 2e-4, bs: 8 }),
          trial(3, 'completed', 1, { bs: 8 }),
        ],
      },
      axes,
    );
    expect(items).toEqual([
      { id: 'trial_1', values: { eval_loss: 2, lr: 1e-4, bs: '16' } },
      { id: 'trial_3', values: { eval_loss: 1, lr: null, bs: '8' } },
    ]);
  });
});
