// Experiments and runs (03-endpoints-training.md, Experiment and run; Experiments; States and
// transitions) over real HTTP: every route with its validation and errors, runs following their
// training jobs as the simulated clock moves, statistics and insights, compare (rankings, tests
// cross-checked against the jobs' own loss series, corrections, correlations, pareto), export to
// the object store and its download, clone, archive, auth, rate limits and a restart.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER } from '../harness';
import { startSlowWorld as start } from './file-emulator';

type Target = Awaited<ReturnType<typeof start>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

const E = '/v2/training/experiments';

async function datasetOf(t: Target): Promise<string> {
  const list = await t.call('GET', '/v2/training/datasets?status=ready&sort=name&order=asc');
  return list.body.datasets.find((d: Json) => d.name === 'support-chat-v3').id;
}

const llm = (datasetId: string, name: string, training: Record<string, unknown> = {}) => ({
  name,
  modelType: 'llm',
  datasetId,
  config: { baseModel: 'llama-3-8b', strategy: 'lora', parameters: { rank: 8 }, training: { epochs: 2, batch_size: 4, ...training } },
});

async function ok(t: Target, method: string, path: string, body?: unknown, status = 200): Promise<Json> {
  const r = await t.call(method, path, body === undefined ? {} : { body });
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}
const job = (t: Target, body: unknown) => ok(t, 'POST', '/v2/training/jobs', body, 201);
const experiment = (t: Target, body: Record<string, unknown> = {}) =>
  ok(t, 'POST', E, { name: 'lr sweep', description: 'Learning rate sweep of the support assistant', ...body }, 201);
const addRun = (t: Target, expId: string, body: Record<string, unknown>) => ok(t, 'POST', `${E}/${expId}/runs`, body, 201);
const errorOf = (r: { status: number; body: Json }) => ({ status: r.status, code: r.body?.error, details: r.body?.details });

/** Welch's t by its formula (independent of the emulator's library). */
function welchT(x: number[], y: number[]): number {
  const mean = (v: number[]) => v.reduce((s, a) => s + a, 0) / v.length;
  const varOf = (v: number[]) => v.reduce((s, a) => s + (a - mean(v)) ** 2, 0) / (v.length - 1);
  return (mean(x) - mean(y)) / Math.sqrt(varOf(x) / x.length + varOf(y) / y.length);
}

/** Holm's adjustment, written again here so the test does not trust the module it checks. */
function holmAgain(p: number[]): number[] {
  const order = p.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(p.length);
  let max = 0;
  order.forEach(([v, i], k) => {
    max = Math.max(max, Math.min(1, (p.length - k) * v));
    out[i] = max;
  });
  return out;
}

