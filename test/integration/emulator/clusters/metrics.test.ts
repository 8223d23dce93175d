// Cluster metrics over real HTTP (02-clusters.md, Metrics; docs/decisions.md, Metrics): the
// snapshot and its filters, historical buckets checked against the simulator and against
// each other, aggregated statistics, custom metrics in all three reads and across a restart
// of the emulator, every validation error, and the clock moving what is read.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { G, GPU_WIDTH, modelOf, sampleAt } from '../../../../main/emulator/areas/clusters/sim/metrics/sample';
import type { StoredCluster } from '../../../../main/emulator/areas/clusters/state';
import { errorOf, startClusters, type ClusterTarget } from './harness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, checked against its schema by the harness
type Wire = any;

const MIN = 60_000;
const HOUR = 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
const r1 = (v: number) => Math.round(v * 10) / 10;

let t: ClusterTarget;
let llm: { id: string };
let stopped: { id: string };
let starting: { id: string };
beforeAll(async () => {
  t = await startClusters();
  llm = await t.cluster('llm-pretraining');
  stopped = await t.cluster('vision-finetune');
  starting = await t.cluster('ci-smoke-tests');
});
afterAll(() => t.close());

const get = (path: string) => t.call('GET', path);
const metrics = (id: string, q = '') => get(`/v1/clusters/${id}/metrics${q}`);

/** The stored cluster and seed, from the admin export, to compute what the simulator says. */
async function stored(id: string): Promise<{ seed: number; cluster: StoredCluster }> {
  const snap = (await get('/_emulator/snapshot')).body;
  return { seed: snap.seed, cluster: snap.state.areas.clusters.clusters.find((c: StoredCluster) => c.id === id) };
}

