// Hyperparameter tuning (03-endpoints-training.md, Tuning job and trial; Hyperparameter tuning;
// Errors; Limits) over real HTTP: each algorithm run to completion on the simulated clock, trials
// `max_concurrent` at a time, stop both ways, early stopping, the budget (refused up front and
// spent), multi-objective with a pareto set, deploy-best through the job-creation path, every
// documented error, auth, and a restart on the same data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlowWorld as start } from './file-emulator';

type Target = Awaited<ReturnType<typeof start>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

let t: Target;
let jobId: string;
let datasetId: string;

async function parentJob(target: Target): Promise<string> {
  const list = await target.call('GET', '/v2/training/datasets?status=ready');
  datasetId = list.body.datasets.find((d: Json) => d.name === 'support-chat-v3').id;
  const r = await target.call('POST', '/v2/training/jobs', {
    body: {
      name: 'tune-parent',
      modelType: 'llm',
      datasetId,
      config: {
        baseModel: 'llama-3-8b',
        strategy: 'lora',
        parameters: { rank: 8 },
        training: { epochs: 2, batch_size: 4, learning_rate: 1e-4 },
      },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

beforeAll(async () => {
  t = await start();
  jobId = await parentJob(t);
});
afterAll(() => t.close());

const SPACE = {
  learning_rate: { type: 'log_uniform', min: 1e-5, max: 1e-2 },
  batch_size: { type: 'choice', values: [2, 4, 8] },
  weight_decay: { type: 'uniform', min: 0, max: 0.2 },
  rank: { type: 'int_log_uniform', min: 4, max: 32 },
};

async function tune(body: Record<string, unknown>, target = t, job = jobId): Promise<Json> {
  const r = await target.call('POST', `/v2/training/jobs/${job}/tune`, {
    body: { objective: 'minimize', metric: 'eval_loss', search_space: SPACE, ...body },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const get = async (id: string, target = t, job = jobId): Promise<Json> => {
  const r = await target.call('GET', `/v2/training/jobs/${job}/tune/${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
/** Advances in steps of `step` seconds until the tuning job has ended (or `max` seconds passed). */
async function runToEnd(id: string, max = 6 * 3600, step = 600): Promise<Json> {
  for (let s = 0; s < max; s += step) {
    const v = await get(id);
    if (['completed', 'failed', 'cancelled'].includes(v.status)) return v;
    await t.advance(step);
  }
  return get(id);
}

function inRange(params: Json, space: Json = SPACE) {
  for (const [name, spec] of Object.entries<Json>(space)) {
    if (!(name in params)) continue;
    const v = params[name];
    if (spec.type === 'choice') expect(spec.values).toContain(v);
    else {
      expect(v).toBeGreaterThanOrEqual(spec.min);
      expect(v).toBeLessThanOrEqual(spec.max);
      if (spec.type.startsWith('int')) expect(Number.isInteger(v)).toBe(true);
    }
  }
}

describe('tuning: algorithms on the clock', () => {
  it('an ended search registers its best model for a reader of the models alone', async () => {
    // Learning rates no trial diverges at: the parent job's id (random) seeds the trials, and
    // with the whole SPACE both trials could fail, leaving no best trial to register.
    const created = await tune({
      algorithm: 'random',
      max_trials: 2,
      max_concurrent: 2,
      search_space: { learning_rate: { type: 'log_uniform', min: 1e-5, max: 1e-4 } },
    });
    // Far past its end, without reading the tuning job.
    await t.advance(12 * 3600);
    const models = (await t.call('GET', `/v2/training/models?trainingJobId=${jobId}&limit=100`)).body.models;
    const mine = models.filter((m: Json) => m.metadata?.tuningJobId === created.id);
    expect(mine).toHaveLength(1);
    expect((await get(created.id)).bestTrial.modelId).toBe(mine[0].id);
  });

  it('random: pending → running with max_concurrent trials → completed, with results, convergence, recommendations and a model', async () => {
    const created = await tune({ algorithm: 'random', max_trials: 8, max_concurrent: 3 });
    expect(created).toMatchObject({
      status: 'pending',
      algorithm: 'random',
      trainingJobId: jobId,
      trials: [],
      maxTrials: 8,
      maxConcurrent: 3,
    });
    expect(created.progress).toMatchObject({ totalTrials: 8, completedTrials: 0, runningTrials: 0 });
    expect(created.baseline.value).toBeGreaterThan(0);
    expect(created.estimatedCost.total).toBeCloseTo(created.estimatedCost.perTrial * 8, 3);
    await t.advance(51); // provisioning: 45 s + 5 s per worker
    const running = await get(created.id);
    expect(running.status).toBe('running');
    expect(running.progress.runningTrials).toBe(3);
    expect(running.trials.every((x: Json) => x.status === 'running' && Object.keys(x.metrics).length === 0)).toBe(true);
    const done = await runToEnd(created.id);
    expect(done.status).toBe('completed');
    expect(done.endReason).toBe('all_trials');
    expect(done.trials).toHaveLength(8);
    for (const x of done.trials) {
      inRange(x.parameters);
      expect(x.duration).toBeGreaterThan(30);
      expect(x.cost).toBeGreaterThan(0);
      if (x.status === 'completed') expect(x.metrics.eval_loss).toBeGreaterThan(0);
    }
    // Never more than 3 at once: at each trial's start, at most 2 others were running.
    for (const x of done.trials) {
      const at = Date.parse(x.startedAt);
      const overlapping = done.trials.filter((y: Json) => Date.parse(y.startedAt) <= at && Date.parse(y.completedAt) > at);
      expect(overlapping.length).toBeLessThanOrEqual(3);
    }
    const completed = done.trials.filter((x: Json) => x.status === 'completed');
    const best = Math.min(...completed.map((x: Json) => x.metrics.eval_loss));
    expect(done.bestTrial.metrics.eval_loss).toBe(best);
    expect(done.results).toMatchObject({ totalTrials: 8, completedTrials: completed.length, bestValue: best });
    expect(done.results.totalCost).toBeCloseTo(
      done.trials.reduce((s: number, x: Json) => s + x.cost, 0),
      4,
    );
    expect(done.results.improvementOverBaseline).toBeCloseTo((100 * (done.baseline.value - best)) / done.baseline.value, 2);
    expect(done.convergenceAnalysis.recommendation).toEqual(expect.any(String));
    expect(done.recommendations.length).toBeGreaterThan(0);
    expect(done.bestTrial.modelId).toMatch(/^model_/);
    const model = (await t.call('GET', `/v2/training/models/${done.bestTrial.modelId}`)).body;
    expect(model).toMatchObject({
      status: 'ready',
      trainingJobId: jobId,
      metadata: { tuningJobId: created.id, trialId: done.bestTrial.id },
    });
    expect(model.metrics.validation.loss).toBe(best);
  });

  it('grid: enumerates exactly the combinations, an inactive parameter absent', async () => {
    const space = {
      lr_scheduler_type: { type: 'choice', values: ['constant', 'cosine'] },
      warmup_steps: { type: 'int_uniform', min: 0, max: 2, condition: 'lr_scheduler_type == "cosine"' },
      rank: { type: 'choice', values: [8, 16] },
    };
    const created = await tune({ algorithm: 'grid', search_space: space, max_trials: 50, max_concurrent: 4 });
    expect(created.progress.totalTrials).toBe(8);
    const done = await runToEnd(created.id);
    expect(done.status).toBe('completed');
    const combos = done.trials.map((x: Json) => JSON.stringify(x.parameters)).sort();
    expect(new Set(combos).size).toBe(8);
    const expected = [];
    for (const rank of [8, 16]) {
      expected.push(JSON.stringify({ lr_scheduler_type: 'constant', rank }));
      for (const w of [0, 1, 2]) expected.push(JSON.stringify({ lr_scheduler_type: 'cosine', warmup_steps: w, rank }));
    }
    expect(combos).toEqual(expected.sort());
  });

  for (const algorithm of ['tpe', 'bayesian'] as const)
    it(`${algorithm}: runs to completion with every suggestion in range`, async () => {
      const created = await tune({ algorithm, max_trials: 14, max_concurrent: 4 });
      const done = await runToEnd(created.id);
      expect(done.status).toBe('completed');
      expect(done.trials).toHaveLength(14);
      for (const x of done.trials) inRange(x.parameters);
      expect(done.bestTrial).not.toBeNull();
      expect(done.convergenceAnalysis.convergenceEpoch).toBeGreaterThanOrEqual(1);
    });

  it('hyperband: brackets of successive halving, the best of each rung promoted with more epochs', async () => {
    const created = await tune({
      algorithm: 'hyperband',
      max_trials: 14,
      max_concurrent: 4,
      hyperband_config: { max_epochs: 4, reduction_factor: 2, min_epochs: 1 },
    });
    // s_max = 2: bracket 0 = 4@1 + 2@2 + 1@4, bracket 1 = 3@2 + 1@4, bracket 2 = 3@4.
    expect(created.progress.totalTrials).toBe(14);
    const done = await runToEnd(created.id, 12 * 3600);
    expect(done.status).toBe('completed');
    const rung = (b: number, r: number) => done.trials.filter((x: Json) => x.bracket === b && x.rung === r);
    const shape = [
      [0, 0, 4, 1],
      [0, 1, 2, 2],
      [0, 2, 1, 4],
      [1, 0, 3, 2],
      [1, 1, 1, 4],
      [2, 0, 3, 4],
    ];
    for (const [b, r, n, epochs] of shape) {
      const trials = rung(b!, r!);
      expect(trials.length, `bracket ${b} rung ${r}`).toBeLessThanOrEqual(n!);
      for (const x of trials) expect(x.epochs).toBe(epochs);
    }
    expect(rung(0, 0)).toHaveLength(4);
    // Rung 1 of bracket 0 takes the 2 best of rung 0, and starts after rung 0 has finished.
    const r0 = rung(0, 0)
      .filter((x: Json) => x.status === 'completed')
      .sort((a: Json, b: Json) => a.metrics.eval_loss - b.metrics.eval_loss);
    const r1 = rung(0, 1);
    expect(r1.map((x: Json) => JSON.stringify(x.parameters))).toEqual(
      r0.slice(0, r1.length).map((x: Json) => JSON.stringify(x.parameters)),
    );
    const r0End = Math.max(...rung(0, 0).map((x: Json) => Date.parse(x.completedAt)));
    for (const x of r1) expect(Date.parse(x.startedAt)).toBeGreaterThanOrEqual(r0End);
  });
});

describe('tuning: stop, early stopping, budget, multi-objective', () => {
  it('stop cancels the running trials, or lets them finish with complete_running_trials', async () => {
    const a = await tune({ algorithm: 'random', max_trials: 10, max_concurrent: 2 });
    await t.advance(60);
    const stopA = await t.call('POST', `/v2/training/jobs/${jobId}/tune/${a.id}/stop`, { body: { reason: 'enough' } });
    expect(stopA.status, JSON.stringify(stopA.body)).toBe(200);
    expect(stopA.body).toMatchObject({ status: 'cancelled', completeRunningTrials: false, runningTrials: [], reason: 'enough' });
    expect(stopA.body.cancelledTrials).toHaveLength(2);
    await t.advance(600);
    const afterA = await get(a.id);
    expect(afterA.status).toBe('cancelled');
    expect(afterA.endReason).toBe('stopped');
    expect(afterA.trials.map((x: Json) => x.status)).toEqual(['cancelled', 'cancelled']);
    expect(afterA.trials[0].duration).toBeLessThan(15);

    const b = await tune({ algorithm: 'random', max_trials: 10, max_concurrent: 2 });
    await t.advance(60);
    const stopB = await t.call('POST', `/v2/training/jobs/${jobId}/tune/${b.id}/stop`, { body: { complete_running_trials: true } });
    // The document's statuses only: still running (its last trials), the stop recorded.
    expect(stopB.body).toMatchObject({ status: 'running', completeRunningTrials: true, cancelledTrials: [] });
    expect(stopB.body.runningTrials).toHaveLength(2);
    expect(await get(b.id)).toMatchObject({ status: 'running', stop: { completeRunningTrials: true } });
    const twice = await t.call('POST', `/v2/training/jobs/${jobId}/tune/${b.id}/stop`, { body: {} });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: 'INVALID_STATE', details: { currentStatus: 'running', stopRequested: true } });
    await t.advance(600);
    const afterB = await get(b.id);
    expect(afterB.status).toBe('cancelled');
    expect(afterB.trials).toHaveLength(2);
    expect(afterB.trials.every((x: Json) => x.status === 'completed' || x.status === 'failed')).toBe(true);
    const again = await t.call('POST', `/v2/training/jobs/${jobId}/tune/${b.id}/stop`, { body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'INVALID_STATE', details: { currentStatus: 'cancelled' } });
  });

  it('early stopping ends the job after `patience` trials without an improvement above min_delta', async () => {
    const created = await tune({ algorithm: 'random', max_trials: 30, max_concurrent: 1, early_stopping: { patience: 3, min_delta: 10 } });
    const done = await runToEnd(created.id);
    expect(done.status).toBe('completed');
    expect(done.endReason).toBe('early_stopping');
    // The first completed trial sets the best; nothing beats it by 10, so three more end it.
    const firstCompleted = done.trials.findIndex((x: Json) => x.status === 'completed');
    expect(done.trials).toHaveLength(firstCompleted + 1 + 3);
    expect(done.recommendations.some((r: string) => /Stopped early/.test(r))).toBe(true);
  });

  it('refuses a budget below the estimate (INSUFFICIENT_BUDGET) and stops when the budget is spent', async () => {
    const probe = await tune({ algorithm: 'random', max_trials: 6, max_concurrent: 2 });
    await t.call('POST', `/v2/training/jobs/${jobId}/tune/${probe.id}/stop`, { body: {} });
    const estimate = probe.estimatedCost.total;
    const refused = await t.call('POST', `/v2/training/jobs/${jobId}/tune`, {
      body: {
        objective: 'minimize',
        metric: 'eval_loss',
        search_space: SPACE,
        algorithm: 'random',
        max_trials: 6,
        budget: { max_cost: estimate / 2 },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'INSUFFICIENT_BUDGET',
      details: { requestedTrials: 6, availableBudget: { max_cost: estimate / 2, max_gpu_hours: null } },
    });
    // Half the (rounded) estimate of 6 equal trials: about 3.
    expect([2, 3]).toContain(refused.body.details.affordableTrials);
    expect(refused.body.details.estimatedCost).toBeCloseTo(estimate, 3);
    // Sequences of 1,024–2,048 tokens take 2–4× the parent's 512 per step: the estimate passes, the trials overspend it.
    const created = await tune({
      algorithm: 'random',
      max_trials: 6,
      max_concurrent: 2,
      search_space: {
        max_seq_length: { type: 'choice', values: [1024, 2048] },
        learning_rate: { type: 'log_uniform', min: 1e-4, max: 1e-3 },
      },
      budget: { max_cost: estimate * 1.01 },
    });
    const done = await runToEnd(created.id);
    expect(done.status).toBe('completed');
    expect(done.endReason).toBe('budget');
    expect(done.results.totalCost).toBeLessThanOrEqual(estimate * 1.01 + 1e-3);
    expect(done.results.totalCost).toBeGreaterThan(estimate * 1.01 - 1e-3);
    expect(done.trials.some((x: Json) => x.status === 'cancelled')).toBe(true);
    expect(done.trials.length).toBeLessThan(6);
  });

  it('multi-objective: weighted objectives and a pareto set no trial dominates', async () => {
    const created = await tune({
      algorithm: 'random',
      max_trials: 10,
      max_concurrent: 4,
      objectives: [
        { metric: 'eval_loss', direction: 'minimize', weight: 1 },
        { metric: 'cost', direction: 'minimize', weight: 0.5 },
      ],
    });
    const done = await runToEnd(created.id);
    expect(done.paretoSet.length).toBeGreaterThan(0);
    const completed = done.trials.filter((x: Json) => x.status === 'completed');
    const byId = new Map(completed.map((x: Json) => [x.id, x]));
    for (const id of done.paretoSet) {
      const p: Json = byId.get(id);
      expect(p).toBeDefined();
      const dominated = completed.some(
        (q: Json) =>
          q.id !== id &&
          q.metrics.eval_loss <= p.metrics.eval_loss &&
          q.cost <= p.cost &&
          (q.metrics.eval_loss < p.metrics.eval_loss || q.cost < p.cost),
      );
      expect(dominated).toBe(false);
    }
    expect(done.paretoSet).toContain(done.bestTrial.id);
  });
});

describe('tuning: deploy-best, list, errors', () => {
  let done: Json;
  beforeAll(async () => {
    const created = await tune({ algorithm: 'random', max_trials: 4, max_concurrent: 4 });
    done = await runToEnd(created.id);
  });

  it('deploy-best creates a training job from the best parameters through the job-creation path', async () => {
    const r = await t.call('POST', `/v2/training/jobs/${jobId}/tune/${done.id}/deploy-best`, { body: { name: 'tuned', epochs: 3 } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ tuningJobId: done.id, trialId: done.bestTrial.id });
    const job = r.body.trainingJob;
    expect(job).toMatchObject({ name: 'tuned', status: 'pending', modelType: 'llm', datasetId });
    const p = done.bestTrial.parameters;
    expect(job.config.training).toMatchObject({
      learning_rate: p.learning_rate,
      batch_size: p.batch_size,
      weight_decay: p.weight_decay,
      epochs: 3,
    });
    expect(job.config.parameters.rank).toBe(p.rank);
    expect((await t.call('GET', `/v2/training/jobs/${job.id}`)).body.status).toBe('pending');
    const other = done.trials.find((x: Json) => x.status === 'completed' && x.id !== done.bestTrial.id) ?? done.bestTrial;
    const chosen = await t.call('POST', `/v2/training/jobs/${jobId}/tune/${done.id}/deploy-best`, {
      body: { use_best_trial: other.id, override_parameters: { learning_rate: 3e-4 } },
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.trainingJob.config.training.learning_rate).toBe(3e-4);
    expect(chosen.body.trainingJob.name).toBe('tune-parent-best');
    const badTrial = await t.call('POST', `/v2/training/jobs/${jobId}/tune/${done.id}/deploy-best`, {
      body: { use_best_trial: 'trial_nothere' },
    });
    expect(badTrial.status).toBe(404);
    expect(badTrial.body.error).toBe('TRIAL_NOT_FOUND');
    const badValue = await t.call('POST', `/v2/training/jobs/${jobId}/tune/${done.id}/deploy-best`, {
      body: { override_parameters: { learning_rate: 5 } },
    });
    expect(badValue.status).toBe(400);
    expect(badValue.body).toMatchObject({ error: 'CONFIGURATION_ERROR', details: { field: 'config.training.learning_rate' } });
    const fresh = await tune({ algorithm: 'random', max_trials: 4 });
    const early = await t.call('POST', `/v2/training/jobs/${jobId}/tune/${fresh.id}/deploy-best`, { body: {} });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('NO_COMPLETED_TRIALS');
    await t.call('POST', `/v2/training/jobs/${jobId}/tune/${fresh.id}/stop`, { body: {} });
  });

  it('lists tuning jobs filtered by status and algorithm, paged', async () => {
    const all = (await t.call('GET', '/v2/training/tune?limit=100')).body;
    expect(all.tuningJobs.length).toBe(all.pagination.total);
    expect(all.tuningJobs.find((x: Json) => x.id === done.id)).toMatchObject({ status: 'completed', algorithm: 'random' });
    expect(all.tuningJobs[0].trials).toBeUndefined();
    const grids = (await t.call('GET', '/v2/training/tune?algorithm=grid')).body.tuningJobs;
    expect(grids.length).toBeGreaterThan(0);
    expect(grids.every((x: Json) => x.algorithm === 'grid')).toBe(true);
    const cancelled = (await t.call('GET', '/v2/training/tune?status=cancelled')).body.tuningJobs;
    expect(cancelled.every((x: Json) => x.status === 'cancelled')).toBe(true);
    const page = (await t.call('GET', '/v2/training/tune?limit=2&offset=1')).body;
    expect(page.tuningJobs).toHaveLength(2);
    expect(page.pagination).toMatchObject({ limit: 2, offset: 1, hasMore: true });
    for (const q of ['limit=0', 'limit=101', 'status=paused', 'algorithm=genetic'])
      expect((await t.call('GET', `/v2/training/tune?${q}`)).status, q).toBe(400);
  });

  it('answers the documented errors', async () => {
    const post = (body: Record<string, unknown>, job = jobId) =>
      t.call('POST', `/v2/training/jobs/${job}/tune`, {
        body: { objective: 'minimize', metric: 'eval_loss', search_space: SPACE, algorithm: 'random', ...body },
      });
    const grid = await post({ algorithm: 'grid' });
    expect(grid.status).toBe(400);
    expect(grid.body).toMatchObject({ error: 'ALGORITHM_NOT_SUPPORTED', details: { algorithm: 'grid' } });
    expect(grid.body.details.unsupportedParameterTypes.sort()).toEqual(['log_uniform', 'uniform']);
    const spaces: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ x: { type: 'uniform', min: 1, max: 1 } }, 'x', /below max/],
      [{ x: { type: 'log_uniform', min: 0, max: 1 } }, 'x', /above 0/],
      [{ x: { type: 'int_log_uniform', min: -2, max: 4 } }, 'x', /above 0/],
      [{ x: { type: 'choice', values: [] } }, 'x', /at least one value/],
      [{ x: { type: 'uniform', min: 0, max: 1, condition: 'y ==' } }, 'x', /condition/],
      [{ x: { type: 'uniform', min: 0, max: 1, condition: 'y == 1' } }, 'x', /y, which is not a parameter/],
      [{ a: { type: 'choice', values: [1], condition: 'b == 1' }, b: { type: 'choice', values: [1], condition: 'a == 1' } }, 'a', /cycle/],
      [{ learning_rate: { type: 'log_uniform', min: 1e-5, max: 1 } }, 'learning_rate', /1e-6 and 1e-1/],
      [{ x: { type: 'normal', min: 0, max: 1 } }, 'x', /type/],
      [{ x: { type: 'uniform', min: 0, max: 1, condition: 'x'.repeat(201) } }, 'x', /200 characters/],
    ];
    for (const [space, parameter, reason] of spaces) {
      const r = await post({ search_space: space });
      expect(r.status, JSON.stringify(space)).toBe(400);
      expect(r.body.error, JSON.stringify(r.body)).toBe('INVALID_SEARCH_SPACE');
      expect(r.body.details.parameter).toBe(parameter);
      expect(r.body.details.reason).toMatch(reason);
    }
    const metric = await post({ metric: 'f1' });
    expect(metric.status).toBe(400);
    expect(metric.body.error).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(metric.body)).toMatch(/loss, eval_loss, accuracy, perplexity/);
    const vision = await t.call('POST', '/v2/training/jobs', {
      body: { name: 'vision-parent', modelType: 'vision', datasetId, config: { architecture: 'resnet18', training: { epochs: 1 } } },
    });
    expect(vision.status, JSON.stringify(vision.body)).toBe(201);
    for (const extra of [{ metric: 'perplexity' }, { early_stopping: { metric: 'perplexity', patience: 2 } }]) {
      const r = await post({ search_space: { learning_rate: { type: 'log_uniform', min: 1e-4, max: 1e-2 } }, ...extra }, vision.body.id);
      expect(r.status).toBe(400);
      expect(r.body.details.reason).toMatch(/language-model metric/);
    }
    const hb = await post({ hyperband_config: { max_epochs: 9 } });
    expect(hb.status).toBe(400);
    const hbEpochs = await post({ algorithm: 'hyperband', search_space: { ...SPACE, epochs: { type: 'int_uniform', min: 1, max: 3 } } });
    expect(hbEpochs.body).toMatchObject({ error: 'INVALID_SEARCH_SPACE', details: { parameter: 'epochs' } });
    expect((await post({}, 'job_nothere')).body.error).toBe('JOB_NOT_FOUND');
    for (const id of ['tune_nothere', 'not-an-id']) {
      const r = await t.call('GET', `/v2/training/jobs/${jobId}/tune/${id}`);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('TUNING_JOB_NOT_FOUND');
    }
    expect((await t.call('GET', `/v2/training/jobs/job_nothere/tune/${done.id}`)).body.error).toBe('JOB_NOT_FOUND');
    expect((await t.call('GET', '/v2/training/tune', { key: null })).status).toBe(401);
    const noScope = await t.call('POST', '/v2/accounts/api-keys', {
      body: { name: 'clusters only', permissions: ['read', 'write'], scopes: ['clusters'] },
    });
    const denied = await t.call('GET', '/v2/training/tune', { key: noScope.body.key });
    expect(denied.status).toBe(403);
    expect(denied.body.details.requiredScope).toBe('training');
  });
});

describe('tuning: seeded world, limits and persistence', () => {
  it('seeds a finished TPE search with its model and a Bayesian search under way', async () => {
    const fresh = await start();
    try {
      const list = (await fresh.call('GET', '/v2/training/tune')).body.tuningJobs;
      const tpe = list.find((x: Json) => x.algorithm === 'tpe');
      const bayesian = list.find((x: Json) => x.algorithm === 'bayesian');
      expect(tpe).toMatchObject({ status: 'completed', endReason: 'all_trials' });
      expect(tpe.bestTrial.modelId).toMatch(/^model_/);
      expect(tpe.results.improvementOverBaseline).toBeGreaterThan(0);
      expect(bayesian.status).toBe('running');
      expect(bayesian.progress.runningTrials).toBe(3);
      await fresh.advance(3600);
      const later = (await fresh.call('GET', `/v2/training/jobs/${bayesian.trainingJobId}/tune/${bayesian.id}`)).body;
      expect(later.status).toBe('completed');
      expect(later.trials.length).toBeGreaterThan(bayesian.progress.completedTrials + 3);
    } finally {
      await fresh.close();
    }
  });

  it('deploy-best counts toward the 10 job creations per hour', async () => {
    const limited = await start({ rateLimits: 'enforce' });
    try {
      const job = await parentJob(limited);
      const created = await tune({ algorithm: 'random', max_trials: 2, max_concurrent: 2 }, limited, job);
      await limited.advance(3600);
      await get(created.id, limited, job);
      // The hour moved on since the parent's creation: 10 deploys pass, the 11th is refused.
      let last = null;
      for (let i = 0; i < 11; i++)
        last = await limited.call('POST', `/v2/training/jobs/${job}/tune/${created.id}/deploy-best`, { body: {} });
      expect(last!.status).toBe(429);
      expect(last!.headers.get('x-ratelimit-resource')).toBe('training-job-creation');
    } finally {
      await limited.close();
    }
  });

  it('keeps a tuning job and its trials across a restart on the same data folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpc-tune-'));
    try {
      const first = await start({ dataDir: dir });
      const job = await parentJob(first);
      const created = await tune({ algorithm: 'tpe', max_trials: 12, max_concurrent: 2 }, first, job);
      await first.advance(400);
      const before = await get(created.id, first, job);
      expect(before.trials.length).toBeGreaterThan(2);
      await first.close();
      const second = await start({ dataDir: dir });
      try {
        const after = await get(created.id, second, job);
        expect(after.trials).toEqual(before.trials);
        expect(after.status).toBe(before.status);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