/** RFC 4180 records (quoted fields with commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('experiments: create, read, update', () => {
  let t: Target;
  beforeAll(async () => {
    t = await start();
  });
  afterAll(() => t.close());

  it('creates an active experiment with no runs and zeroed statistics', async () => {
    const e = await experiment(t, {
      tags: ['llama', 'lr'],
      hypothesis: 'A lower learning rate converges lower',
      metadata: { owner: 'ml-team' },
      baseline: { type: 'model', name: 'support-assistant-v1', metrics: { validation_loss: 0.9 } },
    });
    expect(e).toMatchObject({
      status: 'active',
      runs: [],
      insights: [],
      conclusion: null,
      archived: null,
      clonedFrom: null,
      tags: ['llama', 'lr'],
      statistics: {
        total_runs: 0,
        completed_runs: 0,
        running_runs: 0,
        failed_runs: 0,
        best_run: null,
        best_metric: null,
        total_cost: 0,
        total_training_time: 0,
      },
    });
    expect(e.id).toMatch(/^exp_/);
    expect(await ok(t, 'GET', `${E}/${e.id}`)).toEqual(e);
  });

  it('validates the body of create', async () => {
    for (const [body, field] of [
      [{ name: 'x' }, 'description'],
      [{ description: 'd' }, 'name'],
      [{ name: 'x'.repeat(101), description: 'd' }, 'name'],
      [{ name: '', description: 'd' }, 'name'],
      [{ name: 'x', description: 'd', tags: 'a' }, 'tags'],
      [{ name: 'x', description: 'd', status: 'completed' }, ''],
      [{ name: 'x', description: 'd', baseline: { type: 'model' } }, 'baseline.name'],
    ] as const) {
      const r = await t.call('POST', E, { body });
      expect(errorOf(r).code, JSON.stringify(body)).toBe('VALIDATION_ERROR');
      expect(r.status).toBe(400);
      if (field !== '') expect(r.body.details.field).toBe(field);
    }
  });

  it('answers 404 EXPERIMENT_NOT_FOUND for unknown and malformed ids on every route', async () => {
    for (const [method, path, body] of [
      ['GET', `${E}/exp_nothere`, undefined],
      ['GET', `${E}/not-an-id`, undefined],
      ['PATCH', `${E}/exp_nothere`, { name: 'x' }],
      ['POST', `${E}/exp_nothere/archive`, {}],
      ['POST', `${E}/exp_nothere/clone`, {}],
      ['POST', `${E}/exp_nothere/export`, {}],
      ['POST', `${E}/exp_nothere/runs`, { trainingJobId: 'job_x' }],
      ['POST', `${E}/exp_nothere/compare`, {}],
    ] as const) {
      const r = await t.call(method, path, body === undefined ? {} : { body });
      expect(errorOf(r), `${method} ${path}`).toMatchObject({ status: 404, code: 'EXPERIMENT_NOT_FOUND' });
    }
  });

  it('lists with status and tag filters, sort, order and pages', async () => {
    const fresh = await start();
    try {
      const a = await experiment(fresh, { name: 'b-exp', tags: ['x', 'y'] });
      const b = await experiment(fresh, { name: 'a-exp', tags: ['x'] });
      await fresh.advance(1);
      const c = await experiment(fresh, { name: 'c-exp' });
      await ok(fresh, 'PATCH', `${E}/${c.id}`, { status: 'completed' });
      const all = await ok(fresh, 'GET', E);
      // Newest first (a and b share their instant: ties by id, descending too); the two seeded ones are days older.
      const ids = all.experiments.map((e: Json) => e.id);
      expect(ids.slice(0, 3)).toEqual([c.id, ...[a.id, b.id].sort().reverse()]);
      expect(all.pagination).toEqual({ total: 5, limit: 50, offset: 0, hasMore: false });
      expect(all.experiments[0]).toMatchObject({ runCount: 0, statistics: { total_runs: 0 } });
      expect(all.experiments[0].runs).toBeUndefined();
      expect((await ok(fresh, 'GET', `${E}?sort=name&order=asc`)).experiments.map((e: Json) => e.name)).toEqual([
        'a-exp',
        'b-exp',
        'c-exp',
        'review-sentiment base models',
        'support-assistant learning rate',
      ]);
      expect((await ok(fresh, 'GET', `${E}?tags=x`)).experiments.map((e: Json) => e.id).sort()).toEqual([a.id, b.id].sort());
      expect((await ok(fresh, 'GET', `${E}?tags=x,y`)).experiments.map((e: Json) => e.id)).toEqual([a.id]);
      expect((await ok(fresh, 'GET', `${E}?status=completed`)).experiments.map((e: Json) => e.id)).toEqual([c.id]);
      const page = await ok(fresh, 'GET', `${E}?sort=name&order=asc&limit=1&offset=1`);
      expect(page.experiments.map((e: Json) => e.name)).toEqual(['b-exp']);
      expect(page.pagination).toEqual({ total: 5, limit: 1, offset: 1, hasMore: true });
      for (const q of ['limit=0', 'limit=101', 'offset=-1', 'status=running', 'sort=size', 'order=up'])
        expect(errorOf(await fresh.call('GET', `${E}?${q}`)), q).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    } finally {
      await fresh.close();
    }
  });

  it('seeds two experiments over the seeded jobs, their runs in every state', async () => {
    const fresh = await start();
    try {
      const list = (await ok(fresh, 'GET', `${E}?sort=name&order=asc`)).experiments;
      const support = await ok(fresh, 'GET', `${E}/${list.find((e: Json) => e.name === 'support-assistant learning rate').id}`);
      expect(support.runs.map((r: Json) => [r.name, r.status])).toEqual([
        ['support-assistant-v1', 'completed'],
        ['support-assistant-lr-1e-2', 'failed'],
        ['support-assistant-v2', 'pending'],
      ]);
      expect(support.statistics).toMatchObject({ total_runs: 3, completed_runs: 1, failed_runs: 1, running_runs: 1 });
      expect(support.insights.find((i: Json) => i.type === 'divergence').evidence).toMatchObject({ threshold: 1e-2, highestStable: 2e-4 });
      const review = await ok(fresh, 'GET', `${E}/${list.find((e: Json) => e.name === 'review-sentiment base models').id}`);
      expect(review.runs.map((r: Json) => r.status)).toEqual(['stopped', 'running']);
      // The same world twice: the same ids.
      const again = await start();
      try {
        expect((await ok(again, 'GET', `${E}?sort=name&order=asc`)).experiments.map((e: Json) => e.id)).toEqual(
          list.map((e: Json) => e.id),
        );
      } finally {
        await again.close();
      }
    } finally {
      await fresh.close();
    }
  });

  it('patches fields, completes an active experiment once, and refuses other statuses', async () => {
    const e = await experiment(t);
    await t.advance(5);
    const patched = await ok(t, 'PATCH', `${E}/${e.id}`, {
      name: 'renamed',
      description: 'new',
      tags: ['t'],
      metadata: { k: 1 },
      conclusion: 'lr 1e-4 wins',
    });
    expect(patched).toMatchObject({ name: 'renamed', description: 'new', tags: ['t'], metadata: { k: 1 }, conclusion: 'lr 1e-4 wins' });
    expect(Date.parse(patched.updatedAt)).toBeGreaterThan(Date.parse(e.updatedAt));
    const done = await ok(t, 'PATCH', `${E}/${e.id}`, { status: 'completed' });
    expect(done.status).toBe('completed');
    expect(done.completedAt).not.toBeNull();
    expect(errorOf(await t.call('PATCH', `${E}/${e.id}`, { body: { status: 'completed' } }))).toMatchObject({
      status: 409,
      code: 'INVALID_STATE',
      details: { currentStatus: 'completed', allowedStatuses: ['active'] },
    });
    // A completed experiment still takes a conclusion.
    expect((await ok(t, 'PATCH', `${E}/${e.id}`, { conclusion: null })).conclusion).toBeNull();
    for (const body of [{}, { status: 'active' }, { status: 'archived' }, { runs: [] }, { name: '' }])
      expect(errorOf(await t.call('PATCH', `${E}/${e.id}`, { body })), JSON.stringify(body)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
  });
});

describe('runs follow their training jobs; statistics, insights and compare', () => {
  let t: Target;
  let ds: string;
  let exp: Json;
  const jobs: Record<string, Json> = {};
  const runs: Record<string, Json> = {};
  beforeAll(async () => {
    t = await start();
    ds = await datasetOf(t);
    jobs.low = await job(t, llm(ds, 'lr-1e-4', { learning_rate: 1e-4 }));
    jobs.mid = await job(t, llm(ds, 'lr-2e-4', { learning_rate: 2e-4 }));
    jobs.high = await job(t, llm(ds, 'lr-1e-3', { learning_rate: 1e-3 }));
    jobs.diverged = await job(t, llm(ds, 'lr-5e-2', { learning_rate: 0.05, warmup_steps: 10 }));
    exp = await experiment(t, { baseline: { type: 'model', name: 'v1', metrics: { validation_loss: 5 } } });
    runs.low = await addRun(t, exp.id, { trainingJobId: jobs.low.id, tags: ['a'], notes: 'lowest rate' });
    runs.mid = await addRun(t, exp.id, { trainingJobId: jobs.mid.id, name: 'middle', parameters: { seed: 7, 'training.batch_size': 4 } });
    runs.high = await addRun(t, exp.id, { trainingJobId: jobs.high.id });
    runs.diverged = await addRun(t, exp.id, { trainingJobId: jobs.diverged.id });
  });
  afterAll(() => t.close());

  it('starts pending with the job’s configuration as parameters, the given ones merged over it', () => {
    expect(runs.low).toMatchObject({
      experimentId: exp.id,
      trainingJobId: jobs.low.id,
      name: 'lr-1e-4',
      status: 'pending',
      metrics: { current: null, best: null, final: null },
      artifacts: [],
      duration: 0,
      cost: 0,
      tags: ['a'],
      notes: 'lowest rate',
      completedAt: null,
    });
    expect(runs.low.parameters).toMatchObject({
      baseModel: 'llama-3-8b',
      strategy: 'lora',
      'parameters.rank': 8,
      'training.learning_rate': 1e-4,
      'training.epochs': 2,
      'training.batch_size': 4,
      // Defaults the job resolved.
      'training.lr_scheduler_type': 'cosine',
      gpuType: 'a100',
      maxWorkers: 1,
    });
    expect(runs.mid.parameters).toMatchObject({ seed: 7, 'training.learning_rate': 2e-4 });
    expect(runs.mid.name).toBe('middle');
  });

  it('refuses runs of unknown jobs, a job twice, and malformed bodies', async () => {
    expect(errorOf(await t.call('POST', `${E}/${exp.id}/runs`, { body: { trainingJobId: 'job_nothere' } }))).toMatchObject({
      status: 404,
      code: 'JOB_NOT_FOUND',
    });
    expect(errorOf(await t.call('POST', `${E}/${exp.id}/runs`, { body: { trainingJobId: jobs.low.id } }))).toMatchObject({
      status: 409,
      code: 'JOB_ALREADY_IN_EXPERIMENT',
      details: { experimentId: exp.id, trainingJobId: jobs.low.id, runId: runs.low.id },
    });
    for (const body of [
      {},
      { trainingJobId: 'nope' },
      { trainingJobId: jobs.low.id, parameters: { x: { nested: 1 } } },
      { trainingJobId: jobs.low.id, extra: 1 },
    ])
      expect(errorOf(await t.call('POST', `${E}/${exp.id}/runs`, { body })), JSON.stringify(body)).toMatchObject({ status: 400 });
  });

  it('runs with the job: status, current metrics, cost equal to the job’s as the clock advances', async () => {
    await t.advance(50 + 30);
    const e = await ok(t, 'GET', `${E}/${exp.id}`);
    const run = e.runs.find((r: Json) => r.id === runs.low.id);
    const j = await ok(t, 'GET', `/v2/training/jobs/${jobs.low.id}`);
    expect(run.status).toBe('running');
    expect(j.status).toBe('running');
    expect(run.metrics.current.step).toBe(j.progress.currentStep);
    expect(run.metrics.current.loss).toBe(j.metrics.currentLoss);
    expect(run.metrics.best.loss).toBe(j.metrics.bestLoss);
    expect(run.metrics.final).toBeNull();
    expect(run.cost).toBeCloseTo(j.resourceUsage.cost, 6);
    expect(run.duration).toBe(j.progress.elapsedTime);
    expect(e.statistics.running_runs).toBeGreaterThanOrEqual(3);
  });

  it('completes with final metrics, artifacts from checkpoints and the model, statistics and insights', async () => {
    await t.advance(3600);
    const e = await ok(t, 'GET', `${E}/${exp.id}`);
    const byId = new Map(e.runs.map((r: Json) => [r.id, r]));
    const low: Json = byId.get(runs.low.id);
    const j = await ok(t, 'GET', `/v2/training/jobs/${jobs.low.id}`);
    const model = await ok(t, 'GET', `/v2/training/models/${j.modelId}`);
    expect(low.status).toBe('completed');
    expect(low.completedAt).toBe(j.completedAt);
    expect(low.metrics.final.loss).toBeCloseTo(model.metrics.training.finalLoss, 4);
    expect(low.metrics.final.validation_loss).toBeCloseTo(model.metrics.validation.loss, 4);
    expect(low.metrics.final.perplexity).toBeCloseTo(model.metrics.validation.perplexity, 2);
    expect(low.artifacts.filter((a: Json) => a.type === 'checkpoint').map((a: Json) => a.name)).toEqual(
      j.checkpoints.map((c: Json) => c.id),
    );
    expect(low.artifacts.filter((a: Json) => a.type === 'model').map((a: Json) => a.name)).toEqual(model.files.map((f: Json) => f.name));
    const diverged: Json = byId.get(runs.diverged.id);
    expect(diverged).toMatchObject({ status: 'failed', failure: { reason: 'DIVERGED' }, metrics: { final: null } });

    const s = e.statistics;
    expect(s).toMatchObject({ total_runs: 4, completed_runs: 3, running_runs: 0, failed_runs: 1 });
    const completed = e.runs.filter((r: Json) => r.status === 'completed');
    const best = completed.reduce((a: Json, b: Json) => (b.metrics.final.validation_loss < a.metrics.final.validation_loss ? b : a));
    expect(s.best_run).toEqual({ id: best.id, metric: 'validation_loss', value: best.metrics.final.validation_loss });
    expect(s.best_metric).toBe(best.metrics.final.validation_loss);
    const jobCosts = await Promise.all(Object.values(jobs).map((x: Json) => ok(t, 'GET', `/v2/training/jobs/${x.id}`)));
    expect(s.total_cost).toBeCloseTo(
      jobCosts.reduce((sum, x) => sum + x.resourceUsage.cost, 0),
      5,
    );
    expect(s.total_training_time).toBe(e.runs.reduce((sum: number, r: Json) => sum + r.duration, 0));

    const divergence = e.insights.find((i: Json) => i.type === 'divergence');
    expect(divergence).toMatchObject({
      confidence: 1,
      evidence: { runIds: [runs.diverged.id], parameter: 'training.learning_rate', threshold: 0.05, highestStable: 1e-3 },
      savings: null,
    });
    expect(divergence.message).toMatch(/learning_rate ≥ 5\.0e-2 diverged \(1 of 1\); the highest stable rate was 1\.0e-3/);
    const baseline = e.insights.find((i: Json) => i.type === 'baseline');
    expect(baseline.evidence.runIds.sort()).toEqual(completed.map((r: Json) => r.id).sort());
  });

  it('compares: rankings by value, paired tests cross-checked with the runs’ validation losses, Holm-corrected, correlations without claims and pareto', async () => {
    const body = { metrics: ['validation_loss', 'loss', 'cost'] };
    const c = (await ok(t, 'POST', `${E}/${exp.id}/compare`, body)).comparison;
    expect(c.runs).toHaveLength(4);
    for (const m of body.metrics) {
      const order = c.rankings[m];
      const values = order.map((id: string) => c.runs.find((r: Json) => r.id === id).values[m]);
      const known = values.filter((v: number | null) => v !== null);
      expect(known, m).toEqual([...known].sort((a, b) => a - b));
      expect(values.slice(known.length).every((v: unknown) => v === null)).toBe(true);
    }
    // The diverged run has no value but its cost: ranked last on losses.
    expect(c.rankings.validation_loss.at(-1)).toBe(runs.diverged.id);

    const sa = c.statistical_analysis;
    expect(sa).toMatchObject({
      metric: 'validation_loss',
      alpha: 0.05,
      correction: 'holm',
      confidenceLevel: 0.95,
      groupBy: 'configuration',
      baselineRunId: null,
      pairing: 'all-pairs',
    });
    expect(sa.excluded).toEqual([{ runId: runs.diverged.id, reason: 'the run failed' }]);
    // One run per configuration: groups of one, no interval, nothing to test across seeds…
    expect(sa.groups.map((g: Json) => g.runIds)).toEqual([[runs.low.id], [runs.mid.id], [runs.high.id]]);
    for (const g of sa.groups) {
      expect(g).toMatchObject({ n: 1, sd: null, ci: null, ciMethod: null });
      expect(g.mean).toBe(c.runs.find((r: Json) => r.id === g.runIds[0]).values.validation_loss);
    }
    // Labelled by what differs between the configurations.
    expect(sa.groups.map((g: Json) => g.label)).toEqual([
      'training.learning_rate=0.0001',
      'seed=7, training.learning_rate=0.0002',
      'training.learning_rate=0.001',
    ]);
    expect(sa.replicate_tests).toEqual([]);
    // …but the three models share the dataset's evaluation examples: tested paired, and nothing is "not testable".
    expect(sa.not_testable).toEqual([]);
    const dataset = await ok(t, 'GET', `/v2/training/datasets/${ds}`);
    const examples = dataset.size.examples;
    const n = Math.min(examples, Math.max(50, Math.min(500, Math.round(examples / 10))));
    expect(sa.paired_tests.map((p: Json) => [p.runA, p.runB])).toEqual([
      [runs.low.id, runs.mid.id],
      [runs.low.id, runs.high.id],
      [runs.mid.id, runs.high.id],
    ]);
    expect(sa.paired_tests.map((p: Json) => p.wilcoxon.pAdjusted)).toEqual(
      holmAgain(sa.paired_tests.map((p: Json) => p.wilcoxon.pValue)).map((v) => expect.closeTo(v, 12)),
    );
    const valueOf = (id: string) => c.runs.find((r: Json) => r.id === id).values.validation_loss;
    for (const p of sa.paired_tests) {
      expect(p.n).toBe(n);
      // The mean of the per-example losses is the validation loss the run (and its job and model) reports.
      expect(p.meanA).toBe(valueOf(p.runA));
      expect(p.meanB).toBe(valueOf(p.runB));
      expect(p.meanDifference).toBeCloseTo(p.meanA - p.meanB, 5);
      expect(p.ci[0]).toBeLessThan(p.meanDifference);
      expect(p.ci[1]).toBeGreaterThan(p.meanDifference);
      // n ≥ 50 pairs: the normal approximation (R's rule), V within 0…n(n+1)/2.
      expect(p.wilcoxon.method).toBe('normal');
      expect(p.wilcoxon.V).toBeGreaterThanOrEqual(0);
      expect(p.wilcoxon.V).toBeLessThanOrEqual((n * (n + 1)) / 2);
      expect(p.significant).toBe(p.wilcoxon.pAdjusted < 0.05);
      expect(p.better).toBe(p.significant ? (p.meanA < p.meanB ? p.runA : p.runB) : null);
      // A significant difference lies on one side of 0 in its interval too (paired bootstrap of the same differences).
      if (p.wilcoxon.pAdjusted < 0.001) expect(Math.sign(p.ci[0])).toBe(Math.sign(p.ci[1]));
      for (const [id, step] of [
        [p.runA, p.steps[0]],
        [p.runB, p.steps[1]],
      ]) {
        const j = await ok(t, 'GET', `/v2/training/jobs/${c.runs.find((r: Json) => r.id === id).trainingJobId}`);
        expect(step).toBe(j.progress.totalSteps);
      }
    }
    expect(sa.run_intervals.map((r: Json) => r.runId)).toEqual([runs.low.id, runs.mid.id, runs.high.id]);
    for (const r of sa.run_intervals) {
      expect(r.n).toBe(n);
      expect(r.value).toBe(valueOf(r.runId));
      expect(r.ci[0]).toBeLessThan(r.value);
      expect(r.ci[1]).toBeGreaterThan(r.value);
    }
    // The same request gives the same intervals (seeded resamples).
    const again = (await ok(t, 'POST', `${E}/${exp.id}/compare`, body)).comparison.statistical_analysis;
    expect(again).toEqual(sa);
    // Three rates that trained: a coefficient, but no interval (below 4) and no p-value (below 10): nothing claimed.
    const lr = c.correlations.find((x: Json) => x.parameter === 'training.learning_rate' && x.metric === 'validation_loss');
    expect(lr).toMatchObject({ n: 3, minimumN: 10, spearman: { ci: null, pValue: null }, pearson: { ci: null, pValue: null } });
    expect(Math.abs(lr.spearman.coefficient)).toBe(1);
    expect(c.correlations.some((x: Json) => x.parameter === 'parameters.rank')).toBe(false); // the same in every run

    // Pareto over validation loss, loss and cost: no listed run is beaten on all three by another run.
    const vals = new Map(c.runs.map((r: Json) => [r.id, r.values]));
    const frontier = c.pareto_frontier.map((f: Json) => f.runId);
    expect(frontier.length).toBeGreaterThan(0);
    expect(frontier).not.toContain(runs.diverged.id);
    for (const id of frontier)
      for (const other of vals.keys()) {
        if (other === id || other === runs.diverged.id) continue;
        const x: Json = vals.get(id);
        const y: Json = vals.get(other);
        const dominated = body.metrics.every((m) => y[m] <= x[m]) && body.metrics.some((m) => y[m] < x[m]);
        expect(dominated, `${other} dominates ${id}`).toBe(false);
      }
    for (const f of c.pareto_frontier) expect(f.reason).toMatch(/best|trade-off/);
    for (const d of c.dominated) expect(frontier).toContain(d.dominatedBy);
    expect(c.recommendations.length).toBeGreaterThan(0);
    expect(c.runs[0].curve.length).toBeGreaterThan(0);
  });

  it('compares against a baseline run with Benjamini–Hochberg, and only the analyses asked for', async () => {
    const c = (
      await ok(t, 'POST', `${E}/${exp.id}/compare`, {
        runs: [runs.mid.id, runs.high.id],
        metrics: ['loss'],
        analysis: {
          baseline_run: runs.low.id,
          correction: 'benjamini-hochberg',
          correlation_analysis: false,
          performance_pareto: false,
          alpha: 0.01,
        },
      })
    ).comparison;
    expect(c.runs.map((r: Json) => r.id)).toEqual([runs.low.id, runs.mid.id, runs.high.id]);
    expect(c.statistical_analysis).toMatchObject({
      metric: 'loss',
      baselineRunId: runs.low.id,
      pairing: 'baseline-run',
      replicate_tests: [],
    });
    // The paired tests compare validation losses on the shared examples, against the baseline run.
    expect(c.statistical_analysis.paired_tests.map((p: Json) => [p.runA, p.runB])).toEqual([
      [runs.low.id, runs.mid.id],
      [runs.low.id, runs.high.id],
    ]);
    const [p1, p2] = c.statistical_analysis.paired_tests.map((p: Json) => p.wilcoxon.pValue);
    // BH with m = 2: the larger p stays, the smaller is min(2p, larger).
    const [lo, hi] = [Math.min(p1, p2), Math.max(p1, p2)];
    const adjusted = c.statistical_analysis.paired_tests.map((p: Json) => p.wilcoxon.pAdjusted);
    expect(Math.max(...adjusted)).toBeCloseTo(hi, 12);
    expect(Math.min(...adjusted)).toBeCloseTo(Math.min(2 * lo, hi), 12);
    for (const p of c.statistical_analysis.paired_tests) expect(p.significant).toBe(p.wilcoxon.pAdjusted < 0.01);
    expect(c.correlations).toBeNull();
    expect(c.pareto_frontier).toBeNull();
  });

  it('refuses unknown runs, too few runs and bad analysis options', async () => {
    expect(errorOf(await t.call('POST', `${E}/${exp.id}/compare`, { body: { runs: [runs.low.id, 'run_nothere'] } }))).toMatchObject({
      status: 404,
      code: 'RUN_NOT_FOUND',
      details: { runId: 'run_nothere' },
    });
    const lonely = await experiment(t);
    await addRun(t, lonely.id, { trainingJobId: jobs.low.id });
    expect(errorOf(await t.call('POST', `${E}/${lonely.id}/compare`, { body: {} }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: { field: 'runs' },
    });
    for (const body of [
      { runs: [runs.low.id] },
      { metrics: ['f1'] },
      { metrics: [] },
      { analysis: { alpha: 1 } },
      { analysis: { correction: 'bonferroni' } },
      { analysis: { group_by: 'seed' } },
      { analysis: { group_by: 'tag:' } },
    ])
      expect(errorOf(await t.call('POST', `${E}/${exp.id}/compare`, { body })), JSON.stringify(body)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
  });

  it('adds no run to a completed experiment', async () => {
    const e = await experiment(t);
    await ok(t, 'PATCH', `${E}/${e.id}`, { status: 'completed' });
    expect(errorOf(await t.call('POST', `${E}/${e.id}/runs`, { body: { trainingJobId: jobs.low.id } }))).toMatchObject({
      status: 409,
      code: 'INVALID_STATE',
    });
  });
});

describe('replicates: configurations across seeds, groups by tag, pairs that cannot be tested', () => {
  it('tests configurations across their replicates, pairs models on shared examples, and says what is not testable', async () => {
    const t = await start();
    try {
      const ds = await datasetOf(t);
      const list = await t.call('GET', '/v2/training/datasets?status=ready&sort=name&order=asc');
      const other = list.body.datasets.find((d: Json) => d.id !== ds).id;
      // A job's seed is its own (world seed × job id): a new job of the same configuration is a replicate.
      const a = [];
      const b = [];
      for (let i = 0; i < 3; i++) a.push(await job(t, llm(ds, `a-${i}`, { learning_rate: 1e-4 })));
      for (let i = 0; i < 3; i++) b.push(await job(t, llm(ds, `b-${i}`, { learning_rate: 3e-4 })));
      const lone = await job(t, llm(other, 'lone', { learning_rate: 1e-4 }));
      const e = await experiment(t);
      const tagOf = ['config=x', 'config=x', 'config=y', 'config=x', 'config=y', 'config=y'];
      const ra: Json[] = [];
      const rb: Json[] = [];
      for (const [i, j] of a.entries()) ra.push(await addRun(t, e.id, { trainingJobId: j.id, tags: [tagOf[i]!] }));
      for (const [i, j] of b.entries()) rb.push(await addRun(t, e.id, { trainingJobId: j.id, tags: ['other', tagOf[3 + i]!] }));
      const rl = await addRun(t, e.id, { trainingJobId: lone.id });
      await t.advance(6 * 3600);
      const c = (await ok(t, 'POST', `${E}/${e.id}/compare`, { metrics: ['validation_loss'] })).comparison;
      const sa = c.statistical_analysis;
      const value = (id: string) => c.runs.find((r: Json) => r.id === id).values.validation_loss as number;
      for (const r of c.runs) expect(r.status).toBe('completed');
      expect(sa.groups.map((g: Json) => [g.id, g.runIds])).toEqual([
        ['config-1', ra.map((r) => r.id)],
        ['config-2', rb.map((r) => r.id)],
        ['config-3', [rl.id]],
      ]);
      // The group's interval: Student's t over its 3 replicates (recomputed here; t(0.975, 2) = 4.302653).
      for (const g of sa.groups.slice(0, 2)) {
        const v = g.runIds.map(value);
        const m = v.reduce((x: number, y: number) => x + y, 0) / 3;
        const sd = Math.sqrt(v.reduce((x: number, y: number) => x + (y - m) ** 2, 0) / 2);
        expect(sd).toBeGreaterThan(0); // replicates differ by their seed
        expect(g).toMatchObject({ n: 3, ciMethod: 't' });
        expect(g.mean).toBeCloseTo(m, 6);
        expect(g.sd).toBeCloseTo(sd, 9);
        expect(g.ci[0]).toBeCloseTo(m - (4.302653 * sd) / Math.sqrt(3), 5);
        expect(g.ci[1]).toBeCloseTo(m + (4.302653 * sd) / Math.sqrt(3), 5);
      }
      expect(sa.groups[2]).toMatchObject({ n: 1, ci: null });
      // Across seeds: the two configurations with 3 replicates each, Welch's t by its formula over the runs' values.
      expect(sa.replicate_tests).toHaveLength(1);
      const [rt] = sa.replicate_tests;
      expect(rt).toMatchObject({ groupA: 'config-1', groupB: 'config-2', n: [3, 3] });
      expect(rt.welch.statistic).toBeCloseTo(
        welchT(
          ra.map((r) => value(r.id)),
          rb.map((r) => value(r.id)),
        ),
        6,
      );
      expect(rt.welch.pAdjusted).toBe(rt.welch.pValue); // a family of one
      expect(rt.welch.ci[0]).toBeLessThan(rt.meanDifference);
      expect(rt.welch.ci[1]).toBeGreaterThan(rt.meanDifference);
      expect(rt.mannWhitney.U).toBeGreaterThanOrEqual(0);
      expect(rt.mannWhitney.U).toBeLessThanOrEqual(9);
      expect(rt.significant).toBe(rt.welch.pAdjusted < 0.05);
      expect(rt.better).toBe(rt.significant ? (rt.meanDifference < 0 ? 'config-1' : 'config-2') : null);
      // On shared examples: the six models on the first dataset, every pair (15); the lone run shares none.
      expect(sa.paired_tests).toHaveLength(15);
      for (const p of sa.paired_tests) expect([p.runA, p.runB]).not.toContain(rl.id);
      expect(sa.run_intervals).toHaveLength(7);
      // Neither: the lone configuration against each other, no p-value, and the seeds that would make it testable.
      expect(sa.not_testable).toEqual([
        {
          groupA: 'config-1',
          groupB: 'config-3',
          runA: ra[0]!.id,
          runB: rl.id,
          reason: 'config-3 has one run, and the two share no evaluation examples',
          action: 'add_seeds',
          replicatesNeeded: 2,
        },
        {
          groupA: 'config-2',
          groupB: 'config-3',
          runA: rb[0]!.id,
          runB: rl.id,
          reason: 'config-3 has one run, and the two share no evaluation examples',
          action: 'add_seeds',
          replicatesNeeded: 2,
        },
      ]);
      expect(c.recommendations.some((r: string) => /cannot be tested.*add seeds/.test(r))).toBe(true);

      // By tag: the runs' tags starting with "config=" are the groups; a run without one is left out.
      const byTag = (await ok(t, 'POST', `${E}/${e.id}/compare`, { metrics: ['validation_loss'], analysis: { group_by: 'tag:config=' } }))
        .comparison.statistical_analysis;
      expect(byTag.groupBy).toBe('tag:config=');
      expect(byTag.groups.map((g: Json) => [g.id, g.runIds])).toEqual([
        ['config=x', [ra[0]!.id, ra[1]!.id, rb[0]!.id]],
        ['config=y', [ra[2]!.id, rb[1]!.id, rb[2]!.id]],
      ]);
      expect(byTag.excluded).toEqual([{ runId: rl.id, reason: 'no tag starting with "config="' }]);
      expect(byTag.replicate_tests.map((x: Json) => [x.groupA, x.groupB])).toEqual([['config=x', 'config=y']]);
      expect(byTag.not_testable).toEqual([]);

      // Against a baseline run: its group against the others, its model against those on its examples.
      const vs = (await ok(t, 'POST', `${E}/${e.id}/compare`, { metrics: ['validation_loss'], analysis: { baseline_run: ra[0]!.id } }))
        .comparison.statistical_analysis;
      expect(vs).toMatchObject({ pairing: 'baseline-run', baselineRunId: ra[0]!.id });
      expect(vs.replicate_tests.map((x: Json) => [x.groupA, x.groupB])).toEqual([['config-1', 'config-2']]);
      expect(vs.paired_tests.map((x: Json) => [x.runA, x.runB])).toEqual([...ra.slice(1), ...rb].map((r) => [ra[0]!.id, r.id]));
      expect(vs.not_testable.map((x: Json) => [x.groupA, x.groupB])).toEqual([['config-1', 'config-3']]);
      // A replicate that has not trained yet has no value: left out, and the group counts the others.
      const late = await job(t, llm(ds, 'a-late', { learning_rate: 1e-4 }));
      const rlate = await addRun(t, e.id, { trainingJobId: late.id });
      const withLate = (await ok(t, 'POST', `${E}/${e.id}/compare`, { metrics: ['validation_loss'] })).comparison.statistical_analysis;
      expect(withLate.excluded).toEqual([{ runId: rlate.id, reason: 'no validation_loss yet' }]);
      expect(withLate.groups[0]).toMatchObject({ runIds: [...ra.map((r) => r.id), rlate.id], n: 3 });
    } finally {
      await t.close();
    }
  });
});

describe('early-stopping insight', () => {
  it('finds the validation loss rising after its best evaluation and prices the steps after it', async () => {
    const t = await start();
    try {
      const ds = await datasetOf(t);
      // 30 epochs over 240 examples: the validation loss turns up (overfitting).
      const long = await job(t, llm(ds, 'long', { epochs: 30, learning_rate: 2e-4 }));
      const short = await job(t, llm(ds, 'short', { epochs: 2 }));
      const e = await experiment(t);
      const r = await addRun(t, e.id, { trainingJobId: long.id });
      await addRun(t, e.id, { trainingJobId: short.id });
      await t.advance(4 * 3600);
      const view = await ok(t, 'GET', `${E}/${e.id}`);
      const insight = view.insights.find((i: Json) => i.type === 'early_stopping');
      expect(insight.evidence.runIds).toEqual([r.id]);
      const j = await ok(t, 'GET', `/v2/training/jobs/${long.id}`);
      const total = j.progress.totalSteps;
      // The evaluations from the job's own series: best step, then two evaluations of patience.
      const series = await ok(t, 'GET', `/v2/training/jobs/${long.id}/metrics?points=2000`);
      const evals = series.points.filter((p: Json) => p.validationLoss !== null);
      let best = 0;
      evals.forEach((p: Json, i: number) => {
        if (p.validationLoss < evals[best].validationLoss) best = i;
      });
      const [detail] = insight.evidence.runs;
      expect(detail.bestStep).toBe(evals[best].step);
      expect(detail.stopStep).toBe(evals[best + 2].step);
      expect(evals.at(-1).validationLoss).toBeGreaterThan(evals[best].validationLoss);
      // Cost is linear in steps run: the saved share of the job's cost.
      expect(insight.savings.cost).toBeCloseTo((j.resourceUsage.cost * (total - detail.stopStep)) / total, 2);
      expect(insight.savings.gpuHours).toBeCloseTo((j.resourceUsage.gpuHours * (total - detail.stopStep)) / total, 3);
      expect(insight.confidence).toBe(0.5); // one of the two completed runs
    } finally {
      await t.close();
    }
  });
});

describe('many runs', () => {
  it('tests each run against the best one past 30 runs, and finds the parameter that goes with the metric', async () => {
    const t = await start();
    try {
      const ds = await datasetOf(t);
      const e = await experiment(t);
      const ids: string[] = [];
      for (let i = 0; i < 32; i++) {
        // The daily job quota (pro: 20, seeded jobs included) and the GPU pool: a new day every 12 jobs.
        if (i % 12 === 11) await t.advance(86_400);
        const j = await job(t, llm(ds, `lr-${i}`, { learning_rate: 2e-5 * (i + 1) }));
        ids.push((await addRun(t, e.id, { trainingJobId: j.id })).id);
      }
      await t.advance(3600);
      const c = (await ok(t, 'POST', `${E}/${e.id}/compare`, { metrics: ['validation_loss'], analysis: { correlation_analysis: false } }))
        .comparison;
      const best = c.rankings.validation_loss[0];
      // 32 models on one evaluation set: each against the best (the lowest validation loss), not 496 pairs.
      expect(c.statistical_analysis).toMatchObject({ pairing: 'best-run', baselineRunId: null });
      expect(c.statistical_analysis.paired_tests).toHaveLength(31);
      for (const p of c.statistical_analysis.paired_tests) expect(p.runA).toBe(best);
      expect(c.statistical_analysis.groups).toHaveLength(32);
      // Higher rates learn faster over the same steps here: the rate goes with a lower validation loss.
      const view = await ok(t, 'GET', `${E}/${e.id}`);
      const effect = view.insights.find((i: Json) => i.type === 'parameter_effect');
      expect(effect.evidence).toMatchObject({ parameter: 'training.learning_rate', metric: 'validation_loss' });
      expect(effect.evidence.spearman).toBeLessThan(-0.6);
      expect(effect.message).toMatch(/^Higher training\.learning_rate went with lower validation_loss/);
      expect(effect.confidence).toBeGreaterThan(0.9);
    } finally {
      await t.close();
    }
  });

  it('reports runs that ran out of memory', async () => {
    const t = await start();
    try {
      const ds = await datasetOf(t);
      const e = await experiment(t);
      const j = await ok(
        t,
        'POST',
        '/v2/training/jobs',
        { ...llm(ds, 'oom', { batch_size: 64, max_seq_length: 4096 }), gpuType: 'rtx4090' },
        201,
      );
      const r = await addRun(t, e.id, { trainingJobId: j.id });
      await t.advance(3600);
      const view = await ok(t, 'GET', `${E}/${e.id}`);
      expect(view.runs[0]).toMatchObject({ status: 'failed', failure: { reason: 'OUT_OF_MEMORY', step: 1 } });
      expect(view.insights.find((i: Json) => i.type === 'out_of_memory')).toMatchObject({ confidence: 1, evidence: { runIds: [r.id] } });
      expect(view.statistics).toMatchObject({ failed_runs: 1, best_run: null, best_metric: null });
    } finally {
      await t.close();
    }
  });
});

describe('export, clone, archive', () => {
  let t: Target;
  let dir: string;
  let exp: Json;
  let jobIds: string[];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gpc-exp-'));
    t = await start({ dataDir: dir });
    const ds = await datasetOf(t);
    jobIds = [(await job(t, llm(ds, 'one'))).id, (await job(t, llm(ds, 'two', { learning_rate: 1e-4 }))).id];
    exp = await experiment(t, { tags: ['keep'] });
    await addRun(t, exp.id, { trainingJobId: jobIds[0], notes: 'said "hi", then\nleft', tags: ['a', 'b'] });
    await addRun(t, exp.id, { trainingJobId: jobIds[1], name: '=SUM(A1)' });
    await t.advance(3600);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const download = (url: string, token: string | null) =>
    fetch(url, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });

  it('writes the CSV to the object store and serves it with the download token', async () => {
    const x = await ok(
      t,
      'POST',
      `${E}/${exp.id}/export`,
      { format: 'csv', destination: { type: 'object_store', bucket: 'ml-results', path: 'sweeps/lr.csv' } },
      201,
    );
    expect(x).toMatchObject({
      experimentId: exp.id,
      status: 'completed',
      format: 'csv',
      include: ['parameters', 'metrics', 'artifacts', 'metadata'],
      destination: { type: 'object_store', bucket: 'ml-results', path: 'sweeps/lr.csv', uri: 'object-store://ml-results/sweeps/lr.csv' },
      rows: 2,
    });
    expect(x.downloadUrl).toBe(`${t.url}/_object-store/ml-results/sweeps/lr.csv`);
    const res = await download(x.downloadUrl, x.downloadToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(x.size);
    expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(x.checksum);
    // On disk in the data folder, the same bytes.
    expect(await readFile(join(dir, 'object-store', 'ml-results', 'sweeps', 'lr.csv'))).toEqual(bytes);

    const rows = parseCsv(bytes.toString('utf8'));
    expect(rows[0]).toEqual(x.columns);
    expect(rows).toHaveLength(3);
    const e = await ok(t, 'GET', `${E}/${exp.id}`);
    const col = (name: string) => rows[0]!.indexOf(name);
    for (const [i, run] of e.runs.entries()) {
      const row = rows[i + 1]!;
      expect(row[col('run_id')]).toBe(run.id);
      expect(Number(row[col('param.training.learning_rate')])).toBe(run.parameters['training.learning_rate']);
      expect(Number(row[col('final.validation_loss')])).toBe(run.metrics.final.validation_loss);
      expect(Number(row[col('cost_usd')])).toBe(run.cost);
      expect(row[col('artifact_paths')]!.split(';')).toEqual(run.artifacts.map((a: Json) => a.path));
    }
    // Quotes, commas and line breaks survive (RFC 4180); a formula-like name is defused.
    expect(rows[1]![col('notes')]).toBe('said "hi", then\nleft');
    expect(rows[1]![col('tags')]).toBe('a;b');
    expect(rows[2]![col('run_name')]).toBe("'=SUM(A1)");
  });

  it('exports only the sections asked for, to a default path', async () => {
    const x = await ok(t, 'POST', `${E}/${exp.id}/export`, { include: ['metrics'] }, 201);
    expect(x.destination).toMatchObject({ bucket: 'experiments', path: `${exp.id}/${x.id}.csv` });
    expect(x.columns.some((c: string) => c.startsWith('param.'))).toBe(false);
    expect(x.columns).toContain('final.loss');
    expect(x.columns).not.toContain('notes');
  });

  it('refuses bad destinations and formats, and downloads without the right token', async () => {
    expect(errorOf(await t.call('POST', `${E}/${exp.id}/export`, { body: { format: 'parquet' } }))).toEqual({
      status: 400,
      code: 'UNSUPPORTED_FORMAT',
      details: { providedFormat: 'parquet', supportedFormats: ['csv'] },
    });
    for (const body of [
      { format: 5 },
      { include: ['everything'] },
      { destination: { type: 's3', bucket: 'ok-bucket', path: 'a.csv' } },
      { destination: { type: 'object_store', bucket: 'Bad_Bucket', path: 'a.csv' } },
      { destination: { type: 'object_store', bucket: 'ok-bucket', path: '../escape.csv' } },
      { destination: { type: 'object_store', bucket: 'ok-bucket', path: '/abs.csv' } },
    ])
      expect(errorOf(await t.call('POST', `${E}/${exp.id}/export`, { body })), JSON.stringify(body)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    const x = await ok(t, 'POST', `${E}/${exp.id}/export`, {}, 201);
    expect((await download(x.downloadUrl, null)).status).toBe(401);
    expect((await download(x.downloadUrl, 'xdl_wrong')).status).toBe(401);
    expect((await download(x.downloadUrl, OWNER)).status).toBe(401);
    // Another object's token: 403 naming the object it is for.
    const other = await download(`${t.url}/_object-store/experiments/${exp.id}/other.csv`, x.downloadToken);
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({
      error: 'DOWNLOAD_TOKEN_MISMATCH',
      details: { bucket: 'experiments', path: x.destination.path },
    });
    await t.advance(3601);
    const expired = await download(x.downloadUrl, x.downloadToken);
    expect(expired.status).toBe(401);
    expect((await expired.json()).message).toMatch(/expired/);
  });

  it('clones with modifications, copying runs that follow the same jobs', async () => {
    const c = await ok(
      t,
      'POST',
      `${E}/${exp.id}/clone`,
      { copy_runs: true, modifications: { tags: ['clone'], metadata: { round: 2 } } },
      201,
    );
    expect(c).toMatchObject({ name: 'lr sweep (copy)', status: 'active', clonedFrom: exp.id, tags: ['clone'], metadata: { round: 2 } });
    expect(c.runs.map((r: Json) => r.trainingJobId)).toEqual(jobIds);
    expect(c.runs.map((r: Json) => r.id)).not.toContain(exp.runs?.[0]?.id);
    expect(c.runs[0].notes).toBe('said "hi", then\nleft');
    expect(c.statistics.completed_runs).toBe(2);
    const empty = await ok(t, 'POST', `${E}/${exp.id}/clone`, { name: 'fresh', description: 'again' }, 201);
    expect(empty).toMatchObject({ name: 'fresh', description: 'again', runs: [], tags: ['keep'] });
    expect(errorOf(await t.call('POST', `${E}/${exp.id}/clone`, { body: { modifications: { status: 'x' } } }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });

  it('archives: exports removed without preserve_artifacts, writes refused, reads, compare, export and clone still served', async () => {
    const x = await ok(
      t,
      'POST',
      `${E}/${exp.id}/export`,
      { destination: { type: 'object_store', bucket: 'ml-results', path: 'archive/me.csv' } },
      201,
    );
    const file = join(dir, 'object-store', 'ml-results', 'archive', 'me.csv');
    expect((await stat(file)).size).toBe(x.size);
    const a = await ok(t, 'POST', `${E}/${exp.id}/archive`, { reason: 'done', preserve_artifacts: false });
    expect(a).toMatchObject({ id: exp.id, status: 'archived', reason: 'done', preserveArtifacts: false });
    expect(a.removedExports).toBeGreaterThanOrEqual(1);
    await expect(stat(file)).rejects.toThrow();
    expect((await download(x.downloadUrl, x.downloadToken)).status).toBe(404);
    const e = await ok(t, 'GET', `${E}/${exp.id}`);
    expect(e).toMatchObject({ status: 'archived', archived: { reason: 'done', preserveArtifacts: false } });
    for (const r of e.runs) expect(r.artifacts).toEqual([]);
    for (const [method, path, body] of [
      ['PATCH', `${E}/${exp.id}`, { name: 'x' }],
      ['POST', `${E}/${exp.id}/archive`, {}],
      ['POST', `${E}/${exp.id}/runs`, { trainingJobId: jobIds[0] }],
    ] as const)
      expect(errorOf(await t.call(method, path, { body })), `${method} ${path}`).toMatchObject({
        status: 409,
        code: 'EXPERIMENT_ARCHIVED',
        details: { experimentId: exp.id },
      });
    await ok(t, 'POST', `${E}/${exp.id}/compare`, {});
    await ok(t, 'POST', `${E}/${exp.id}/export`, {}, 201);
    await ok(t, 'POST', `${E}/${exp.id}/clone`, {}, 201);
    expect((await ok(t, 'GET', `${E}?status=archived`)).experiments.map((x: Json) => x.id)).toEqual([exp.id]);
  });

  it('keeps artifacts of an experiment archived with preserve_artifacts (the default)', async () => {
    const e = await experiment(t);
    await addRun(t, e.id, { trainingJobId: jobIds[0] });
    const x = await ok(t, 'POST', `${E}/${e.id}/export`, {}, 201);
    expect((await ok(t, 'POST', `${E}/${e.id}/archive`, {})).removedExports).toBe(0);
    expect((await ok(t, 'GET', `${E}/${e.id}`)).runs[0].artifacts.length).toBeGreaterThan(0);
    expect((await download(x.downloadUrl, x.downloadToken)).status).toBe(200);
  });
});

/** A whole export as downloaded: its length as announced, its ETag's bytes, one experiment's CSV. */
async function wholeExport(res: Response, experiments: ReadonlyArray<{ id: string; runs: number }>): Promise<string> {
  expect(res.status).toBe(200);
  const announced = Number(res.headers.get('content-length'));
  // A body cut short fails here (the connection is reset before the announced length).
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.length).toBe(announced);
  expect(res.headers.get('etag')).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
  const rows = parseCsv(bytes.toString('utf8'));
  const col = rows[0]!.indexOf('experiment_id');
  const ids = new Set(rows.slice(1).map((r) => r[col]));
  expect(ids.size).toBe(1);
  const [id] = [...ids] as string[];
  expect(rows.length - 1).toBe(experiments.find((e) => e.id === id)?.runs);
  for (const r of rows) expect(r.length).toBe(rows[0]!.length);
  return id!;
}

