// A tuning job read after a long clock advance (issue 23: "no read does the past's work"): a
// 500-trial Bayesian search over nine parameters, the clock moved three days by hand, then the
// job read. The suggestions of those days are computed while the clock moves (in slices between
// which other requests are answered, AreaModule.settle), not by the read. Against a read of its
// parent training job in the same run; the advance's own time is reported, not a target.
// Run alone: npx tsx test/bench/tuning-read.ts
import { pathToFileURL } from 'node:url';
import { createEmulator } from '../../main/emulator';
import { SEARCH_SPACE } from '../unit/emulator/training/tuning-fixture';
import { timeEachAsync } from './timing';

export interface TuningReadBench {
  /** Trials the job holds when read. */
  trials: number;
  advanceMs: number;
  /** The first read after the advance (ms). */
  firstReadMs: number;
  /** Median of later reads (ms). */
  readMs: number;
  parentReadMs: number;
}

export async function benchTuningRead(days = 3): Promise<TuningReadBench> {
  const emulator = createEmulator({ seed: 42, rateLimits: 'report', speed: 1e-6 });
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await emulator.fetch(
      new Request(`http://emulator${path}`, {
        method,
        headers: { authorization: `Bearer ${emulator.ownerKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const json = (await r.json()) as Record<string, unknown>;
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
  try {
    const datasets = (await call('GET', '/v2/training/datasets?status=ready')).datasets as Array<{ id: string; name: string }>;
    const parent = await call('POST', '/v2/training/jobs', {
      name: 'bench-tuning-parent',
      modelType: 'llm',
      datasetId: datasets.find((d) => d.name === 'support-chat-v3')!.id,
      config: {
        baseModel: 'llama-3-8b',
        strategy: 'lora',
        parameters: { rank: 8 },
        training: { epochs: 2, batch_size: 4, learning_rate: 1e-4 },
      },
    });
    const tune = await call('POST', `/v2/training/jobs/${String(parent.id)}/tune`, {
      objective: 'minimize',
      metric: 'eval_loss',
      algorithm: 'bayesian',
      search_space: SEARCH_SPACE,
      max_trials: 500,
      max_concurrent: 8,
    });
    const path = `/v2/training/jobs/${String(parent.id)}/tune/${String(tune.id)}`;
    const t0 = performance.now();
    await call('POST', '/_emulator/clock/advance', { seconds: days * 86_400 });
    const advanceMs = performance.now() - t0;
    const t1 = performance.now();
    const read = await call('GET', path);
    const firstReadMs = performance.now() - t1;
    const readMs = await timeEachAsync(10, async () => void (await call('GET', path)));
    const parentReadMs = await timeEachAsync(10, async () => void (await call('GET', `/v2/training/jobs/${String(parent.id)}`)));
    return { trials: (read.trials as unknown[]).length, advanceMs, firstReadMs, readMs, parentReadMs };
  } finally {
    await emulator.close();
  }
}

const entry = process.argv[1] ? pathToFileURL(process.argv[1]).href : '';
if (entry === import.meta.url) {
  const r = await benchTuningRead();
  process.stdout.write(
    `tuning read after 3 days: ${r.trials} trials; advance ${r.advanceMs.toFixed(0)} ms; first read ${r.firstReadMs.toFixed(1)} ms; reads ${r.readMs.toFixed(2)} ms; parent job read ${r.parentReadMs.toFixed(2)} ms\n`,
  );
}
