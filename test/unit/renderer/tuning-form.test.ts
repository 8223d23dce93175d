import { describe, expect, it } from 'vitest';
import { CreateTuningRequest } from '../../../shared/api/training/tuning';
import { validateDeployForm } from '../../../renderer/src/features/training/tuning/DeployBestDialog';
import {
  apiErrorField,
  choiceValue,
  costEstimate,
  initialTuningForm,
  validateTuningForm,
  type ParamRow,
  type TuningForm,
} from '../../../renderer/src/features/training/tuning/tuning-form';

const form = (patch: Partial<TuningForm> = {}): TuningForm => ({ ...initialTuningForm('job_abc123'), ...patch });
const row = (patch: Partial<ParamRow>): ParamRow => ({
  name: 'x',
  type: 'uniform',
  min: '0',
  max: '1',
  values: [],
  condition: '',
  ...patch,
});
const errorsOf = (f: TuningForm) => {
  const r = validateTuningForm(f);
  return r.ok ? {} : r.errors;
};

describe('start-tuning form', () => {
  it('sends the default search space as a request the shared schema accepts', () => {
    const r = validateTuningForm(form());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request.jobId).toBe('job_abc123');
    expect(r.request.body.search_space).toEqual({
      learning_rate: { type: 'log_uniform', min: 1e-5, max: 1e-3 },
      batch_size: { type: 'choice', values: [8, 16, 32] },
      lora_rank: { type: 'int_uniform', min: 4, max: 64 },
    });
    expect(r.request.body).toMatchObject({
      algorithm: 'tpe',
      objective: 'minimize',
      metric: 'eval_loss',
      max_trials: 50,
      max_concurrent: 4,
    });
    expect(CreateTuningRequest.safeParse(r.request.body).success).toBe(true);
  });

  it('says on the row what is wrong with a range', () => {
    expect(errorsOf(form({ params: [row({ min: '5', max: '1' })] }))['params.0.min']).toBe('min must be below max');
    expect(errorsOf(form({ params: [row({ type: 'log_uniform', min: '0', max: '1' })] }))['params.0.min']).toBe('log ranges start above 0');
    expect(errorsOf(form({ params: [row({ type: 'int_uniform', min: '1.5', max: '8' })] }))['params.0.min']).toBe(
      'An integer range takes whole numbers',
    );
    expect(errorsOf(form({ params: [row({ min: 'abc' })] }))['params.0.min']).toBe('min must be a number (e.g. 0.001 or 1e-3)');
    expect(errorsOf(form({ params: [row({ max: '' })] }))['params.0.max']).toBe('Enter the highest value');
  });

  it('refuses a grid over a continuous parameter on its type, naming it (ALGORITHM_NOT_SUPPORTED before sending)', () => {
    const errors = errorsOf(form({ algorithm: 'grid' }));
    expect(errors['params.0.type']).toBe("grid needs choice or integer parameters — log uniform 'learning_rate' can't be enumerated");
    expect(errors['params.1.type']).toBeUndefined();
    expect(errors['params.2.type']).toBeUndefined();
  });

  it('checks choices, names and conditions', () => {
    expect(errorsOf(form({ params: [row({ type: 'choice', values: [] })] }))['params.0.values']).toBe(
      'Add at least one value (type it, then Enter)',
    );
    expect(errorsOf(form({ params: [row({ type: 'choice', values: ['8', '16', '8.0'] })] }))['params.0.values']).toBe('8 is listed twice');
    expect(errorsOf(form({ params: [row({ name: '1st' })] }))['params.0.name']).toMatch(/^A letter or _ first/);
    expect(errorsOf(form({ params: [row({}), row({})] }))['params.1.name']).toBe('x is already parameter 1');
    const strategy = row({ name: 'strategy', type: 'choice', values: ['lora', 'full'] });
    expect(errorsOf(form({ params: [strategy, row({ name: 'rank', condition: 'strategy == "lora"' })] }))).toEqual({});
    expect(errorsOf(form({ params: [strategy, row({ name: 'rank', condition: 'strategy = "lora"' })] }))['params.1.condition']).toMatch(
      /^Expected ==, !=, <, <=, >, >=, in or not in after strategy|^Unexpected/,
    );
    expect(errorsOf(form({ params: [strategy, row({ name: 'rank', condition: 'optimizer == "adam"' })] }))['params.1.condition']).toBe(
      'optimizer is not a parameter of this search space',
    );
    expect(errorsOf(form({ params: [row({ name: 'rank', condition: 'rank > 4' })] }))['params.0.condition']).toBe(
      'A condition cannot refer to its own parameter',
    );
    const cycle = errorsOf(form({ params: [row({ name: 'a', condition: 'b > 0.5' }), row({ name: 'b', condition: 'a > 0.5' })] }));
    expect(cycle['params.0.condition']).toBe('The conditions refer to each other in a cycle');
  });

  it('checks trials, Hyperband, early stopping, budget and objectives in words', () => {
    expect(errorsOf(form({ maxTrials: '0' })).maxTrials).toBe('Max trials is a whole number from 1 to 500');
    expect(errorsOf(form({ maxTrials: '3', maxConcurrent: '4' })).maxConcurrent).toBe('No more than the 3 trials to run');
    expect(errorsOf(form({ algorithm: 'hyperband', minEpochs: '9', maxEpochs: '9' })).minEpochs).toBe(
      'Min epochs must be below max epochs',
    );
    const epochs = form({ algorithm: 'hyperband', params: [row({ name: 'epochs', type: 'int_uniform', min: '1', max: '5' })] });
    expect(errorsOf(epochs)['params.0.name']).toBe('Hyperband sets the epochs of each rung itself: take epochs out of the search space');
    expect(errorsOf(form({ earlyStopping: true, patience: '0' })).patience).toBe('Patience is a whole number from 1 to 500 trials');
    expect(errorsOf(form({ maxCost: '-5' })).maxCost).toBe('The cost limit is a number above 0 (or leave it empty)');
    const multi = form({
      multi: true,
      objectives: [
        { metric: 'cost', direction: 'minimize', weight: '1' },
        { metric: 'cost', direction: 'minimize', weight: '0' },
      ],
    });
    const errors = errorsOf(multi);
    expect(errors['objectives.1.metric']).toBe('cost is already an objective');
    expect(errors['objectives.1.weight']).toBe('A weight is a number above 0');
    expect(errors.objectives).toBe('One objective must be a training metric (loss, eval_loss, accuracy, perplexity)');
  });

  it('sends several objectives with the first training metric as the metric', () => {
    const r = validateTuningForm(
      form({
        multi: true,
        objectives: [
          { metric: 'cost', direction: 'minimize', weight: '0.5' },
          { metric: 'accuracy', direction: 'maximize', weight: '1' },
        ],
        algorithm: 'hyperband',
        earlyStopping: true,
        budget: undefined,
        maxCost: '40',
      } as Partial<TuningForm>),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request.body).toMatchObject({
      objective: 'maximize',
      metric: 'accuracy',
      objectives: [
        { metric: 'cost', direction: 'minimize', weight: 0.5 },
        { metric: 'accuracy', direction: 'maximize', weight: 1 },
      ],
      hyperband_config: { max_epochs: 9, min_epochs: 1, reduction_factor: 3 },
      early_stopping: { patience: 10, min_delta: 0 },
      budget: { max_cost: 40 },
    });
  });

  it('reads chips as booleans, numbers or text', () => {
    expect([choiceValue('true'), choiceValue('16'), choiceValue('1e-4'), choiceValue('cosine'), choiceValue(' adam ')]).toEqual([
      true,
      16,
      1e-4,
      'cosine',
      'adam',
    ]);
  });

  it('places the API refusals on the row or field they concern', () => {
    const f = form();
    expect(apiErrorField('INVALID_SEARCH_SPACE', { parameter: 'lora_rank', reason: 'min (64) must be below max (4)' }, f)).toEqual({
      key: 'params.2.min',
      message: 'Min (64) must be below max (4)',
      member: 'params',
    });
    expect(apiErrorField('INVALID_SEARCH_SPACE', { parameter: 'batch_size', reason: 'the choice lists a value twice' }, f)?.key).toBe(
      'params.1.values',
    );
    expect(
      apiErrorField('INVALID_SEARCH_SPACE', { parameter: 'lora_rank', reason: 'condition: expected ] but found the end' }, f)?.key,
    ).toBe('params.2.condition');
    expect(
      apiErrorField(
        'ALGORITHM_NOT_SUPPORTED',
        { algorithm: 'grid', unsupportedParameterTypes: ['log_uniform'] },
        { ...f, algorithm: 'grid' },
      ),
    ).toEqual({
      key: 'params.0.type',
      message: "grid needs choice or integer parameters — log uniform 'learning_rate' can't be enumerated",
      member: 'params',
    });
    const budget = {
      requestedTrials: 50,
      estimatedCost: 212.5,
      estimatedGpuHours: 30.25,
      availableBudget: { max_cost: 20, max_gpu_hours: null },
      affordableTrials: 4,
    };
    expect(apiErrorField('INSUFFICIENT_BUDGET', budget, { ...f, maxCost: '20' })).toEqual({
      key: 'maxCost',
      message: '50 trials are estimated at $212.50, more than the $20.00 limit — it covers about 4 trials; raise it or lower max trials',
      member: 'maxCost',
    });
    expect(
      apiErrorField(
        'INSUFFICIENT_BUDGET',
        { ...budget, availableBudget: { max_cost: null, max_gpu_hours: 10 } },
        { ...f, maxGpuHours: '10' },
      ),
    ).toMatchObject({
      key: 'maxGpuHours',
      message:
        '50 trials are estimated at 30.3 GPU hours, more than the 10 h limit — it covers about 4 trials; raise it or lower max trials',
    });
    const configRule = 'learning_rate maps to config.training.learning_rate: learning rate must be between 1e-6 and 1e-1';
    expect(apiErrorField('INVALID_SEARCH_SPACE', { parameter: 'learning_rate', reason: configRule }, f)?.key).toBe('params.0.min');
    const vision = { field: 'metric', reason: 'perplexity is a language-model metric; this job trains a vision model' };
    expect(apiErrorField('VALIDATION_ERROR', vision, f)).toEqual({
      key: 'metric',
      message: 'Perplexity is a language-model metric; this job trains a vision model',
      member: 'metric',
    });
    expect(apiErrorField('JOB_NOT_FOUND', {}, f)).toBeNull();
  });

  it('estimates trials × the job’s own cost of one run', () => {
    expect(costEstimate(4.25, '50')).toEqual({ perTrial: 4.25, total: 212.5, trials: 50 });
    expect(costEstimate(null, '50')).toBeNull();
    expect(costEstimate(4.25, 'x')).toBeNull();
  });
});

describe('deploy-best form', () => {
  it('sends only what was set, the chosen trial when it is not the best, overrides typed as values', () => {
    expect(validateDeployForm({ name: '', epochs: '', trialId: 'trial_b', overrides: [] }, 'trial_b')).toEqual({ ok: true, request: {} });
    expect(
      validateDeployForm(
        { name: ' best-run ', epochs: '3', trialId: 'trial_c', overrides: [{ name: 'batch_size', value: '64' }] },
        'trial_b',
      ),
    ).toEqual({ ok: true, request: { name: 'best-run', epochs: 3, use_best_trial: 'trial_c', override_parameters: { batch_size: 64 } } });
    const refused = validateDeployForm({ name: '', epochs: '0', trialId: '', overrides: [{ name: '9x', value: '' }] }, '');
    expect(refused).toEqual({
      ok: false,
      errors: {
        epochs: 'Epochs is a whole number from 1 to 100',
        'overrides.0.name': 'A letter or _ first, then letters, digits or _',
        'overrides.0.value': 'Enter the value',
      },
    });
  });
});
