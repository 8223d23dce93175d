// One emulator for a test file, on the seeded world at a fixed start and a slow clock (a real
// second is a simulated millisecond, so only advanceClock moves the jobs): listening before the
// file's tests, closed after them.
import { afterAll, beforeAll } from 'vitest';
import { createEmulator, type EmulatorOptions } from '../../../../main/emulator';
import { advanceClock, makeCall, OWNER, type Target } from '../harness';

/** The seeded world at a fixed start on a slow clock (tests that restart from a data folder add theirs). */
export const SLOW_WORLD = {
  seed: 42,
  ownerKey: OWNER,
  rateLimits: 'report',
  startTime: new Date('2026-06-01T12:00:00.000Z'),
  speed: 0.001,
} as const;

/** An emulator of its own on SLOW_WORLD (`options` over it), listening: for a test that restarts it or changes its settings. */
export async function startSlowWorld(options: EmulatorOptions = {}) {
  const emulator = createEmulator({ ...SLOW_WORLD, ...options });
  const url = await emulator.listen(0);
  const call = makeCall(fetch, url, OWNER);
  return { url, emulator, call, advance: (s: number) => advanceClock(call, s), close: () => emulator.close() };
}

export function fileEmulator(): { call: Target['call'] } {
  const emulator = createEmulator(SLOW_WORLD);
  const target = {
    call: (() => {
      throw new Error('the file emulator is not listening yet');
    }) as Target['call'],
  };
  beforeAll(async () => {
    target.call = makeCall(fetch, await emulator.listen(0), OWNER);
  });
  afterAll(() => emulator.close());
  return target;
}

/** The id of a ready seeded dataset, by name. */
export async function readyDataset(call: Target['call'], name: string): Promise<string> {
  const datasets = (await call('GET', '/v2/training/datasets?status=ready')).body.datasets as { id: string; name: string }[];
  return datasets.find((d) => d.name === name)!.id;
}

/** The body of a small LoRA fine-tune of llama-3-8b on a dataset: the job tests create when the job itself is not under test. */
export const loraJobBody = (name: string, datasetId: string, epochs: number) => ({
  name,
  modelType: 'llm',
  datasetId,
  config: { baseModel: 'llama-3-8b', strategy: 'lora', training: { epochs, batch_size: 4, learning_rate: 1e-4 } },
});
