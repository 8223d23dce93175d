// Typed API calls over the `api:call` channel: the operation id picks the input and
// output types from shared/api/operations.ts. Aborting the signal cancels the call in the
// gateway (`api:cancel`) and rejects with a `cancelled` error. Every outcome is reported
// (call-outcomes.ts), an answer with its server time (which teaches platform/server-clock).
import type { RateLimitInfo } from '../../../shared/api/accounts/api-keys';
import type { InputOf, OperationId, OutputOf } from '../../../shared/api/operations';
import { cancelledError as cancelled } from '../../../shared/api/local-errors';
import type { ApiCallRequest, ApiCallResponse } from '../../../shared/ipc/contract';
import { reportCallOutcome } from './call-outcomes';
import { BridgeCallError, isCancelled, toNormalizedError } from './errors';
import { getBridge } from './index';

export interface ApiResult<K extends OperationId> {
  data: OutputOf<K>;
  rateLimit: RateLimitInfo | null;
}

export interface ApiOptions {
  signal?: AbortSignal;
}

let counter = 0;
function newCallId(): string {
  counter = (counter + 1) % 1_000_000;
  return `c${Date.now().toString(36)}${counter.toString(36)}`;
}

/** What a call rejects with when its signal aborts. */
export function cancelledError(): BridgeCallError {
  return new BridgeCallError(cancelled());
}

/** The call as an error names it: the operation and its path parameters (resource ids), never the body or query. */
function failedRequest(op: string, input: ApiCallRequest['input']): { op: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = String(value);
  }
  return { op, params };
}

// Input may be left out when the operation has no required part (no params, no body).
export type InputArgs<K extends OperationId> =
  Record<string, never> extends InputOf<K> ? [input?: InputOf<K>, options?: ApiOptions] : [input: InputOf<K>, options?: ApiOptions];

export async function api<K extends OperationId>(op: K, ...args: InputArgs<K>): Promise<ApiResult<K>> {
  const [input, options] = args;
  const signal = options?.signal;
  if (signal?.aborted) throw cancelledError();
  const bridge = getBridge();
  const callId = newCallId();
  const request: ApiCallRequest = { op, callId, input: (input ?? {}) as ApiCallRequest['input'] };
  const started = performance.now();
  const call = bridge.invoke('api:call', request).then(
    (res: ApiCallResponse) => {
      reportCallOutcome({ op, ok: true, latencyMs: performance.now() - started, serverTime: res.serverTime });
      return res;
    },
    (error: unknown) => {
      if (isCancelled(error)) throw error;
      const normalized = toNormalizedError(error);
      reportCallOutcome({ op, ok: false, error: normalized, latencyMs: performance.now() - started });
      // An answer from the API names the call it refused, so a 403 can say why (platform/why.ts).
      throw normalized.status > 0 ? new BridgeCallError({ ...normalized, request: failedRequest(op, request.input) }) : error;
    },
  );
  if (!signal) {
    const res = await call;
    return { data: res.data as OutputOf<K>, rateLimit: res.rateLimit };
  }
  return new Promise<ApiResult<K>>((resolve, reject) => {
    const onAbort = () => {
      bridge.invoke('api:cancel', { callId }).catch(() => {});
      reject(cancelledError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    call.then(
      (res) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ data: res.data as OutputOf<K>, rateLimit: res.rateLimit });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
