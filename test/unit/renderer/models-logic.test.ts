// The Models views' pure logic: sizes and metrics as written, a metric's change between
// versions judged by its direction, the versions timeline, the deploy, edit and archive forms'
// requests and their messages in words, DEPLOYMENT_FAILED / MODEL_TOO_LARGE explained, the
// deployment's progress on the clock, the comparison's rows, the area's routes and search.
import { describe, expect, it } from 'vitest';
import type { NormalizedError } from '../../../shared/api/errors';
import type { ModelVersion } from '../../../shared/api/training/models';
import { deletionDate, validateArchiveForm } from '../../../renderer/src/features/training/models/archive-form';
import { compareRows } from '../../../renderer/src/features/training/models/compare-rows';
import { explainDeployError, initialDeployForm, validateDeployForm } from '../../../renderer/src/features/training/models/deploy-form';
import { deployProgress } from '../../../renderer/src/features/training/models/deploy-progress';
import { editFormOf, validateEditForm } from '../../../renderer/src/features/training/models/edit-form';
import {
  formatBytes,
  formatMetric,
  formatParameters,
  metricDelta,
  metricDirection,
} from '../../../renderer/src/features/training/models/model-format';
import { comparePath, modelPath, parseModelRoute } from '../../../renderer/src/features/training/models/model-routes';
import { modelQuery, searchModels } from '../../../renderer/src/features/training/models/models-store';
import { versionTimeline } from '../../../renderer/src/features/training/models/version-deltas';

describe('model figures', () => {
  it('writes sizes in decimal units and parameters as model cards do', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(36_045_414)).toBe('36 MB');
    expect(formatBytes(14_500_000_000)).toBe('14.5 GB');
    expect(formatBytes(40e9)).toBe('40 GB');
    expect(formatBytes(1_234_000_000_000_000)).toBe('1.2 PB');
    expect(formatParameters(7_241_732_096)).toBe('7.2B');
    expect(formatParameters(350_000_000)).toBe('350M');
    expect(formatParameters(16_900_000)).toBe('16.9M');
    expect(formatParameters(512)).toBe('512');
  });

  it('writes each metric by its kind', () => {
    expect(formatMetric('finalLoss', 0.79551)).toBe('0.7955');
    expect(formatMetric('accuracy', 0.3771)).toBe('37.7 %');
    expect(formatMetric('perplexity', 7.0234)).toBe('7.02');
    expect(formatMetric('steps', 2520)).toBe('2,520');
    expect(formatMetric('accuracy', null)).toBe('—');
  });

  it('knows which way a metric improves', () => {
    expect(metricDirection('validationLoss')).toBe('lower');
    expect(metricDirection('perplexity')).toBe('lower');
    expect(metricDirection('accuracy')).toBe('higher');
    expect(metricDirection('mmlu')).toBe('higher');
    expect(metricDirection('steps')).toBeNull();
  });

  it('judges a change from one version to the next by the metric’s direction', () => {
    expect(metricDelta('validationLoss', 1.5, 1.25)).toEqual({ delta: -0.25, text: '−0.2500', verdict: 'better' });
    expect(metricDelta('accuracy', 0.45, 0.48)).toMatchObject({ text: '+3.0 pp', verdict: 'better' });
    expect(metricDelta('perplexity', 4, 4.5)).toMatchObject({ text: '+0.50', verdict: 'worse' });
    expect(metricDelta('finalLoss', 1, 1)).toMatchObject({ verdict: 'same' });
    expect(metricDelta('steps', 100, 200)).toMatchObject({ verdict: 'unknown' });
    expect(metricDelta('accuracy', null, 0.5)).toBeNull();
  });
});