describe('current snapshot', () => {
  it('answers the document shape for every GPU of the cluster, with meta', async () => {
    const r = await metrics(llm.id);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.cluster_id).toBe(llm.id);
    expect(Object.keys(d.gpu.utilization)).toEqual(['gpu_0', 'gpu_1', 'gpu_2', 'gpu_3', 'gpu_4', 'gpu_5', 'gpu_6', 'gpu_7']);
    expect(d.gpu.memory.gpu_0.total).toBe(80 * 1024 ** 3);
    // The document's maps, and the added memory_temperature and clock_event_reasons (metrics_version 1.1).
    expect(Object.keys(d.gpu)).toEqual([
      'utilization',
      'memory',
      'temperature',
      'memory_temperature',
      'power',
      'clock_speeds',
      'clock_event_reasons',
    ]);
    for (const reasons of Object.values(d.gpu.clock_event_reasons) as string[][])
      for (const reason of reasons) expect(['idle', 'sw_power_cap', 'sw_thermal_slowdown']).toContain(reason);
    expect(d.cpu.load_avg).toHaveLength(3);
    expect(d.cpu.cores).toBe(96);
    expect(d.storage.disk_total).toBe(4000 * 1024 ** 3);
    expect(d.network.interfaces.map((i: { name: string }) => i.name)).toEqual(['eth0', 'lo']);
    expect(d.custom_metrics).toEqual({});
    expect(d.processes).toBeUndefined();
    expect(r.body.meta.metrics_version).toBe('1.1');
    expect(r.body.meta.collection_time_ms).toBeGreaterThanOrEqual(0);
  });

  it('is what the simulator computes for the cluster at the simulated now', async () => {
    const r = await metrics(llm.id);
    const { seed, cluster } = await stored(llm.id);
    const v = sampleAt(modelOf(seed, cluster), Date.parse(r.body.data.timestamp));
    for (let g = 0; g < 8; g++) {
      expect(r.body.data.gpu.utilization[`gpu_${g}`]).toBe(r1(v[g * GPU_WIDTH + G.util]!));
      expect(r.body.data.gpu.temperature[`gpu_${g}`]).toBe(r1(v[g * GPU_WIDTH + G.temp]!));
    }
  });

  it('agrees with the cluster list: include_metrics is the same reading, averaged over the GPUs', async () => {
    const list = (await get('/v1/clusters?include_metrics=true')).body.data.clusters;
    const current = list.find((c: Wire) => c.id === llm.id).metrics.current;
    const { seed, cluster } = await stored(llm.id);
    const v = sampleAt(modelOf(seed, cluster), Date.parse(current.collected_at));
    const mean = [0, 1, 2, 3, 4, 5, 6, 7].reduce((a, g) => a + v[g * GPU_WIDTH + G.util]!, 0) / 8;
    expect(current.gpu_utilization).toBe(r1(mean));
    expect(list.find((c: Wire) => c.id === stopped.id).metrics.current.gpu_utilization).toBe(0);
  });

  it('filters categories, GPUs, temperature, power, custom metrics and adds processes', async () => {
    const only = (await metrics(llm.id, '?metrics=gpu,cpu')).body.data;
    expect(Object.keys(only).sort()).toEqual(['cluster_id', 'cpu', 'gpu', 'timestamp']);
    const repeated = (await metrics(llm.id, '?metrics=storage&metrics=network')).body.data;
    expect(Object.keys(repeated).sort()).toEqual(['cluster_id', 'network', 'storage', 'timestamp']);
    const one = (await metrics(llm.id, '?gpu_id=gpu_3&include_temperature=false&include_power=false&include_custom=false')).body.data;
    expect(Object.keys(one.gpu.utilization)).toEqual(['gpu_3']);
    expect(one.gpu.temperature).toBeUndefined();
    expect(one.gpu.power).toBeUndefined();
    expect(one.custom_metrics).toBeUndefined();
    const procs = (await metrics(llm.id, '?include_processes=true')).body.data.processes;
    const workers = procs.filter((p: { command: string }) => p.command.includes('--local_rank='));
    expect(workers).toHaveLength(8);
    expect(workers[0].gpu_memory_usage).toBeGreaterThan(0);
    const mine = (await metrics(llm.id, '?include_processes=true&gpu_id=gpu_2')).body.data.processes;
    expect(mine.map((p: { command: string }) => p.command)).toEqual([expect.stringContaining('--local_rank=2')]);
  });

  it('refuses bad parameters with the field named', async () => {
    for (const [q, field] of [
      ['?gpu_id=gpu_8', 'gpu_id'],
      ['?gpu_id=3', 'gpu_id'],
      ['?metrics=gpu,disk', 'metrics'],
      ['?include_processes=yes', 'include_processes'],
      ['?bogus=1', undefined],
    ] as const) {
      const e = errorOf(await metrics(llm.id, q));
      expect(e.status, q).toBe(400);
      expect(e.code, q).toBe('VALIDATION_ERROR');
      if (field) expect(e.details.field, q).toContain(field);
    }
    expect(errorOf(await metrics('cluster_nope')).code).toBe('CLUSTER_NOT_FOUND');
    expect((await t.call('GET', `/v1/clusters/${llm.id}/metrics`, { key: null })).status).toBe(401);
  });

  it('has no live data for a stopped cluster: 409 INVALID_STATE saying why', async () => {
    const e = errorOf(await metrics(stopped.id));
    expect(e).toMatchObject({ status: 409, code: 'INVALID_STATE' });
    expect(e.details).toMatchObject({ current_status: 'stopped', allowed_states: ['running', 'stopping', 'restarting'] });
    expect(e.details.suggestion).toEqual(expect.any(String));
  });

  it('moves with the clock: a starting cluster comes up, counters and timestamps advance', async () => {
    expect(errorOf(await metrics(starting.id)).details.current_status).toBe('starting');
    const before = (await metrics(llm.id)).body.data;
    await t.advance(180);
    const up = await metrics(starting.id);
    expect(up.status).toBe(200);
    const after = (await metrics(llm.id)).body.data;
    expect(Date.parse(after.timestamp) - Date.parse(before.timestamp)).toBeGreaterThanOrEqual(180_000);
    expect(after.network.bytes_received).toBeGreaterThan(before.network.bytes_received);
  });
});

