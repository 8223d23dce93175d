// The proxy every API call of the renderer goes through: resolves the active profile, reads
// its key from the vault, sends with ky (to the embedded emulator in-process, or to the
// remote base URL), reports rate-limit headers, checks what remote servers answer against
// the operation's schemas, and turns every failure into a NormalizedError.
import ky, { HTTPError, TimeoutError } from 'ky';
import type { RateLimitInfo } from '../../shared/api/accounts/api-keys';
import type { LimitGroup } from '../../shared/api/common';
import { emulatorAdminOperations, type EmulatorAdminOperationId } from '../../shared/api/emulator-admin';
import { normalizeErrorBody } from '../../shared/api/errors';
import { cancelledError } from '../../shared/api/local-errors';
import type { ApiCallResponse } from '../../shared/ipc/contract';
import type { RefreshPace } from '../../shared/ipc/streams';
import { BridgeError, invalidRequest } from '../../shared/ipc/dispatch';
import { profileKeyAccount } from '../profiles/key-accounts';
import { keychainError, profileError } from '../profiles/profile-errors';
import type { ResolvedProfile } from '../profiles/profile-store';
import type { SecretStore } from '../vault/secret-store';
import { invalidJsonFailure, networkFailure, notUnderstoodFailure, timeoutFailure } from './call-failures';
import { prepareRequest, type PreparedRequest } from './prepare-request';
import { parseRateLimitHeaders, serverTimeOf } from './rate-limit-headers';
import { createReadBudget } from './read-budget';
import { readBody, type BodyRead } from './read-body';
import { errorBodyProblem, successBodyProblem } from './remote-answers';
import { defaultRetrySettings, retryOptions, type RetrySettings } from './retry-policy';
import { readEventStream, type EventStreamReader, type StreamOptions } from './event-stream';

type FetchLike = (request: Request) => Promise<Response>;

/** The origin the embedded emulator is addressed by; never resolved, never a socket. */
const EMULATOR_BASE_URL = 'http://emulator.local';
/** The profile id a probe goes under: its rate-limit headers are nobody's status bar. */
const PROBE_ID = '\u0000probe';
const DEFAULT_TIMEOUT_MS = 30_000;

export interface GatewayOptions {
  profiles: { active(): ResolvedProfile };
  vault: SecretStore;
  /** The embedded emulator's in-process entry. */
  emulatorFetch: FetchLike;
  /** How remote profiles are reached (tests replace it). */
  remoteFetch?: FetchLike;
  timeoutMs?: number;
  retry?: Partial<RetrySettings>;
  /** Test seam: false lets live views refresh at their own pace (tests of a stream's mechanics at 50 ms). */
  readBudget?: boolean;
}

interface CallOptions {
  /** Lets `cancel(callId)` abort this call. */
  callId?: string;
  signal?: AbortSignal;
}

/** @internal Exported for its tests only. */
export type RateLimitEvent = RateLimitInfo & { profileId: string };

/** Where a probe goes: a profile's kind and base URL, not necessarily the active profile's. */
type ProbeTarget = Pick<ResolvedProfile, 'kind' | 'baseUrl' | 'name'>;

/** A probe fails fast: "Test connection" is waiting for it. */
const PROBE_TIMEOUT_MS = 10_000;