const version = (v: string, loss: number, accuracy: number): ModelVersion => ({
  version: v,
  trainingJobId: null,
  derivedFrom: null,
  datasetId: null,
  description: null,
  changelog: [],
  baseModel: null,
  training: { strategy: 'lora', parameters: {}, epochs: 1, final_learning_rate: 0, total_steps: 1, training_time: 1 },
  size: { parameters: 1, trainable_parameters: 1, bytes: 1, compressed: 1 },
  metrics: { training: { finalLoss: loss + 0.1 }, validation: { loss, accuracy }, custom: {} },
  files: [],
  createdAt: '2026-11-20T00:00:00.000Z',
});

describe('versions timeline', () => {
  it('lists the newest first, each compared with the version before it', () => {
    const t = versionTimeline([version('v1.0.0', 1.5, 0.4), version('v1.1.0', 1.2, 0.5)]);
    expect(t.map((e) => e.version.version)).toEqual(['v1.1.0', 'v1.0.0']);
    expect(t[0]!.previous).toBe('v1.0.0');
    const loss = t[0]!.metrics.find((m) => m.key === 'validationLoss')!;
    expect(loss.delta?.verdict).toBe('better');
    expect(t[0]!.metrics.find((m) => m.key === 'accuracy')!.delta?.text).toBe('+10.0 pp');
    // The first version has nothing to be compared with; perplexity it lacks is left out.
    expect(t[1]!.metrics.every((m) => m.delta === null)).toBe(true);
    expect(t[1]!.metrics.map((m) => m.key)).toEqual(['finalLoss', 'validationLoss', 'accuracy']);
  });
});