describe('historical', () => {
  const hist = (id: string, q: string) => get(`/v1/clusters/${id}/metrics/historical?${q}`);

  it('buckets one sample per minute, aligned to the interval, as the simulator computes them', async () => {
    const now = await t.now();
    const end = Math.floor(now / HOUR) * HOUR;
    const start = end - HOUR;
    const r = await hist(llm.id, `start_time=${iso(start)}&end_time=${iso(end)}&interval=1m&metrics=gpu`);
    expect(r.status).toBe(200);
    const points = r.body.data.data_points;
    expect(points).toHaveLength(60);
    expect(points[0].timestamp).toBe(iso(start));
    expect(points.every((p: { samples: number }) => p.samples === 1)).toBe(true);
    expect(Object.keys(points[0]).sort()).toEqual(['gpu', 'samples', 'timestamp']);
    expect(r.body.meta).toMatchObject({ data_point_count: 60, sample_interval_seconds: 60 });
    const { seed, cluster } = await stored(llm.id);
    const m = modelOf(seed, cluster);
    for (const i of [0, 31, 59]) {
      const v = sampleAt(m, start + i * MIN);
      expect(points[i].gpu.temperature.gpu_5).toBe(r1(v[5 * GPU_WIDTH + G.temp]!));
      expect(points[i].gpu.power.gpu_0).toBe(r1(v[G.power]!));
    }
  });

  it('aggregates avg, min, max and sum over the minutes of each bucket', async () => {
    const now = await t.now();
    const end = Math.floor(now / HOUR) * HOUR;
    const q = (interval: string, aggregation: string) =>
      hist(llm.id, `start_time=${iso(end - HOUR)}&end_time=${iso(end)}&interval=${interval}&aggregation=${aggregation}&metrics=gpu,cpu`);
    const minutes = (await q('1m', 'avg')).body.data.data_points;
    for (const aggregation of ['avg', 'min', 'max', 'sum']) {
      const buckets = (await q('15m', aggregation)).body.data.data_points;
      expect(buckets).toHaveLength(4);
      buckets.forEach((b: Wire, k: number) => {
        expect(b.samples).toBe(15);
        const inside = minutes.slice(k * 15, k * 15 + 15);
        for (const pick of [(p: Wire) => p.gpu.utilization.gpu_1, (p: Wire) => p.gpu.temperature.gpu_6, (p: Wire) => p.cpu.utilization]) {
          const xs = inside.map(pick);
          const got = pick(b);
          if (aggregation === 'min') expect(got).toBe(Math.min(...xs));
          else if (aggregation === 'max') expect(got).toBe(Math.max(...xs));
          else if (aggregation === 'avg')
            expect(Math.abs(got - xs.reduce((a: number, x: number) => a + x, 0) / 15)).toBeLessThanOrEqual(0.1);
          else expect(Math.abs(got - xs.reduce((a: number, x: number) => a + x, 0))).toBeLessThanOrEqual(15 * 0.05 + 0.1);
        }
        // Capacities are not summed.
        if (aggregation === 'sum') expect(b.gpu.memory.gpu_0.total).toBe(80 * 1024 ** 3);
      });
    }
  });

  it('leaves out buckets without live data: a stopped cluster answers no point', async () => {
    const now = await t.now();
    const r = await hist(stopped.id, `start_time=${iso(now - 6 * HOUR)}&end_time=${iso(now)}&interval=1h`);
    expect(r.status).toBe(200);
    expect(r.body.data.data_points).toEqual([]);
    expect(r.body.meta.data_point_count).toBe(0);
  });

  it('answers every point shaped like a snapshot, wherever the range starts within a bucket', async () => {
    const now = await t.now();
    const bucket = 5 * MIN;
    const base = Math.floor(now / bucket) * bucket - 2 * HOUR;
    // Every 10 s of a 5-minute bucket, the last minute's included (where a bucket used to come back empty).
    for (let offset = 0; offset < bucket; offset += 10_000) {
      const start = base + offset;
      const r = await hist(llm.id, `start_time=${iso(start)}&end_time=${iso(start + HOUR)}&interval=5m&metrics=gpu,cpu`);
      expect(r.status, `offset ${offset / 1000} s`).toBe(200);
      const points = r.body.data.data_points;
      expect(points.length, `offset ${offset / 1000} s`).toBeGreaterThanOrEqual(12);
      for (const p of points) {
        expect(p.samples, `offset ${offset / 1000} s`).toBeGreaterThan(0);
        expect(Object.keys(p).sort(), `offset ${offset / 1000} s`).toEqual(['cpu', 'gpu', 'samples', 'timestamp']);
        expect(Date.parse(p.timestamp) % bucket).toBe(0);
      }
      expect(r.body.meta.data_point_count).toBe(points.length);
    }
  });

  it('refuses bad ranges and parameters, and bounds the number of points', async () => {
    const now = await t.now();
    const range = `start_time=${iso(now - HOUR)}&end_time=${iso(now)}`;
    const cases: Array<[string, string]> = [
      [`end_time=${iso(now)}`, 'start_time'],
      [`start_time=${iso(now)}`, 'end_time'],
      [`start_time=${iso(now)}&end_time=${iso(now - HOUR)}`, 'end_time'],
      [`start_time=${iso(now - 31 * 24 * HOUR)}&end_time=${iso(now)}`, 'start_time'],
      [`${range}&interval=2m`, 'interval'],
      [`${range}&aggregation=median`, 'aggregation'],
      [`${range}&gpu_id=gpu_8`, 'gpu_id'],
      [`start_time=yesterday&end_time=${iso(now)}`, 'start_time'],
    ];
    for (const [q, field] of cases) {
      const e = errorOf(await hist(llm.id, q));
      expect(e.status, q).toBe(400);
      expect(e.code, q).toBe('VALIDATION_ERROR');
      expect(e.details.field, q).toContain(field);
    }
    const week = errorOf(await hist(llm.id, `start_time=${iso(now - 7 * 24 * HOUR)}&end_time=${iso(now)}&interval=1m`));
    expect(week.details).toMatchObject({ field: 'interval', max_data_points: 1440, suggested_interval: '15m' });
    expect(week.details.data_points).toBeGreaterThan(10_000);
    const ok = await hist(llm.id, `start_time=${iso(now - 7 * 24 * HOUR)}&end_time=${iso(now)}&interval=15m&gpu_id=gpu_0`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.data_points.length).toBeLessThanOrEqual(673);
    expect(Object.keys(ok.body.data.data_points.at(-1).gpu.utilization)).toEqual(['gpu_0']);
  });
});

