// The training names cache belongs to one account's world: after a profile switch or an
// emulator reset (a new data generation) it forgets what it knew and reads again, even within
// its minute of freshness; within one world it reads a kind once a minute.
import { describe, expect, it } from 'vitest';
import { setBridge, type RendererBridge } from '../../../renderer/src/bridge/index';
import { nextDataGeneration } from '../../../renderer/src/platform/data-generation';
import { useTrainingNames } from '../../../renderer/src/features/training/training-names-store';

function fakeBridge(pages: Array<Array<{ id: string; name: string }>>, one?: { id: string; name: string }) {
  let reads = 0;
  setBridge({
    mode: 'web',
    connection: { state: 'open', onStateChange: () => () => {} },
    subscribe: () => () => {},
    invoke: async (_channel: string, request: { op: string }) => {
      if (request.op === 'training.jobs.get') {
        reads++;
        return { status: 200, rateLimit: null, data: one };
      }
      const jobs = pages[Math.min(reads, pages.length - 1)]!;
      reads++;
      return { status: 200, rateLimit: null, data: { jobs, pagination: { total: jobs.length, limit: 100, offset: 0, hasMore: false } } };
    },
  } as unknown as RendererBridge);
  return () => reads;
}

describe('training names', () => {
  it('reads a kind once a minute in one world, and again at once in another', async () => {
    const reads = fakeBridge([[{ id: 'job_a', name: 'first world' }], [{ id: 'job_b', name: 'second world' }]]);
    await useTrainingNames.getState().ensure('jobs');
    await useTrainingNames.getState().ensure('jobs');
    expect(reads()).toBe(1);
    expect(useTrainingNames.getState().jobs).toEqual({ job_a: 'first world' });
    nextDataGeneration();
    await useTrainingNames.getState().ensure('jobs');
    expect(reads()).toBe(2);
    // The first world's names are gone: its ids mean nothing here.
    expect(useTrainingNames.getState().jobs).toEqual({ job_b: 'second world' });
  });
});

describe('a reference beyond the latest 100', () => {
  it('is read once by itself and named', async () => {
    nextDataGeneration();
    const reads = fakeBridge([[{ id: 'job_new', name: 'recent' }]], { id: 'job_old', name: 'an old job' });
    await useTrainingNames.getState().ensureOne('jobs', 'job_old');
    await useTrainingNames.getState().ensureOne('jobs', 'job_old');
    expect(useTrainingNames.getState().jobs).toEqual({ job_new: 'recent', job_old: 'an old job' });
    // One list read and one read of the old job: asked once.
    expect(reads()).toBe(2);
  });
});
