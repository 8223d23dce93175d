// The normalised error a gateway call or stream rejects with (a BridgeError's), for tests that
// expect a failure; anything else, or a success, fails the test.
import type { NormalizedError } from '../../shared/api/errors';
import { BridgeError } from '../../shared/ipc/dispatch';

export async function failure(promise: Promise<unknown>): Promise<NormalizedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BridgeError) return error.normalized;
    throw error;
  }
  throw new Error('expected a failure');
}