describe('aggregated', () => {
  it('summarises each metric and GPU over the last hour by default', async () => {
    const r = await get(`/v1/clusters/${llm.id}/metrics/aggregated`);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(Date.parse(d.end_time) - Date.parse(d.start_time)).toBe(HOUR);
    expect(d.sample_count).toBe(60);
    const u = d.gpu.utilization.gpu_0;
    expect(u.count).toBe(60);
    expect(u.min).toBeLessThanOrEqual(u.p50);
    expect(u.p50).toBeLessThanOrEqual(u.p95);
    expect(u.p95).toBeLessThanOrEqual(u.p99);
    expect(u.p99).toBeLessThanOrEqual(u.max);
    expect(u.stddev).toBeGreaterThanOrEqual(0);
    expect(Object.keys(d.gpu.temperature)).toHaveLength(8);
    expect(d.network.bytes_received_per_sec.mean).toBeGreaterThan(0);
  });

  it('matches the minutes of the historical route over the same window', async () => {
    const now = await t.now();
    const end = Math.floor(now / MIN) * MIN;
    const window = `start_time=${iso(end - 2 * HOUR)}&end_time=${iso(end)}`;
    const agg = (await get(`/v1/clusters/${llm.id}/metrics/aggregated?${window}&gpu_id=gpu_4&metrics=gpu`)).body.data;
    expect(Object.keys(agg).filter((k) => ['cpu', 'storage', 'network', 'custom_metrics'].includes(k))).toEqual([]);
    const minutes = (await get(`/v1/clusters/${llm.id}/metrics/historical?${window}&interval=1m&gpu_id=gpu_4&metrics=gpu`)).body.data
      .data_points;
    const temps = minutes.map((p: Wire) => p.gpu.temperature.gpu_4).sort((a: number, b: number) => a - b);
    const s = agg.gpu.temperature.gpu_4;
    expect(s.count).toBe(temps.length);
    // Both answers are to a tenth, so at most 0.05 apart — counted in hundredths, where 0.05 is
    // exact (85.05 − 85 is 0.05000000000000426 in floating point).
    const hundredths = (a: number, b: number) => Math.round(Math.abs(a - b) * 100);
    expect(hundredths(s.min, temps[0])).toBeLessThanOrEqual(5);
    expect(hundredths(s.max, temps.at(-1))).toBeLessThanOrEqual(5);
    expect(hundredths(s.mean, temps.reduce((a: number, x: number) => a + x, 0) / temps.length)).toBeLessThanOrEqual(5);
    expect(hundredths(s.p50, (temps[59] + temps[60]) / 2)).toBeLessThanOrEqual(5);
  });

  it('refuses a window over 7 days and an inverted one', async () => {
    const now = await t.now();
    const long = errorOf(
      await get(`/v1/clusters/${llm.id}/metrics/aggregated?start_time=${iso(now - 8 * 24 * HOUR)}&end_time=${iso(now)}`),
    );
    expect(long).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'start_time', max_window_days: 7 } });
    const inverted = errorOf(await get(`/v1/clusters/${llm.id}/metrics/aggregated?start_time=${iso(now)}&end_time=${iso(now - HOUR)}`));
    expect(inverted.details.field).toBe('end_time');
  });
});

