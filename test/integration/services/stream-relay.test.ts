// The stream relay through the composition root: `logs:tail` of a seeded running cluster and a
// seeded endpoint, in-process (the embedded emulator, no socket) and over real HTTP (a remote
// profile aimed at another emulator through a TCP proxy the test can cut), new entries as the
// clock moves, resume after a cut connection with Last-Event-ID without gap or repeat, a
// refusal that is not retried, a profile switch; and `metrics:live` shared by two subscribers.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BridgeResult, ApiCallResponse } from '../../../shared/ipc/contract';
import { dispatch, subscribeTopic } from '../../../shared/ipc/dispatch';
import type { LogTailEvent, LogTailParams, MetricsLiveEvent } from '../../../shared/ipc/streams';
import { openLogStreams } from '../../../main/emulator/areas/clusters/logs/routes';
import { openEndpointLogStreams } from '../../../main/emulator/areas/endpoints/logs/stream';
import { createEmulator, type Emulator } from '../../../main/emulator/index';
import { createServices, type Services } from '../../../main/services';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';

/** Bounded polling for conditions (no timing is asserted). */
const until = (check: () => void, timeout = 20_000) => vi.waitFor(check, { timeout, interval: 20 });

let dataDir: string;
let services: Services;
let remote: Emulator;
let remoteUrl: string;
let proxy: Proxy;

interface Proxy {
  url: string;
  /** The first bytes of each connection (the request line and headers). */
  heads: string[];
  /** Destroys every open connection, both sides. */
  cut(): void;
  close(): Promise<void>;
}