describe('deploy form', () => {
  it('sends the defaults, and auto-scaling with the utilisation as a fraction', () => {
    const ok = validateDeployForm(initialDeployForm('support-assistant'));
    expect(ok).toEqual({
      ok: true,
      request: {
        name: 'support-assistant-production',
        environment: 'production',
        gpuType: 'a100',
        workers: 1,
        configuration: { max_tokens: 512, temperature: 0.7, top_p: 0.9, repetition_penalty: 1 },
      },
    });
    const scaled = validateDeployForm({
      ...initialDeployForm('m'),
      autoscale: true,
      minWorkers: '1',
      maxWorkers: '4',
      workers: '2',
      targetUtilization: '65',
    });
    expect(scaled.ok && scaled.request.scaling).toEqual({ minWorkers: 1, maxWorkers: 4, targetUtilization: 0.65 });
  });

  it('says each rule in words on its field', () => {
    const bad = validateDeployForm({
      ...initialDeployForm('m'),
      temperature: '3',
      topP: '0',
      maxTokens: 'many',
      repetitionPenalty: '0.5',
      workers: '51',
      environment: 'Prod env',
      autoscale: true,
      minWorkers: '5',
      maxWorkers: '2',
      targetUtilization: '95',
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors['configuration.temperature']).toBe('0 to 2');
    expect(bad.errors['configuration.top_p']).toBe('More than 0, at most 1');
    expect(bad.errors['configuration.max_tokens']).toBe('A whole number, 1 to 32,768 tokens');
    expect(bad.errors['configuration.repetition_penalty']).toBe('1 to 2');
    expect(bad.errors.workers).toBe('1 to 50 workers');
    expect(bad.errors.environment).toMatch(/^Lower-case letters/);
    expect(bad.errors['scaling.targetUtilization']).toBe('10 to 90 %');
    expect(bad.errors['scaling.minWorkers']).toBe('At most the maximum workers');
    for (const message of Object.values(bad.errors)) expect(message).not.toMatch(/Too (big|small)|Invalid|expected/);
  });

  it('asks for workers between the scaling bounds', () => {
    const r = validateDeployForm({ ...initialDeployForm('m'), autoscale: true, minWorkers: '2', maxWorkers: '4', workers: '1' });
    expect(!r.ok && r.errors.workers).toBe('Between the minimum and maximum workers while auto-scaling is on');
  });

  it('explains DEPLOYMENT_FAILED with the GPU types that have room, and MODEL_TOO_LARGE with the limit', () => {
    const failed: NormalizedError = {
      status: 400,
      source: 'account',
      code: 'DEPLOYMENT_FAILED',
      message: 'Deployment failed',
      details: {
        reason: 'no NVIDIA V100 32GB GPUs in the pool',
        requestedGpuType: 'v100',
        requestedWorkers: 2,
        availableGpuTypes: ['a100', 'h100'],
        available: { a100: 12, h100: 4, v100: 0 },
      },
    } as NormalizedError;
    const f = explainDeployError(failed)!;
    expect(f.title).toBe('Not enough NVIDIA V100 32GB capacity for 2 workers');
    expect(f.lines.join(' ')).toContain('GPU types with enough free capacity: NVIDIA A100 80GB, NVIDIA H100 80GB');
    expect(f.lines.join(' ')).toContain('NVIDIA H100 80GB: 4 free');
    const large = explainDeployError({
      status: 400,
      source: 'account',
      code: 'MODEL_TOO_LARGE',
      message: 'too large',
      details: { modelSize: 140e9, maxAllowedSize: 40e9, suggestions: ['Quantise to 4 bits'] },
    } as NormalizedError)!;
    expect(large.title).toBe('140 GB is over the deployable size of 40 GB');
    expect(large.lines).toEqual(['Quantise to 4 bits']);
    expect(
      explainDeployError({ status: 404, source: 'account', code: 'MODEL_NOT_FOUND', message: 'x', details: {} } as NormalizedError),
    ).toBeNull();
  });

  it('follows a deployment on the server’s clock, never 100 % before it is active', () => {
    const created = '2026-11-25T12:00:00.000Z';
    const ready = '2026-11-25T12:04:00.000Z';
    const at = (iso: string) => Date.parse(iso);
    expect(deployProgress(created, ready, 'deploying', at('2026-11-25T12:01:00.000Z'))).toEqual({
      percent: 25,
      remainingSeconds: 180,
      overdue: false,
    });
    expect(deployProgress(created, ready, 'deploying', at('2026-11-25T12:05:00.000Z'))).toEqual({
      percent: 99,
      remainingSeconds: 0,
      overdue: true,
    });
    expect(deployProgress(created, ready, 'active', at('2026-11-25T12:01:00.000Z')).percent).toBe(100);
  });
});

describe('edit form', () => {
  const model = { name: 'm', description: null, tags: ['a'], metadata: { source: 'training', epochs: 3 } };
  it('sends only what changed, keeping an untouched metadata value’s type', () => {
    const form = { ...editFormOf(model), name: ' renamed ', metadata: [...editFormOf(model).metadata, { key: 'owner', value: 'ml' }] };
    expect(validateEditForm(form, model)).toEqual({
      ok: true,
      request: { name: 'renamed', metadata: { source: 'training', epochs: 3, owner: 'ml' } },
    });
  });
  it('refuses an unchanged form, an empty name, a repeated key and a long tag in words', () => {
    expect(validateEditForm(editFormOf(model), model)).toEqual({ ok: false, errors: { form: 'Nothing changed' } });
    const r = validateEditForm(
      {
        ...editFormOf(model),
        name: ' ',
        tags: `ok, ${'x'.repeat(70)}`,
        metadata: [
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
        ],
      },
      model,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.name).toBe('Required');
    expect(r.errors['metadata.1.key']).toBe('a is set twice');
    expect(r.errors.tags).toMatch(/has 70 characters; a tag has at most 64/);
  });
});

describe('archive form', () => {
  it('sends the retention as days, and refuses what is out of 1–3,650 in words', () => {
    expect(validateArchiveForm({ reason: ' old ', days: '30' })).toEqual({ ok: true, request: { retention_period: '30d', reason: 'old' } });
    expect(validateArchiveForm({ reason: '', days: '90' })).toEqual({ ok: true, request: { retention_period: '90d' } });
    expect(validateArchiveForm({ reason: '', days: '0' })).toEqual({ ok: false, errors: { days: '1 to 3,650 days' } });
    expect(validateArchiveForm({ reason: '', days: '3651' })).toEqual({ ok: false, errors: { days: '1 to 3,650 days' } });
    expect(validateArchiveForm({ reason: '', days: '1.5' })).toEqual({ ok: false, errors: { days: 'Whole days, 1 to 3,650 days' } });
    expect(validateArchiveForm({ reason: '', days: '' })).toEqual({ ok: false, errors: { days: 'Required: 1 to 3,650 days' } });
  });
  it('says when the model would be deleted', () => {
    expect(deletionDate('2', Date.parse('2026-11-25T00:00:00.000Z'))?.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(deletionDate('0', 0)).toBeNull();
  });
});

describe('comparison rows', () => {
  it('keeps measures some model has, in order, with the API’s best', () => {
    const rows = compareRows({
      models: [
        {
          id: 'model_a',
          name: 'a',
          version: 'v1.0.0',
          type: 'llm',
          metrics: { finalLoss: 0.8, accuracy: 0.4 },
          benchmarks: { mmlu: 43.2, imagenet_top1: null },
        },
        {
          id: 'model_b',
          name: 'b',
          version: 'v1.0.0',
          type: 'llm',
          metrics: { finalLoss: 1.2, accuracy: 0.5 },
          benchmarks: { mmlu: 64.7, imagenet_top1: null },
        },
      ],
      best_performing: { finalLoss: 'model_a', accuracy: 'model_b', mmlu: 'model_b' },
      recommendations: [],
    });
    expect(rows.map((r) => [r.key, r.kind, r.direction, r.best])).toEqual([
      ['finalLoss', 'metric', 'lower', 'model_a'],
      ['accuracy', 'metric', 'higher', 'model_b'],
      ['mmlu', 'benchmark', 'higher', 'model_b'],
    ]);
    expect(rows[0]!.values).toEqual([0.8, 1.2]);
  });
});

describe('routes, query and search', () => {
  it('reads and writes the area’s addresses', () => {
    expect(parseModelRoute('/models')).toEqual({ kind: 'list' });
    expect(parseModelRoute('/models/model_abc')).toEqual({ kind: 'detail', id: 'model_abc', tab: 'overview' });
    expect(parseModelRoute('/models/model_abc/files')).toEqual({ kind: 'detail', id: 'model_abc', tab: 'files' });
    expect(parseModelRoute('/models/model_abc/nope')).toEqual({ kind: 'detail', id: 'model_abc', tab: 'overview' });
    expect(parseModelRoute('/models/compare', new URLSearchParams('ids=model_a,model_b,model_a'))).toEqual({
      kind: 'compare',
      ids: ['model_a', 'model_b'],
    });
    expect(modelPath('model_a', 'versions')).toBe('/models/model_a/versions');
    expect(comparePath(['model_a', 'model_b'])).toBe('/models/compare?ids=model_a,model_b');
  });
  it('sends only the filters set, and searches name, base model and tags', () => {
    expect(modelQuery({ type: 'llm', status: '', sortBy: 'size', order: 'asc' }, 100)).toEqual({
      type: 'llm',
      sort: 'size',
      order: 'asc',
      limit: 100,
      offset: 100,
    });
    const rows = [
      { id: 'model_1', name: 'support-assistant', baseModel: 'llama-3-8b', description: null, tags: ['support'] },
      { id: 'model_2', name: 'reviews', baseModel: 'mistral-7b', description: 'sentiment', tags: [] },
    ];
    expect(searchModels(rows, 'mistral').map((m) => m.id)).toEqual(['model_2']);
    expect(searchModels(rows, 'SUPPORT llama').map((m) => m.id)).toEqual(['model_1']);
    expect(searchModels(rows, '  ')).toHaveLength(2);
  });
});