export interface Gateway {
  /** An operation of the platform API (shared/api/operations.ts). */
  call(opId: string, input: unknown, options?: CallOptions): Promise<ApiCallResponse>;
  /** An admin route of the emulator (shared/api/emulator-admin.ts): emulator profiles only, with their owner key. */
  admin(opId: EmulatorAdminOperationId, input: unknown, options?: CallOptions): Promise<ApiCallResponse>;
  /**
   * One GET of the platform API to a target with a key (e.g. `auth.verify` for "Test
   * connection"): no retries, a 10 s timeout, nothing reported as the active profile's.
   */
  probe(opId: string, target: ProbeTarget, key: string, options?: CallOptions): Promise<ApiCallResponse>;
  /**
   * Opens a Server-Sent Events operation (a log stream) for the active profile: resolves once
   * the server answered with `text/event-stream`, with a reader of its events; every refusal
   * before the stream (404, 403, 429…) rejects with the NormalizedError `call` would give.
   * Never retried here: the stream relay (main/streams/) reconnects with Last-Event-ID.
   */
  stream(opId: string, input: unknown, options?: StreamOptions): Promise<EventStreamReader>;
  /**
   * One request to a host address the API handed out (03-endpoints-training.md): a dataset's
   * upload host (`{upload_url}`), a model's download host (`{download_url}`), the object store an
   * experiment export was written to. The one path every transfer takes to a host: the address
   * is checked against the active profile's origins before anything is sent (`hostAllowed`), the
   * host's token goes instead of an API key, and the request goes through the profile's fetch
   * (in-process for the embedded emulator). Bodies stream both ways: a request body is read as
   * it is sent, the answer resolves once the headers came. Not retried (a stream cannot be sent
   * twice); a refusal rejects with its NormalizedError.
   */
  host(request: HostRequest): Promise<HostResponse>;
  cancel(callId: string): boolean;
  cancelAll(): void;
  onRateLimit(listener: (event: RateLimitEvent) => void): () => void;
  /** The last rate-limit headers seen for the active profile, if any. */
  lastRateLimit(): RateLimitEvent | null;
  /**
   * The active profile's read budget (read-budget.ts): a live view (`follower`) about to refresh
   * reserves its `reads` of `group` and learns when it may read (never sooner than `preferredMs`);
   * `leaveReads` when it stops.
   */
  reserveReads(group: LimitGroup, follower: string, reads: number, preferredMs: number): RefreshPace;
  leaveReads(follower: string): void;
}

export interface HostRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: string;
  /** The host's own token (an upload or download token), never an API key; none for a public address (an avatar). */
  token: string | null;
  /** What the address is, for a refusal: "upload address", "export’s download address". */
  address: string;
  /** The Accept header, when the caller wants one. */
  accept?: string;
  /** Raw bytes (sent as application/octet-stream with `contentLength`), or a JSON body. */
  body?: { stream: ReadableStream<Uint8Array>; contentLength: number } | { json: unknown };
  signal?: AbortSignal;
}

export interface HostResponse {
  status: number;
  /** Content-Length, when the host sent one. */
  size: number | null;
  contentType: string;
  /** The body as it arrives, never collected here (empty when the host sent none). Read it or `json()`, not both. */
  body: ReadableStream<Uint8Array>;
  /** The body read as JSON (the upload host's answers); INVALID_RESPONSE when it is not. */
  json(): Promise<unknown>;
}

/**
 * Whether a host address may be sent to on the active profile: the embedded emulator's in-process
 * origin for the emulator; for a remote profile https, or its own base URL's origin (an http base
 * URL is loopback only, docs/decisions.md, Profiles). The one host check of the console.
 * @internal Exported for its tests only.
 */
export function hostAllowed(profile: Pick<ResolvedProfile, 'kind' | 'baseUrl'>, url: URL): boolean {
  if (profile.kind === 'emulator') return url.origin === EMULATOR_BASE_URL;
  if (url.protocol === 'https:') return true;
  try {
    return profile.baseUrl !== null && url.origin === new URL(profile.baseUrl).origin;
  } catch {
    return false;
  }
}

const emptyBody = () => new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });

