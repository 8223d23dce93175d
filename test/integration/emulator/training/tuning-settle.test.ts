// A tuning job's past is settled while the clock moves (issue 23), over real HTTP: a clock
// advance of days does the search's work in slices, answering other requests between them, and
// a read after it finds nothing left to compute; settling in slices gives exactly the trials
// settling at once gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../../main/emulator';
import { AREAS } from '../../../../main/emulator/areas';
import type { EmulatorContext } from '../../../../main/emulator/core/context';
import { trainingState } from '../../../../main/emulator/areas/training/state';
import { settleTunings } from '../../../../main/emulator/areas/training/tuning/settle';
import { contextTap } from '../../../support/context-tap';
import { makeCall, OWNER, type Target } from '../harness';

const SPACE = {
  learning_rate: { type: 'log_uniform', min: 1e-6, max: 1e-1 },
  batch_size: { type: 'choice', values: [2, 4, 8, 16] },
  weight_decay: { type: 'uniform', min: 0, max: 0.3 },
  rank: { type: 'int_log_uniform', min: 2, max: 64 },
  dropout: { type: 'uniform', min: 0, max: 0.5 },
};

describe('tuning settled on the clock (http)', () => {
  let emulator: Emulator;
  let ctx: EmulatorContext;
  let call: Target['call'];
  let parent: string;

  beforeAll(async () => {
    // A clock that all but stands still: only the advances below move it.
    emulator = createEmulator({
      seed: 42,
      ownerKey: OWNER,
      rateLimits: 'report',
      speed: 1e-6,
      areas: [...AREAS, contextTap((c) => (ctx = c))],
    });
    call = makeCall(fetch, await emulator.listen(0), OWNER);
    const datasets = (await call('GET', '/v2/training/datasets?status=ready')).body.datasets as Array<{ id: string; name: string }>;
    const job = await call('POST', '/v2/training/jobs', {
      body: {
        name: 'settle-parent',
        modelType: 'llm',
        datasetId: datasets.find((d) => d.name === 'support-chat-v3')!.id,
        config: {
          baseModel: 'llama-3-8b',
          strategy: 'lora',
          parameters: { rank: 8 },
          training: { epochs: 2, batch_size: 4, learning_rate: 1e-4 },
        },
      },
    });
    expect(job.status).toBe(201);
    parent = job.body.id;
  });
  afterAll(() => emulator.close());

  const tune = async (maxTrials: number) => {
    const r = await call('POST', `/v2/training/jobs/${parent}/tune`, {
      body: {
        objective: 'minimize',
        metric: 'eval_loss',
        algorithm: 'bayesian',
        search_space: SPACE,
        max_trials: maxTrials,
        max_concurrent: 8,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as string;
  };

  it('answers other requests while an advance of days settles a long search, and leaves the read nothing to do', async () => {
    const id = await tune(300);
    const answered: string[] = [];
    const advance = call('POST', '/_emulator/clock/advance', { body: { seconds: 3 * 86_400 } }).then((r) => {
      answered.push('advance');
      return r;
    });
    // Health asked while the advance runs: answered between its slices, before it ends.
    while (!answered.includes('advance')) {
      const health = await call('GET', '/_emulator/health');
      expect(health.status).toBe(200);
      if (!answered.includes('advance')) answered.push('health');
    }
    expect((await advance).status).toBe(200);
    expect(answered.indexOf('health')).toBeGreaterThanOrEqual(0);
    expect(answered.indexOf('health')).toBeLessThan(answered.indexOf('advance'));
    // Settled by the advance: up to now, nothing is left for a read to compute.
    expect(settleTunings(trainingState(ctx.store), null, ctx.clock.now(), undefined, -Infinity)).toBe(true);
    const read = await call('GET', `/v2/training/jobs/${parent}/tune/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.trials.length).toBeGreaterThan(50);
  });

  it('settles in slices to exactly the trials settling at once gives', async () => {
    const id = await tune(60);
    const state = trainingState(ctx.store);
    const tuning = state.tunings.find((t) => t.id === id)!;
    const at = ctx.clock.now() + 86_400_000;
    const whole = { ...state, tunings: [structuredClone(tuning)], models: [...state.models] };
    const sliced = { ...state, tunings: [structuredClone(tuning)], models: [...state.models] };
    expect(settleTunings(whole, null, at)).toBe(true);
    // A deadline already past: one step per call.
    let calls = 0;
    while (!settleTunings(sliced, null, at, undefined, -Infinity)) calls++;
    expect(calls).toBeGreaterThan(5);
    expect(sliced.tunings[0]).toEqual(whole.tunings[0]);
    expect(sliced.tunings[0]!.trials.length).toBeGreaterThan(10);
  });
});
