import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { bridgeError } from '../../../renderer/src/bridge/errors';
import { markDataReplaced } from '../../../renderer/src/lib/data-replaced';
import { createLoader, initialLoadState, type LoadState } from '../../../renderer/src/lib/resource-store';

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

  it('a quiet reload keeps the rows and the status, and a quiet failure keeps the last good rows', async () => {
    const { store, loader } = makeStore();
    await loader.run(async () => ({ rows: ['kept'] }));
    const answer = deferred<string[]>();
    const reload = loader.run(async () => ({ rows: await answer.promise }), { quiet: true });
    expect(store.getState()).toMatchObject({ status: 'ready', rows: ['kept'] });
    answer.reject(bridgeError('NETWORK_ERROR', 'offline'));
    await reload;
    expect(store.getState()).toMatchObject({ status: 'ready', rows: ['kept'], error: null });
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
    markDataReplaced(Date.now() + 1);
    await loader.ensureLoaded(load);
    expect(loads).toBe(2);
  });
});