/** A TCP proxy to `port` whose connections the test can cut mid-stream. */
async function startProxy(port: number): Promise<Proxy> {
  const sockets = new Set<Socket>();
  const heads: string[] = [];
  const server: Server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (/^(GET|POST|PUT|DELETE|PATCH) /.test(text)) heads.push(text);
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${own}`,
    heads,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function invoke<T>(channel: string, request: unknown): Promise<T> {
  const result = (await dispatch(services.handlers, channel, request)) as BridgeResult<T>;
  if (!result.ok) throw Object.assign(new Error(result.error.message), { normalized: result.error });
  return result.value;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
const api = async <T = any>(op: string, input: unknown = {}): Promise<T> =>
  (await invoke<ApiCallResponse>('api:call', { op, input })).data as T;

interface Tail {
  events: LogTailEvent[];
  ids(): string[];
  entries(): Array<{ id: string; timestamp: string }>;
  states(): string[];
  off(): void;
}

function tail(params: LogTailParams): Tail {
  const events: LogTailEvent[] = [];
  const started = subscribeTopic(services.topics, 'logs:tail', params, (e) => events.push(e as LogTailEvent));
  if (!started.ok) throw new Error(started.error.message);
  const entries = () =>
    events.flatMap((e) =>
      e.type === 'entries' ? e.items.map((i) => ({ id: i.id, timestamp: (i.entry as { timestamp: string }).timestamp })) : [],
    );
  return {
    events,
    entries,
    ids: () => entries().map((e) => e.id),
    states: () => events.flatMap((e) => (e.type === 'status' ? [e.state] : [])),
    off: started.unsubscribe,
  };
}

async function seededIds() {
  const clusters = await api('clusters.list');
  const cluster = clusters.data.clusters.find((c: { name: string }) => c.name === 'inference-api').id as string;
  const endpoints = await api('endpoints.list');
  const endpoint = endpoints.endpoints.find((e: { name: string }) => e.name === 'llama3-70b-chat').id as string;
  return { cluster, endpoint };
}

/** Event streams the emulators (this process's, in-process and listening) hold open now. */
const emulatorStreams = () => openLogStreams.count + openEndpointLogStreams.count;
const unique = (ids: string[]) => new Set(ids).size === ids.length;
const inTimeOrder = (entries: Array<{ timestamp: string }>) =>
  entries.every((e, i) => i === 0 || Date.parse(entries[i - 1]!.timestamp) <= Date.parse(e.timestamp));

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-stream-relay-'));
  services = await createServices({
    mode: 'web',
    dataDir,
    secretStore: new MemorySecretStore(),
    emulator: { seed: 42 },
    streams: { timing: { retryBaseMs: 50, retryMaxMs: 200 }, metricsIntervalMs: 200 },
    // The read budget is tested in place by read-budget-hour.test.ts; here the streams' mechanics at 200 ms.
    gateway: { readBudget: false },
  });
  remote = createEmulator({ seed: 42 });
  remoteUrl = await remote.listen(0, '127.0.0.1');
  proxy = await startProxy(Number(new URL(remoteUrl).port));
});

afterAll(async () => {
  await services?.dispose();
  await proxy?.close();
  await remote?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('logs:tail in-process (the embedded emulator)', () => {
  it('relays the backlog and the new entries of a running cluster and of an endpoint, over one upstream each', async () => {
    const { cluster, endpoint } = await seededIds();
    const a = tail({ source: { kind: 'cluster', id: cluster }, backlog: 5 });
    const b = tail({ source: { kind: 'cluster', id: cluster }, backlog: 5 });
    const e = tail({ source: { kind: 'endpoint', id: endpoint }, backlog: 5 });
    await until(() => expect(a.ids().length).toBeGreaterThanOrEqual(5));
    await until(() => expect(e.ids().length).toBeGreaterThanOrEqual(5));
    expect(services.streams.upstreams()).toBe(2);
    // Three subscribers, two streams at the emulator.
    expect(emulatorStreams()).toBe(2);
    expect(a.states()).toEqual(['connecting', 'live']);
    expect(e.ids().every((id) => /^\d+-\d+$/.test(id))).toBe(true);
    const backlogEnd = Date.parse(a.entries()[4]!.timestamp);
    const endpointBacklogEnd = Date.parse(e.entries()[4]!.timestamp);

    await invoke('emulator:advanceClock', { seconds: 300 });
    await until(() => expect(a.entries().some((x) => Date.parse(x.timestamp) > backlogEnd)).toBe(true));
    await until(() => expect(e.entries().some((x) => Date.parse(x.timestamp) > endpointBacklogEnd)).toBe(true));
    await until(() => expect(b.ids()).toEqual(a.ids()));
    for (const t of [a, e]) {
      expect(unique(t.ids())).toBe(true);
      expect(inTimeOrder(t.entries())).toBe(true);
    }
    a.off();
    expect(services.streams.upstreams()).toBe(2);
    b.off();
    e.off();
    expect(services.streams.upstreams()).toBe(0);
    // Cancelling the upstream stops the emulator's side of it.
    await until(() => expect(emulatorStreams()).toBe(0));
  });

  it('fails a tail of an unknown cluster with its 404, without retrying', async () => {
    const t = tail({ source: { kind: 'cluster', id: 'cluster_doesnotexist' } });
    await until(() => expect(t.states()).toEqual(['connecting', 'failed']));
    expect(t.events.at(-1)).toMatchObject({ type: 'status', state: 'failed', error: { status: 404, code: 'CLUSTER_NOT_FOUND' } });
    expect(services.streams.upstreams()).toBe(0);
    t.off();
  });
});

describe('metrics:live', () => {
  it('reads a cluster once for every subscriber, replays the last snapshot, and stops with the last one', async () => {
    const { cluster } = await seededIds();
    const a: MetricsLiveEvent[] = [];
    const b: MetricsLiveEvent[] = [];
    const offA = subscribeTopic(services.topics, 'metrics:live', { clusterId: cluster }, (e) => a.push(e as MetricsLiveEvent));
    await until(() => expect(a.length).toBeGreaterThanOrEqual(1));
    const offB = subscribeTopic(services.topics, 'metrics:live', { clusterId: cluster }, (e) => b.push(e as MetricsLiveEvent));
    const last = a.at(-1)!;
    // Replayed without the server time of its moment; with the pace of the reads.
    expect(b).toEqual([last.ok ? { ok: true, snapshot: last.snapshot, pace: last.pace } : last]);
    expect(a[0]).toMatchObject({ ok: true, snapshot: { cluster_id: cluster, processes: expect.any(Array) } });
    expect(services.streams.polled()).toBe(1);
    await invoke('emulator:advanceClock', { seconds: 60 });
    await until(() => expect(a.length).toBeGreaterThanOrEqual(3));
    if (!offA.ok || !offB.ok) throw new Error('not subscribed');
    offA.unsubscribe();
    offB.unsubscribe();
    expect(services.streams.polled()).toBe(0);
  });
});

describe('logs:tail over HTTP (a remote profile)', () => {
  it('ends in-process tails when the profile changes, then resumes a cut connection with Last-Event-ID, without gap or repeat', async () => {
    const { cluster } = await seededIds();
    const before = tail({ source: { kind: 'cluster', id: cluster }, backlog: 3 });
    await until(() => expect(before.states()).toContain('live'));
    const profile = await invoke<{ id: string }>('profiles:create', { name: 'Remote', baseUrl: proxy.url, apiKey: remote.ownerKey });
    await invoke('profiles:activate', { id: profile.id });
    await until(() => expect(before.events.at(-1)).toEqual({ type: 'status', state: 'ended', reason: 'profile_changed' }));
    before.off();

    const t = tail({ source: { kind: 'cluster', id: cluster }, backlog: 20 });
    await until(() => expect(t.ids().length).toBeGreaterThanOrEqual(20));
    // Straight to the emulator, not through the proxy the test cuts.
    const advance = (seconds: number) =>
      fetch(`${remoteUrl}/_emulator/clock/advance`, {
        method: 'POST',
        headers: { authorization: `Bearer ${remote.ownerKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ seconds }),
      }).then((r) => expect(r.status).toBe(200));
    await advance(60);
    await until(() => expect(t.ids().length).toBeGreaterThan(20));
    const streams = () => proxy.heads.filter((h) => h.startsWith(`GET /v1/clusters/${cluster}/logs/stream`));
    expect(streams()).toHaveLength(1);
    // Cut mid-stream, write more while it is down, and wait for the relay to come back.
    proxy.cut();
    await advance(60);
    await until(() => expect(t.states().slice(-2)).toEqual(['reconnecting', 'live']));
    await until(() => expect(streams().length).toBeGreaterThanOrEqual(2));
    const resumedWith = /\r\nlast-event-id: (\S+)\r\n/i.exec(streams()[1]!)?.[1];
    expect(t.ids()).toContain(resumedWith);

    // Everything up to the newest entry arrives, and exactly what the page read lists.
    const newest = (await api('clusters.logs.list', { params: { cluster_id: cluster }, query: { limit: 1 } })).data.logs[0];
    await until(() => expect(t.ids()).toContain(newest.id));
    const got = t.entries();
    const page = await api('clusters.logs.list', {
      params: { cluster_id: cluster },
      query: { start_time: got[0]!.timestamp, end_time: newest.timestamp, tail: false, limit: 1000 },
    });
    const listed: string[] = page.data.logs.map((x: { id: string }) => x.id);
    expect(page.data.pagination.total_count).toBeLessThanOrEqual(1000);
    const ids = t.ids();
    expect(listed.slice(listed.indexOf(ids[0]!), listed.indexOf(newest.id) + 1)).toEqual(ids.slice(0, ids.indexOf(newest.id) + 1));
    expect(unique(ids)).toBe(true);
    t.off();
    expect(services.streams.upstreams()).toBe(0);
    await until(() => expect(emulatorStreams()).toBe(0));
  });
});