describe('custom metrics', () => {
  const post = (target: ClusterTarget, id: string, body: unknown) => target.call('POST', `/v1/clusters/${id}/metrics/custom`, { body });

  it('publishes a gauge that the snapshot, history and statistics then show', async () => {
    const now = await t.now();
    const created = await post(t, llm.id, {
      name: 'train.tokens_per_sec',
      description: 'Training throughput',
      type: 'gauge',
      unit: 'tokens/s',
      tags: ['run:42'],
      value: 1200,
      timestamp: iso(now - 90_000),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'train.tokens_per_sec',
      type: 'gauge',
      unit: 'tokens/s',
      value: 1200,
      sample_count: 1,
    });
    expect((await post(t, llm.id, { name: 'train.tokens_per_sec', value: 1800 })).body.data.sample_count).toBe(2);

    expect((await metrics(llm.id)).body.data.custom_metrics).toEqual({ 'train.tokens_per_sec': 1800 });
    expect((await metrics(llm.id, '?metrics=gpu')).body.data.custom_metrics).toBeUndefined();

    const start = Math.floor((now - 90_000) / HOUR) * HOUR;
    const q = (aggregation: string) =>
      get(
        `/v1/clusters/${llm.id}/metrics/historical?start_time=${iso(start)}&end_time=${iso(now + 1000)}&interval=1h&aggregation=${aggregation}`,
      );
    const withBoth = (await q('sum')).body.data.data_points.filter((p: Wire) => p.custom_metrics);
    const total = withBoth.reduce((a: number, p: Wire) => a + p.custom_metrics['train.tokens_per_sec'], 0);
    expect(total).toBe(3000);
    const maxes = (await q('max')).body.data.data_points
      .filter((p: Wire) => p.custom_metrics)
      .map((p: Wire) => p.custom_metrics['train.tokens_per_sec']);
    expect(Math.max(...maxes)).toBe(1800);

    const agg = (await get(`/v1/clusters/${llm.id}/metrics/aggregated?start_time=${iso(now - HOUR)}&end_time=${iso(now + 1000)}`)).body
      .data;
    expect(agg.custom_metrics['train.tokens_per_sec']).toMatchObject({ count: 2, min: 1200, max: 1800, mean: 1500, unit: 'tokens/s' });
  });

  it('refuses malformed values and timestamps out of range', async () => {
    const now = await t.now();
    const cases: Array<[unknown, string]> = [
      [{ name: '9lives', value: 1 }, 'name'],
      [{ name: 'a:b', value: 1 }, 'name'],
      [{ name: 'ok', value: '1' }, 'value'],
      [{ name: 'ok' }, 'value'],
      [{ name: 'ok', value: 1, type: 'counter' }, 'type'],
      [{ name: 'ok', value: 1, timestamp: iso(now + 10 * MIN) }, 'timestamp'],
      [{ name: 'ok', value: 1, timestamp: iso(now - 31 * 24 * HOUR) }, 'timestamp'],
      [{ name: 'ok', value: 1, extra: true }, ''],
    ];
    for (const [body, field] of cases) {
      const e = errorOf(await post(t, llm.id, body));
      expect(e.status, JSON.stringify(body)).toBe(400);
      expect(e.code).toBe('VALIDATION_ERROR');
      expect(e.details.field ?? '', JSON.stringify(body)).toContain(field);
    }
    expect(errorOf(await post(t, 'cluster_nope', { name: 'x', value: 1 })).code).toBe('CLUSTER_NOT_FOUND');
  });

  it('holds at most 100 names per cluster, with CUSTOM_METRIC_LIMIT beyond', async () => {
    const target = await startClusters();
    try {
      const id = (await target.cluster('notebook-sandbox')).id;
      for (let i = 0; i < 100; i++) expect((await post(target, id, { name: `m_${i}`, value: i })).status).toBe(201);
      const e = errorOf(await post(target, id, { name: 'm_100', value: 1 }));
      expect(e).toMatchObject({ status: 409, code: 'CUSTOM_METRIC_LIMIT', details: { limit: 100, name: 'm_100' } });
      // An existing name still takes values.
      expect((await post(target, id, { name: 'm_7', value: 70 })).status).toBe(201);
    } finally {
      await target.close();
    }
  }, 30_000);

  it('keeps published values across a restart of the emulator, from its write-ahead log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emu-metrics-'));
    const crashed = `${dir}-crashed`;
    try {
      const first = await startClusters({ dataDir: dir });
      const id = (await first.cluster('inference-api')).id;
      for (const value of [10, 20, 30]) expect((await post(first, id, { name: 'queue_depth', unit: 'requests', value })).status).toBe(201);
      // The folder as a crash would leave it right after the answers (the snapshot is older; the log has the writes).
      await cp(dir, crashed, { recursive: true, filter: (src) => !src.endsWith('console.lock') });
      await first.close();
      expect(await readFile(join(crashed, 'emulator-state.json'), 'utf8')).not.toContain('queue_depth');
      expect(await readFile(join(crashed, 'emulator-wal.jsonl'), 'utf8')).toContain('cmvalues:');
      const second = await startClusters({ dataDir: crashed });
      try {
        expect((await second.call('GET', `/v1/clusters/${id}/metrics`)).body.data.custom_metrics).toEqual({ queue_depth: 30 });
        const agg = (await second.call('GET', `/v1/clusters/${id}/metrics/aggregated`)).body.data;
        expect(agg.custom_metrics.queue_depth).toMatchObject({ count: 3, min: 10, max: 30, unit: 'requests' });
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(crashed, { recursive: true, force: true });
    }
  }, 30_000);
});
