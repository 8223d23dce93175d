import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { bridgeError } from '../../../renderer/src/bridge/errors';
import { nextDataGeneration } from '../../../renderer/src/platform/data-generation';
import { createLoader, initialLoadState, type LoadState } from '../../../renderer/src/platform/resource-store';

interface RowsState extends LoadState {
  rows: string[];
  filter: string;
}

function makeStore() {
  const store = create<RowsState>()(() => ({ ...initialLoadState(), rows: [], filter: '' }));
  const loader = createLoader<RowsState>(store.setState, store.getState);
  return { store, loader };
}

/** A fetch the test answers by hand, recording the signal it was given. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('createLoader', () => {
  it('shows loading, then the rows with status ready and a load time', async () => {
    const { store, loader } = makeStore();
    const answer = deferred<string[]>();
    const done = loader.run(async () => ({ rows: await answer.promise }), { before: { filter: 'a' } });
    expect(store.getState()).toMatchObject({ status: 'loading', filter: 'a' });
    answer.resolve(['x']);
    await done;
    expect(store.getState()).toMatchObject({ status: 'ready', rows: ['x'], error: null });
    expect(store.getState().loadedAt).toEqual(expect.any(Number));
  });

  it('aborts the load in flight when a new one starts, and drops its late answer', async () => {
    const { store, loader } = makeStore();
    const first = deferred<string[]>();
    let firstSignal: AbortSignal | undefined;
    const one = loader.run(async (signal) => ((firstSignal = signal), { rows: await first.promise }));
    const two = loader.run(async () => ({ rows: ['second'] }));
    expect(firstSignal?.aborted).toBe(true);
    await two;
    first.resolve(['first']);
    await one;
    expect(store.getState().rows).toEqual(['second']);
  });

  it('a refresh keeps the rows, marked refreshing; a failed one keeps them stale with the error beside them', async () => {
    const { store, loader } = makeStore();
    await loader.run(async () => ({ rows: ['kept'] }));
    const loadedAt = store.getState().loadedAt;
    const answer = deferred<string[]>();
    // Not quiet: the user's Refresh of the same query keeps the rows too.
    const reload = loader.run(async () => ({ rows: await answer.promise }), { before: { filter: '' } });
    expect(store.getState()).toMatchObject({ status: 'ready', rows: ['kept'], refreshing: true });
    answer.reject(bridgeError('NETWORK_ERROR', 'offline'));
    await reload;
    expect(store.getState()).toMatchObject({
      status: 'ready',
      rows: ['kept'],
      refreshing: false,
      loadedAt,
      error: { code: 'NETWORK_ERROR' },
    });
    // The next good answer clears the error.
    await loader.run(async () => ({ rows: ['fresh'] }));
    expect(store.getState()).toMatchObject({ status: 'ready', rows: ['fresh'], refreshing: false, error: null });
  });

  it('another query (a changed filter) replaces the rows unless the load is quiet', async () => {
    const { store, loader } = makeStore();
    await loader.run(async () => ({ rows: ['a1'] }), { before: { filter: 'a' } });
    const answer = deferred<string[]>();
    const other = loader.run(async () => ({ rows: await answer.promise }), { before: { filter: 'b' } });
    expect(store.getState()).toMatchObject({ status: 'loading', filter: 'b', refreshing: false });
    answer.resolve(['b1']);
    await other;
    const quiet = deferred<string[]>();
    const poll = loader.run(async () => ({ rows: await quiet.promise }), { quiet: true, before: { filter: 'c' } });
    expect(store.getState()).toMatchObject({ status: 'ready', rows: ['b1'], refreshing: true });
    loader.abort();
    expect(store.getState().refreshing).toBe(false);
    quiet.resolve(['c1']);
    await poll;
    expect(store.getState().rows).toEqual(['b1']);
  });

  it('a failure that is not quiet becomes status error with the normalized error; a cancelled one changes nothing', async () => {
    const { store, loader } = makeStore();
    await loader.run(async () => {
      throw bridgeError('NETWORK_ERROR', 'offline');
    });
    expect(store.getState()).toMatchObject({ status: 'error', error: { code: 'NETWORK_ERROR', message: 'offline' } });
    await loader.run(async () => {
      throw bridgeError('CANCELLED', 'stopped');
    });
    expect(store.getState().status).toBe('loading');
  });

  it("never keeps another profile's rows: after a switch a failed load is an error, not stale rows", async () => {
    const { store, loader } = makeStore();
    await loader.run(async () => ({ rows: ['first profile'] }));
    nextDataGeneration();
    const answer = deferred<string[]>();
    const reload = loader.run(async () => ({ rows: await answer.promise }));
    expect(store.getState()).toMatchObject({ status: 'loading', refreshing: false });
    answer.reject(bridgeError('NETWORK_ERROR', 'offline'));
    await reload;
    expect(store.getState()).toMatchObject({ status: 'error', error: { code: 'NETWORK_ERROR' } });
  });

  it('ensureLoaded loads once, then not again while the data is fresh', async () => {
    const { loader } = makeStore();
    let loads = 0;
    const load = () => loader.run(async () => ((loads += 1), { rows: [] }));
    await loader.ensureLoaded(load);
    await loader.ensureLoaded(load);
    expect(loads).toBe(1);
    await loader.ensureLoaded(load, 0);
    expect(loads).toBe(2);
  });

  it('ensureLoaded reads again after the data was replaced (emulator reset or import), however recent the load', async () => {
    const { loader } = makeStore();
    let loads = 0;
    const load = () => loader.run(async () => ((loads += 1), { rows: [] }));
    await loader.ensureLoaded(load);
    nextDataGeneration();
    await loader.ensureLoaded(load);
    expect(loads).toBe(2);
  });
});
