// Issue 18, part 3: a training job page, a cluster's metrics dashboard and a log window open
// together for an hour, the clock at 1×, spend at most 10 % of the pro plan's hourly reads of
// each area (training 500 → 50, clusters 1,000 → 100). The hour runs on fake timers (this
// machine's clock and the emulator's both), through the real services: the gateway, its read
// budget, the job stream, the metrics poller and the log relay, with the embedded emulator
// answering every read. Reads are counted where they arrive, at the emulator, by path; the
// hour starts 20 minutes into a rate-limit window, so that it spans two windows.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiCallResponse, BridgeResult } from '../../../shared/ipc/contract';
import { dispatch, freeFlow } from '../../../shared/ipc/dispatch';
import { createServices, type Services } from '../../../main/services';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';

const START = Date.parse('2026-11-27T10:20:00.000Z');
const HOUR_MS = 3_600_000;

let dataDir: string;
let services: Services;
const reads = { training: 0, clusters: 0, other: 0 };

async function invoke<T>(channel: string, request: unknown): Promise<T> {
  const result = (await dispatch(services.handlers, channel, request)) as BridgeResult<T>;
  if (!result.ok) throw Object.assign(new Error(result.error.message), { normalized: result.error });
  return result.value;
}
const call = async <T>(op: string, input: Record<string, unknown> = {}) =>
  (await invoke<ApiCallResponse>('api:call', { op, input })).data as T;

/** Lets the in-process answers (and their file writes) finish between fake-time steps. */
const settle = async () => {
  for (let i = 0; i < 4; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

beforeAll(async () => {
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-read-budget-'));
  services = await createServices({ mode: 'web', dataDir, secretStore: new MemorySecretStore(), emulator: { seed: 5 } });
  const emulator = services.emulator;
  const fetch = emulator.fetch.bind(emulator);
  emulator.fetch = (request: Request) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'GET') {
      if (path.startsWith('/v2/training/')) reads.training++;
      else if (path.startsWith('/v1/clusters')) reads.clusters++;
      else if (!path.startsWith('/_emulator')) reads.other++;
    }
    return fetch(request);
  };
}, 60_000);

afterAll(async () => {
  await services?.dispose();
  vi.useRealTimers();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the console’s own reads', () => {
  it('a job page, a metrics dashboard and a log window open for an hour stay within 10 % of each area’s hourly reads', async () => {
    const { jobs } = await call<{ jobs: Array<{ id: string }> }>('training.jobs.list', { query: { status: 'running' } });
    const {
      data: { clusters },
    } = await call<{ data: { clusters: Array<{ id: string; status: string }> } }>('clusters.list');
    const job = jobs[0]!;
    const cluster = clusters.find((c) => c.status === 'running')!;
    expect(job).toBeDefined();
    expect(cluster).toBeDefined();
    reads.training = 0;
    reads.clusters = 0;

    const jobEvents: unknown[] = [];
    const metricEvents: unknown[] = [];
    const logEvents: unknown[] = [];
    const offs = [
      services.topics['training:job']!({ jobId: job.id, points: 1000 } as never, (e) => jobEvents.push(e), freeFlow),
      services.topics['metrics:live']!({ clusterId: cluster.id } as never, (e) => metricEvents.push(e), freeFlow),
      services.topics['logs:tail']!(
        { source: { kind: 'cluster', id: cluster.id }, backlog: 200 } as never,
        (e) => logEvents.push(e),
        freeFlow,
      ),
    ];
    for (let t = 0; t < HOUR_MS; t += 1_000) {
      await vi.advanceTimersByTimeAsync(1_000);
      await settle();
    }
    for (const off of offs) off();

    // The views were live all along: the job and the cluster were read again and again, the log window got entries.
    expect(jobEvents.filter((e) => (e as { type: string }).type === 'update').length).toBeGreaterThan(5);
    expect(metricEvents.length).toBeGreaterThan(10);
    expect(logEvents.some((e) => (e as { type: string }).type === 'entries')).toBe(true);
    console.info(`reads in one hour: training ${reads.training} (limit 500), clusters ${reads.clusters} (limit 1,000)`);
    expect(reads.training).toBeLessThanOrEqual(50);
    expect(reads.clusters).toBeLessThanOrEqual(100);
  }, 600_000);
});
