// Reads started before the code that needs them has loaded (Feature.routePrefetch, as the address
// changes): the bridge is in the first chunk, a feature's store is not, so a page's list read can
// leave as the user navigates instead of once its store's code has arrived (issue 23: the secret
// list's read went out 80 ms after the navigation, waiting for its store). The store then calls
// `apiAhead` where it would call `api`: the read made ahead is taken if it asks exactly the same.
import { api, cancelledError, type ApiOptions, type ApiResult, type InputArgs } from '../bridge/api';
import type { OperationId } from '../../../shared/api/operations';
import { dataGeneration } from './data-generation';

/** A read ahead is taken within this long of its start (the page's code takes a fraction of it). */
const FRESH_MS = 5_000;

interface Parked {
  key: string;
  generation: number;
  at: number;
  result: Promise<ApiResult<OperationId>>;
}

/** The last read made ahead, until a call takes it or another is made (one page is opened at a time). */
let parked: Parked | null = null;

const keyOf = (op: OperationId, input: unknown) => `${op}\n${JSON.stringify(input ?? {})}`;

/** Starts `api(op, input)` now, for the next `apiAhead` asking the same. A failure is the taker's to see. */
export function readAhead<K extends OperationId>(op: K, ...args: InputArgs<K>): void {
  const result = api(op, ...args) as Promise<ApiResult<OperationId>>;
  // Not taken (the user went elsewhere): its failure is nobody's.
  result.catch(() => {});
  parked = { key: keyOf(op, args[0]), generation: dataGeneration(), at: Date.now(), result };
}

/**
 * `api(op, input, options)`, unless a read ahead asked exactly the same within FRESH_MS and in the
 * same data generation (not another profile's or world's answer): then that read, in flight or
 * answered, once. Its cancellation is the caller's: an aborted signal rejects as `api` does.
 */
export async function apiAhead<K extends OperationId>(op: K, ...args: InputArgs<K>): Promise<ApiResult<K>> {
  const taken = parked;
  if (taken !== null) {
    parked = null;
    const fresh = taken.generation === dataGeneration() && Date.now() - taken.at < FRESH_MS;
    if (fresh && taken.key === keyOf(op, args[0])) {
      const signal = (args[1] as ApiOptions | undefined)?.signal;
      if (!signal) return taken.result as Promise<ApiResult<K>>;
      return Promise.race([taken.result as Promise<ApiResult<K>>, aborted(signal)]);
    }
  }
  return api(op, ...args);
}

/** Rejects as `api` does when the signal aborts (the read itself carries on: it was not the caller's to cancel). */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const cancel = () => reject(cancelledError());
    if (signal.aborted) cancel();
    else signal.addEventListener('abort', cancel, { once: true });
  });
}
