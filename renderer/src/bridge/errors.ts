// The renderer's one error type: every failed bridge call throws a BridgeCallError whose
// `normalized` field carries the NormalizedError from either transport.
import type { NormalizedError } from '../../../shared/api/errors';
import { localError, type LocalErrorCode } from '../../../shared/api/local-errors';

export class BridgeCallError extends Error {
  readonly normalized: NormalizedError;
  constructor(normalized: NormalizedError) {
    super(normalized.message);
    this.name = 'BridgeCallError';
    this.normalized = normalized;
  }
}

function looksNormalized(value: unknown): value is NormalizedError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.message === 'string' && typeof v.status === 'number';
}

/** Reads any thrown value into a NormalizedError, so views never need to guess its shape. */
export function toNormalizedError(error: unknown): NormalizedError {
  if (error instanceof BridgeCallError) return error.normalized;
  if (
    typeof error === 'object' &&
    error !== null &&
    'normalized' in error &&
    looksNormalized((error as { normalized: unknown }).normalized)
  ) {
    return (error as { normalized: NormalizedError }).normalized;
  }
  if (looksNormalized(error)) return { ...error, details: error.details ?? {} };
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return localError('BRIDGE_ERROR', message);
}

export function bridgeError(code: LocalErrorCode, message: string): BridgeCallError {
  return new BridgeCallError(localError(code, message));
}

export function isCancelled(error: unknown): boolean {
  return toNormalizedError(error).source === 'cancelled';
}