for (const store of ['disk', 'memory'] as const)
  describe(`export to one object from two experiments at once (object store ${store === 'disk' ? 'on disk' : 'in memory'})`, () => {
    let t: Target;
    let dir: string | null = null;
    let a: Json;
    let b: Json;
    const dest = { type: 'object_store', bucket: 'shared-results', path: 'sweeps/latest.csv' };
    beforeAll(async () => {
      dir = store === 'disk' ? await mkdtemp(join(tmpdir(), 'gpc-exp-race-')) : null;
      t = await start(dir === null ? {} : { dataDir: dir });
      const ds = await datasetOf(t);
      const jobs = [(await job(t, llm(ds, 'r1'))).id, (await job(t, llm(ds, 'r2', { learning_rate: 1e-4 }))).id];
      a = await experiment(t, { name: 'a: two runs' });
      for (const [i, j] of jobs.entries()) await addRun(t, a.id, { trainingJobId: j, notes: `run ${i} of a, `.repeat(40) });
      b = await experiment(t, { name: 'b: one run' });
      await addRun(t, b.id, { trainingJobId: jobs[0] });
      await t.advance(3600);
    });
    afterAll(async () => {
      await t.close();
      if (dir !== null) await rm(dir, { recursive: true, force: true });
    });

    it('every download is one whole export, its length as announced, while exports to it go on; a replaced export answers 404', async () => {
      const experiments = [
        { id: a.id, runs: 2 },
        { id: b.id, runs: 1 },
      ];
      const exportOf = (e: Json) => ok(t, 'POST', `${E}/${e.id}/export`, { destination: dest }, 201);
      const get = (x: Json) => fetch(x.downloadUrl, { headers: { authorization: `Bearer ${x.downloadToken}` } });
      let last: Json[] = [];
      let whole = 0;
      for (let round = 0; round < 12; round++) {
        // Two exports to the object at once, and downloads of the last round's exports meanwhile.
        const [xa, xb, ...answers] = await Promise.all([
          exportOf(a),
          exportOf(b),
          ...[...last, ...last, ...last].map(async (x) => {
            const res = await get(x);
            if (res.status === 404) return void (await res.arrayBuffer());
            whole++;
            return void (await wholeExport(res, experiments));
          }),
        ]);
        expect(answers).toHaveLength(last.length * 3);
        // Each token reads its own export whole, or finds it replaced; exactly one of the two is the object now.
        const after = await Promise.all([xa, xb].map(get));
        const read = await Promise.all(after.map(async (r) => (r.status === 404 ? void (await r.json()) : wholeExport(r, experiments))));
        expect(after.map((r) => r.status).sort()).toEqual([200, 404]);
        expect(read.filter((id) => id !== undefined)).toEqual([after[0]!.status === 200 ? a.id : b.id]);
        last = [xa, xb];
      }
      expect(whole).toBeGreaterThan(0);
    });
  });