/** ky's view of a fetch function: it always passes a Request, but its type allows more. */
type KyFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Rejects as soon as the request's signal aborts, for fetch functions that ignore signals. */
function abortable(fetchFn: FetchLike): KyFetch {
  return (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const signal = request.signal;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      fetchFn(request).then(
        (response) => {
          signal.removeEventListener('abort', onAbort);
          resolve(response);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  };
}

function joinUrl(baseUrl: string, path: string, search: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

/** Where a call goes, for messages: the base URL without credentials, query or trailing slash. */
function describeTarget(profile: ResolvedProfile): string {
  if (profile.kind === 'emulator' || !profile.baseUrl) return 'the local emulator';
  try {
    const url = new URL(profile.baseUrl);
    return `the server at ${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return 'the server';
  }
}

export function createGateway(options: GatewayOptions): Gateway {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retry: RetrySettings = { ...defaultRetrySettings, ...options.retry };
  const emulatorFetch = abortable(options.emulatorFetch);
  const remoteFetch: KyFetch = options.remoteFetch ? abortable(options.remoteFetch) : (input, init) => fetch(input, init);
  const inFlight = new Map<string, AbortController>();
  const listeners = new Set<(event: RateLimitEvent) => void>();
  let last: RateLimitEvent | null = null;
  const budget = createReadBudget();

  const report = (profile: ResolvedProfile, response: Response, prepared: PreparedRequest): RateLimitInfo | null => {
    const info = parseRateLimitHeaders(response.headers);
    // A probe's limits are no profile's, and the emulator's admin bucket is not the API's.
    if (!info || profile.id === PROBE_ID || prepared.op.limitGroup === 'emulator') return info;
    if (prepared.op.method === 'GET') budget.note(profile.id, prepared.op.limitGroup, info, serverTimeOf(response.headers));
    last = { ...info, profileId: profile.id };
    for (const listener of listeners) listener(last);
    return info;
  };

  const readKey = async (profile: ResolvedProfile): Promise<string> => {
    let key: string | null;
    try {
      key = await options.vault.get(profileKeyAccount(profile));
    } catch {
      throw keychainError(`The key of "${profile.name}" could not be read from ${options.vault.location}.`);
    }
    if (!key) {
      throw profileError(
        'PROFILE_KEY_MISSING',
        `"${profile.name}" has no key stored${options.vault.backend === 'memory' ? ' (keys are kept for this session only)' : ''}; edit the profile to enter its key.`,
        {
          profileId: profile.id,
        },
      );
    }
    return key;
  };

  const fail = async (profile: ResolvedProfile, response: Response, where: string, prepared: PreparedRequest): Promise<never> => {
    report(profile, response, prepared);
    const body: BodyRead = await readBody(response).catch(() => ({ ok: false as const }));
    const normalized = normalizeErrorBody(response.status, body.ok ? body.value : null, response.headers.get('retry-after'));
    if (profile.kind !== 'emulator') {
      const problem = errorBodyProblem(body);
      if (problem)
        throw new BridgeError(
          notUnderstoodFailure(where, response.status, problem, {
            details: { operation: prepared.op.id },
            retryAfter: normalized.retryAfter,
          }),
        );
    } else if (!body.ok && normalized.code.startsWith('HTTP_')) {
      normalized.message = `The local emulator answered ${response.status} to ${prepared.op.id}.`;
    }
    throw new BridgeError(normalized);
  };

  const send = async (
    prepared: PreparedRequest,
    profile: ResolvedProfile,
    key: string,
    signal: AbortSignal,
    probe = false,
  ): Promise<ApiCallResponse> => {
    const emulator = profile.kind === 'emulator';
    const url = joinUrl(emulator ? EMULATOR_BASE_URL : (profile.baseUrl ?? ''), prepared.path, prepared.search);
    const where = describeTarget(profile);
    // A call the server holds on purpose (wait_for_completion…) gets that long on top.
    const callTimeoutMs = probe ? Math.min(timeoutMs, PROBE_TIMEOUT_MS) : timeoutMs + (prepared.op.holdMs?.(prepared.body) ?? 0);
    let response: Response;
    try {
      response = await ky(url, {
        method: prepared.op.method,
        headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
        // A multipart form (the avatar upload) goes as itself; every other body as JSON.
        ...(prepared.body instanceof FormData ? { body: prepared.body } : { json: prepared.body }),
        signal,
        timeout: callTimeoutMs,
        retry: retryOptions(prepared.op.method, probe ? { ...retry, limit: 0 } : retry),
        fetch: emulator ? emulatorFetch : remoteFetch,
        throwHttpErrors: true,
      });
    } catch (error) {
      if (error instanceof HTTPError) return fail(profile, error.response, where, prepared);
      if (error instanceof TimeoutError) throw new BridgeError(timeoutFailure(where, callTimeoutMs));
      if (signal.aborted) throw new BridgeError(cancelledError());
      throw new BridgeError(networkFailure(where, error));
    }
    const rateLimit = report(profile, response, prepared);
    let body: BodyRead;
    try {
      body = await readBody(response);
    } catch (error) {
      // The body can still fail after the headers arrived: cancelled, or the connection dropped.
      throw new BridgeError(signal.aborted ? cancelledError() : networkFailure(where, error));
    }
    // The embedded emulator is trusted (its own tests check it against the same schemas), so
    // in-process calls skip validation; a remote server's body is checked before it is passed on.
    if (!emulator) {
      const problem = successBodyProblem(prepared.op, body);
      if (problem) throw new BridgeError(notUnderstoodFailure(where, response.status, problem.reason, { details: problem.details }));
    }
    if (!body.ok) throw new BridgeError(invalidJsonFailure(response.status, where));
    const serverTime = serverTimeOf(response.headers);
    return { status: response.status, rateLimit, data: body.value, ...(serverTime === null ? {} : { serverTime }) };
  };

  /** Opens an event stream (see Gateway.stream); the same failures as `send` before the body. */
  const openStream = async (
    prepared: PreparedRequest,
    profile: ResolvedProfile,
    key: string,
    signal: AbortSignal,
    lastEventId: string | undefined,
  ): Promise<EventStreamReader> => {
    const emulator = profile.kind === 'emulator';
    const url = joinUrl(emulator ? EMULATOR_BASE_URL : (profile.baseUrl ?? ''), prepared.path, prepared.search);
    const where = describeTarget(profile);
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: 'text/event-stream' };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    let response: Response;
    try {
      // The timeout covers the wait for the headers only; the body is read as long as it lasts.
      response = await ky(url, {
        method: prepared.op.method,
        headers,
        signal,
        timeout: timeoutMs,
        retry: 0,
        fetch: emulator ? emulatorFetch : remoteFetch,
        throwHttpErrors: true,
      });
    } catch (error) {
      if (error instanceof HTTPError) return fail(profile, error.response, where, prepared);
      if (error instanceof TimeoutError) throw new BridgeError(timeoutFailure(where, timeoutMs));
      if (signal.aborted) throw new BridgeError(cancelledError());
      throw new BridgeError(networkFailure(where, error));
    }
    const rateLimit = report(profile, response, prepared);
    const type = response.headers.get('content-type') ?? '';
    if (!/^text\/event-stream\b/i.test(type) || !response.body) {
      await response.body?.cancel().catch(() => {});
      throw new BridgeError(
        notUnderstoodFailure(
          where,
          response.status,
          `it is not an event stream (text/event-stream) but ${type ? `"${type.slice(0, 60)}"` : 'untyped'}`,
          {
            details: { operation: prepared.op.id },
          },
        ),
      );
    }
    const serverTime = serverTimeOf(response.headers);
    return readEventStream(response.body, { status: response.status, rateLimit, serverTime, where, signal });
  };

  /** The active profile and its key, with the call's own controller (cancel by callId, outer signal). */
  const withProfile = async <T>(
    prepared: PreparedRequest,
    callOptions: CallOptions,
    go: (profile: ResolvedProfile, key: string, signal: AbortSignal) => Promise<T>,
  ): Promise<T> => {
    const { callId } = callOptions;
    if (callId !== undefined && inFlight.has(callId)) throw invalidRequest(`A call with id ${callId} is already running`);
    const controller = new AbortController();
    const outer = callOptions.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    if (callId !== undefined) inFlight.set(callId, controller);
    try {
      const profile = options.profiles.active();
      if (prepared.op.limitGroup === 'emulator' && profile.kind !== 'emulator') {
        throw profileError(
          'EMULATOR_ONLY',
          `${prepared.op.summary} is available on emulator profiles only; "${profile.name}" is a remote profile.`,
          { profileId: profile.id },
        );
      }
      const key = await readKey(profile);
      if (controller.signal.aborted) throw new BridgeError(cancelledError());
      return await go(profile, key, controller.signal);
    } finally {
      outer?.removeEventListener('abort', onOuterAbort);
      if (callId !== undefined && inFlight.get(callId) === controller) inFlight.delete(callId);
    }
  };
  const run = (prepared: PreparedRequest, callOptions: CallOptions): Promise<ApiCallResponse> =>
    withProfile(prepared, callOptions, (profile, key, signal) => send(prepared, profile, key, signal));

  return {
    // async, so that a request refused by prepareRequest rejects rather than throws.
    call: async (opId, input, callOptions = {}) => run(prepareRequest(opId, input), callOptions),
    admin: async (opId, input, callOptions = {}) => run(prepareRequest(opId, input, emulatorAdminOperations), callOptions),
    async stream(opId, input, streamOptions = {}) {
      const prepared = prepareRequest(opId, input);
      if (prepared.op.method !== 'GET') throw invalidRequest(`${opId} is not a read`);
      if (!prepared.op.successMedia?.['text/event-stream']) throw invalidRequest(`${opId} does not answer with an event stream`);
      // The stream's own controller outlives this call: it is aborted by the caller's signal.
      const controller = new AbortController();
      const outer = streamOptions.signal;
      if (outer?.aborted) controller.abort(outer.reason);
      outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
      return withProfile(prepared, {}, (profile, key) => openStream(prepared, profile, key, controller.signal, streamOptions.lastEventId));
    },
    async probe(opId, target, key, callOptions = {}) {
      const prepared = prepareRequest(opId, {});
      if (prepared.op.method !== 'GET') throw invalidRequest(`${opId} is not a read`);
      const profile: ResolvedProfile = { id: PROBE_ID, name: target.name, kind: target.kind, baseUrl: target.baseUrl, builtIn: false };
      return send(prepared, profile, key, callOptions.signal ?? new AbortController().signal, true);
    },
    async host(request) {
      const profile = options.profiles.active();
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        throw invalidRequest(`The ${request.address} is not a valid URL`);
      }
      // Refused before the request exists: no byte of the body is read, no token leaves.
      if (!hostAllowed(profile, url)) throw invalidRequest(`The ${request.address} is not on the active profile’s server`);
      const where = describeTarget(profile);
      const headers: Record<string, string> = request.token === null ? {} : { authorization: `Bearer ${request.token}` };
      if (request.accept) headers.accept = request.accept;
      let body: BodyInit | undefined;
      if (request.body && 'stream' in request.body) {
        headers['content-type'] = 'application/octet-stream';
        headers['content-length'] = String(request.body.contentLength);
        body = request.body.stream;
      } else if (request.body) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.body.json);
      }
      const signal = request.signal ?? new AbortController().signal;
      const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, body, signal, duplex: 'half' };
      const fetchFn = profile.kind === 'emulator' ? emulatorFetch : remoteFetch;
      let response: Response;
      try {
        response = await fetchFn(new Request(url, init));
      } catch (error) {
        throw new BridgeError(signal.aborted ? cancelledError() : networkFailure(where, error));
      }
      if (!response.ok) {
        const read: BodyRead = await readBody(response).catch(() => ({ ok: false as const }));
        throw new BridgeError(normalizeErrorBody(response.status, read.ok ? read.value : null, response.headers.get('retry-after')));
      }
      const length = Number(response.headers.get('content-length'));
      return {
        status: response.status,
        size: Number.isSafeInteger(length) && length >= 0 && response.headers.has('content-length') ? length : null,
        contentType: response.headers.get('content-type') ?? '',
        body: response.body ?? emptyBody(),
        async json() {
          const read: BodyRead = await readBody(response).catch(() => ({ ok: false as const }));
          if (!read.ok) throw new BridgeError(invalidJsonFailure(response.status, where));
          return read.value;
        },
      };
    },
    cancel(callId) {
      const controller = inFlight.get(callId);
      if (!controller) return false;
      controller.abort();
      inFlight.delete(callId);
      return true;
    },
    cancelAll() {
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    },
    onRateLimit(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    lastRateLimit() {
      return last;
    },
    reserveReads(group, follower, reads, preferredMs) {
      if (options.readBudget === false) return { everyMs: preferredMs, preferredMs, state: 'live', group };
      return budget.reserve(options.profiles.active().id, group, follower, reads, preferredMs);
    },
    leaveReads(follower) {
      budget.leave(follower);
    },
  };
}
