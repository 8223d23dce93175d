// gateway.stream: the event stream of an SSE operation for the active profile — headers sent
// (key, Accept, Last-Event-ID), refusals before the stream normalised as `call` does, a
// success that is not an event stream refused, events read across chunks, a broken body and a
// line past its bound told apart, cancellation.
import { describe, expect, it } from 'vitest';
import { createGateway, type RateLimitEvent } from '../../../main/gateway/gateway';
import type { ResolvedProfile } from '../../../main/profiles/profile-store';
import type { SseEvent } from '../../../main/streams/sse-parser';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';
import { json, RATE_HEADERS } from './fake-fetch';
import { failure } from '../../support/failure';

const REMOTE_KEY = 'sk_live_remote_key_0123456789abcdef';
const remote: ResolvedProfile = { id: 'p-remote', name: 'Prod', kind: 'remote', baseUrl: 'https://api.example.com/', builtIn: false };
const INPUT = { params: { cluster_id: 'cluster_abc123' }, query: { limit: 5, level: ['error', 'warn'] } };

/** A body written chunk by chunk by the test. */
function pushBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: () => void (cancelled = true),
  });
  const encoder = new TextEncoder();
  return {
    body,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    writeBytes: (bytes: Uint8Array) => controller.enqueue(bytes),
    close: () => controller.close(),
    fail: () => controller.error(new TypeError('terminated')),
    get cancelled() {
      return cancelled;
    },
  };
}

const sse = (body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', ...RATE_HEADERS, ...headers } });

async function setup(answer: () => Response) {
  const vault = new MemorySecretStore();
  await vault.set('profile:p-remote', REMOTE_KEY);
  const requests: Request[] = [];
  const rateLimits: RateLimitEvent[] = [];
  const gateway = createGateway({
    profiles: { active: () => remote },
    vault,
    emulatorFetch: async () => json(500, {}),
    remoteFetch: async (request) => {
      requests.push(request);
      return answer();
    },
  });
  gateway.onRateLimit((e) => rateLimits.push(e));
  return { gateway, requests, rateLimits };
}

describe('gateway.stream', () => {
  it('opens the stream with the key, Accept and Last-Event-ID, reports the rate limit, and reads events across chunks', async () => {
    const b = pushBody();
    const { gateway, requests, rateLimits } = await setup(() => sse(b.body));
    const stream = await gateway.stream('clusters.logs.stream', INPUT, { lastEventId: 'log_1_a' });
    const request = requests[0]!;
    expect(request.url).toBe(
      'https://api.example.com/v1/clusters/cluster_abc123/logs/stream?level=error&level=warn&limit=5&heartbeat_seconds=15',
    );
    expect(request.headers.get('authorization')).toBe(`Bearer ${REMOTE_KEY}`);
    expect(request.headers.get('accept')).toBe('text/event-stream');
    expect(request.headers.get('last-event-id')).toBe('log_1_a');
    expect(stream.status).toBe(200);
    expect(rateLimits).toHaveLength(1);
    const events: SseEvent[] = [];
    const done = stream.read({ onEvent: (e) => events.push(e) });
    b.write('retry: 3000\n\nid: log_2_a\nevent: log\ndata: {"message":"caf');
    // "é" split between two chunks.
    const bytes = new TextEncoder().encode('é"}\n\n');
    b.writeBytes(bytes.slice(0, 1));
    b.writeBytes(bytes.slice(1));
    b.close();
    await done;
    expect(events).toEqual([{ id: 'log_2_a', event: 'log', data: '{"message":"café"}' }]);
  });

  it('normalises a refusal before the stream as call does (404 in the cluster envelope)', async () => {
    const { gateway } = await setup(() =>
      json(404, { success: false, error: { code: 'CLUSTER_NOT_FOUND', message: 'Cluster not found' }, meta: { request_id: 'req_1' } }),
    );
    expect(await failure(gateway.stream('clusters.logs.stream', INPUT))).toMatchObject({
      status: 404,
      code: 'CLUSTER_NOT_FOUND',
      source: 'cluster',
      requestId: 'req_1',
    });
  });

  it('refuses a success that is not an event stream, and an operation that has none', async () => {
    const { gateway } = await setup(() => json(200, { data: [] }));
    const error = await failure(gateway.stream('clusters.logs.stream', INPUT));
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
    expect(error.message).toBe(
      'The server at https://api.example.com answered with a body this console does not understand: it is not an event stream (text/event-stream) but "application/json".',
    );
    expect(await failure(gateway.stream('clusters.list', {}))).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('tells a broken connection (NETWORK_ERROR) from a line past its bound (INVALID_RESPONSE)', async () => {
    const broken = pushBody();
    let next = broken;
    const { gateway } = await setup(() => sse(next.body));
    const a = await gateway.stream('clusters.logs.stream', INPUT);
    const reading = a.read({ onEvent: () => {} });
    broken.write('id: 1\ndata: {}\n\n');
    broken.fail();
    expect(await failure(reading)).toMatchObject({ code: 'NETWORK_ERROR' });

    const endless = pushBody();
    next = endless;
    const b = await gateway.stream('clusters.logs.stream', INPUT);
    const limited = b.read({ onEvent: () => {} }, { maxLineLength: 1000, maxEventData: 10_000 });
    for (let i = 0; i < 20; i++) endless.write('x'.repeat(100));
    const error = await failure(limited);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(error.message).toContain('it sent a line longer than 1,000 characters');
    expect(endless.cancelled).toBe(true);
  });

  it('closes the stream when the caller aborts', async () => {
    const b = pushBody();
    const { gateway } = await setup(() => sse(b.body));
    const controller = new AbortController();
    const stream = await gateway.stream('clusters.logs.stream', INPUT, { signal: controller.signal });
    const reading = stream.read({ onEvent: () => {} });
    controller.abort();
    expect(await failure(reading)).toMatchObject({ code: 'CANCELLED' });
    expect(b.cancelled).toBe(true);
  });
});