describe('export paths and download tokens', () => {
  let t: Target;
  let dir: string;
  let exp: Json;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gpc-exp-paths-'));
    t = await start({ dataDir: dir });
    exp = await experiment(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });
  const exportTo = (path: string, bucket = 'ml-results') =>
    t.call('POST', `${E}/${exp.id}/export`, { body: { destination: { type: 'object_store', bucket, path } } });

  it('refuses paths a file system cannot hold with 400 VALIDATION_ERROR on destination.path, never 500', async () => {
    const name255 = `${'n'.repeat(251)}.csv`;
    expect((await exportTo(name255)).status).toBe(201);
    expect((await exportTo(`deep/${name255}`)).status).toBe(201);
    const cases: Array<[string, RegExp]> = [
      [`${'n'.repeat(252)}.csv`, /at most 255 characters/],
      [`a/${'n'.repeat(300)}/b.csv`, /at most 255 characters/],
      ['a/'.repeat(32) + 'x.csv', /at most 32 names/],
      [`${'n'.repeat(200)}/`.repeat(6) + 'x.csv', /at most 1,024 characters/],
    ];
    for (const [path, reason] of cases) {
      const r = await exportTo(path);
      expect(errorOf(r), path.slice(0, 40)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
        details: { field: 'destination.path' },
      });
      expect(r.body.details.reason).toMatch(reason);
    }
    // An object and a folder of objects cannot share a name (either way round).
    expect((await exportTo('sweeps')).status).toBe(201);
    expect((await exportTo('runs/lr.csv')).status).toBe(201);
    for (const path of ['sweeps/lr.csv', 'runs']) {
      const r = await exportTo(path);
      expect(errorOf(r), path).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'destination.path' } });
      expect(r.body.details.reason).toMatch(/cannot be both an object and a folder/);
    }
    // A name the store writes its versions under is an object name like any other.
    expect((await exportTo('lr.csv.partial')).status).toBe(201);
    expect((await exportTo('lr.csv')).status).toBe(201);
  });

  it('answers a token that is not an export’s the same whatever object the path names', async () => {
    const x = await ok(
      t,
      'POST',
      `${E}/${exp.id}/export`,
      { destination: { type: 'object_store', bucket: 'ml-results', path: 'tok/a.csv' } },
      201,
    );
    const y = await ok(
      t,
      'POST',
      `${E}/${exp.id}/export`,
      { destination: { type: 'object_store', bucket: 'ml-results', path: 'tok/b.csv' } },
      201,
    );
    const paths = [x.downloadUrl, `${t.url}/_object-store/ml-results/tok/missing.csv`, `${t.url}/_object-store/no-bucket/x.csv`];
    const answers = (authorization: string | null) =>
      Promise.all(
        paths.map(async (url) => {
          const res = await fetch(url, authorization === null ? {} : { headers: { authorization } });
          return `${res.status} ${await res.text()}`;
        }),
      );
    for (const authorization of [null, `Bearer xdl_${'x'.repeat(40)}`, `Bearer ${OWNER}`]) {
      const seen = await answers(authorization);
      expect(new Set(seen).size, String(authorization)).toBe(1);
      expect(seen[0]).toMatch(/^401 .*"error":"UNAUTHORIZED"/);
    }
    const others = await answers(`Bearer ${y.downloadToken}`);
    expect(new Set(others).size).toBe(1);
    expect(others[0]).toMatch(/^403 .*"error":"DOWNLOAD_TOKEN_MISMATCH"/);
    expect(JSON.parse(others[0]!.slice(4)).details).toEqual({ bucket: 'ml-results', path: 'tok/b.csv' });
  });
});

describe('experiments: auth, limits, persistence', () => {
  it('needs a key, the write permission for changes, and the training scope', async () => {
    const t = await start();
    try {
      const e = await experiment(t);
      expect((await t.call('GET', E, { key: null })).status).toBe(401);
      const key = async (permissions: string[], scopes: string[]) =>
        (await ok(t, 'POST', '/v2/auth/api-keys', { name: `k-${scopes.join('-')}`, permissions, scopes }, 201)).key as string;
      const reader = await key(['read'], ['training']);
      expect((await t.call('GET', `${E}/${e.id}`, { key: reader })).status).toBe(200);
      // Compare changes nothing: a read.
      expect(errorOf(await t.call('POST', `${E}/${e.id}/compare`, { key: reader, body: {} }))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(errorOf(await t.call('POST', E, { key: reader, body: { name: 'x', description: 'y' } }))).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
      expect(errorOf(await t.call('POST', `${E}/${e.id}/archive`, { key: reader, body: {} }))).toMatchObject({ status: 403 });
      const elsewhere = await key(['read', 'write'], ['ai']);
      expect(errorOf(await t.call('GET', E, { key: elsewhere }))).toMatchObject({ status: 403 });
    } finally {
      await t.close();
    }
  });

  it('allows 50 experiment writes per hour (the training area’s POST row)', async () => {
    const t = await start({ rateLimits: 'enforce' });
    try {
      for (let i = 0; i < 50; i++) await experiment(t, { name: `e${i}` });
      const r = await t.call('POST', E, { body: { name: 'one too many', description: 'd' } });
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).not.toBeNull();
    } finally {
      await t.close();
    }
  });

  it('holds at most 1,000 runs an experiment (through a snapshot import, the only way to so many jobs)', async () => {
    const t = await start();
    try {
      const e = await experiment(t);
      const snapshot = (await t.call('GET', '/_emulator/snapshot')).body;
      const training = snapshot.state.areas.training;
      const stored = training.experiments.find((x: Json) => x.id === e.id);
      const jobId = training.jobs[0].id;
      const run = (i: number) => ({
        id: `run_bulk${String(i).padStart(6, '0')}`,
        training_job_id: jobId,
        name: `bulk-${i}`,
        parameters: {},
        tags: [],
        notes: null,
        created_at: stored.created_at,
        updated_at: stored.created_at,
      });
      stored.runs = Array.from({ length: 1001 }, (_, i) => run(i));
      expect((await t.call('POST', '/_emulator/snapshot', { body: snapshot })).status).toBe(400);
      stored.runs = stored.runs.slice(0, 1000);
      expect((await t.call('POST', '/_emulator/snapshot', { body: snapshot })).status).toBe(200);
      const other = training.jobs.find((j: Json) => j.id !== jobId).id;
      expect(errorOf(await t.call('POST', `${E}/${e.id}/runs`, { body: { trainingJobId: other } }))).toMatchObject({
        status: 409,
        code: 'RUN_LIMIT_REACHED',
        details: { experimentId: e.id, limit: 1000 },
      });
      expect((await ok(t, 'GET', `${E}/${e.id}`)).statistics.total_runs).toBe(1000);
    } finally {
      await t.close();
    }
  });

  it('keeps experiments, runs and exports across a restart on the same data folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpc-exp-restart-'));
    try {
      const first = await start({ dataDir: dir });
      const ds = await datasetOf(first);
      const j = await job(first, llm(ds, 'persisted'));
      const e = await experiment(first, { tags: ['p'] });
      const r = await addRun(first, e.id, { trainingJobId: j.id, parameters: { note: 'kept' } });
      await first.advance(3600);
      const x = await ok(first, 'POST', `${E}/${e.id}/export`, {}, 201);
      const before = await ok(first, 'GET', `${E}/${e.id}`);
      await first.close();
      const second = await start({ dataDir: dir });
      try {
        const after = await ok(second, 'GET', `${E}/${e.id}`);
        expect(after.runs.map((x: Json) => x.id)).toEqual([r.id]);
        expect(after.runs[0].parameters.note).toBe('kept');
        expect(after.runs[0].metrics.final).toEqual(before.runs[0].metrics.final);
        const res = await fetch(x.downloadUrl.replace(first.url, second.url), { headers: { authorization: `Bearer ${x.downloadToken}` } });
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).length).toBe(x.size);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
