// Metrics (02-clusters.md, Metrics; Metrics snapshot): the current snapshot, historical data
// points, aggregated statistics and custom metrics, all computed when read from the simulator
// in sim/metrics/ (a pure function of the seed, the cluster and the simulated clock), so
// `clock/advance` moves them. Choices the document leaves open: docs/decisions.md, Metrics.
import { performance } from 'node:perf_hooks';
import {
  AGGREGATED_MAX_DAYS,
  HISTORICAL_MAX_POINTS,
  INTERVAL_MS,
  METRICS_RETENTION_DAYS,
  METRICS_VERSION,
  MetricCategory,
  MetricsInterval,
  SAMPLE_INTERVAL_SECONDS,
  gpuId,
  type AggregatedMetrics,
  type MetricsAggregation,
  type MetricsDataPoint,
  type MetricsSnapshot,
  type MetricStats,
} from '../../../../../shared/api/clusters/metrics';
import { clustersOperations as ops } from '../../../../../shared/api/clusters/operations';
import { clusterError } from '../../../core/errors';
import { defineRoute } from '../../../core/route-def';
import { customMetricsOf, latestAt, publishCustomMetric, RETENTION_MS, valuesIn } from './custom';
import { iso, isoOrNull, ok } from '../envelope';
import { clusterOr404 } from '../lookup';
import { project } from '../sim/cluster-state';
import { aggregateInto, processesAt, renderVector, statsOf, type RenderOptions } from '../sim/metrics/render';
import { C, D, G, GPU_WIDTH, N, liveAt, modelOf, sampleAt, seriesOf, type MetricsModel, type Series } from '../sim/metrics/sample';
import type { StoredCluster } from '../state';

const ALL = MetricCategory.options;
const LIVE_STATES = ['running', 'stopping', 'restarting'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const invalid = (field: string, reason: string, extra: Record<string, unknown> = {}) =>
  clusterError(400, 'VALIDATION_ERROR', `Invalid ${field}: ${reason}`, { field, reason, ...extra });

/** The GPUs a request shows: all, or the one `gpu_id` names (which must exist on the cluster). */
function gpusOf(c: StoredCluster, id: string | undefined): number[] {
  const all = Array.from({ length: c.gpu.count }, (_, i) => i);
  if (id === undefined) return all;
  const i = Number(id.slice(4));
  if (i >= c.gpu.count)
    throw invalid('gpu_id', c.gpu.count === 0 ? 'this cluster has no GPUs' : `this cluster has ${gpuId(0)} to ${gpuId(c.gpu.count - 1)}`, {
      value: id,
    });
  return [i];
}

function notLive(c: StoredCluster, m: MetricsModel, now: number) {
  const status = project(c, now).status;
  const ended = m.tl.live.filter(([, b]) => b <= now).map(([, b]) => b);
  return clusterError(409, 'INVALID_STATE', `The cluster is ${status}: no live metrics (historical metrics cover the times it ran)`, {
    current_status: status,
    allowed_states: LIVE_STATES,
    last_collected_at: isoOrNull(ended.length ? Math.max(...ended) : null),
    suggestion:
      status === 'starting'
        ? 'Wait until the cluster is running'
        : 'Restart the cluster to collect live metrics, or read metrics/historical for the times it ran',
  });
}

const since = (t0: number) => Math.round((performance.now() - t0) * 1000) / 1000;
const metaOf = (t0: number) => ({ collection_time_ms: since(t0), metrics_version: METRICS_VERSION });

/** [start, end) of a request, checked: end after start, start within the retention. */
function rangeOf(startIso: string, endIso: string, now: number): [number, number] {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  if (end <= start) throw invalid('end_time', 'after start_time');
  if (start < now - RETENTION_MS) throw invalid('start_time', `within the last ${METRICS_RETENTION_DAYS} days (metrics retention)`);
  return [start, end];
}

function aggregate(values: number[], how: MetricsAggregation): number {
  if (how === 'min') return Math.min(...values);
  if (how === 'max') return Math.max(...values);
  const sum = values.reduce((a, b) => a + b, 0);
  return how === 'sum' ? sum : sum / values.length;
}

export const metricRoutes = [
  defineRoute(ops['clusters.metrics.get'], (ctx, { params, query, now, requestId }) => {
    const t0 = performance.now();
    const c = clusterOr404(ctx.store, params.cluster_id);
    const gpus = gpusOf(c, query.gpu_id);
    const m = modelOf(ctx.seed(), c);
    if (!liveAt(m, now)) throw notLive(c, m, now);
    const v = sampleAt(m, now);
    const categories = new Set(query.metrics ?? ALL);
    const options: RenderOptions = {
      categories,
      gpus,
      temperature: query.include_temperature,
      power: query.include_power,
      ethMbps: m.p.ethMbps,
    };
    const data: MetricsSnapshot = { cluster_id: c.id, timestamp: iso(now), ...renderVector(v, 0, m.layout, options) };
    if (categories.has('application')) {
      if (query.include_processes)
        data.processes = processesAt(m, v, now)
          .filter((p) => query.gpu_id === undefined || p.gpu === gpus[0])
          .map(({ gpu: _gpu, ...p }) => p);
      if (query.include_custom) {
        const custom: Record<string, number> = {};
        for (const metric of customMetricsOf(ctx.store, c.id)) {
          const value = latestAt(metric, now);
          if (value !== undefined) custom[metric.name] = value;
        }
        data.custom_metrics = custom;
      }
    }
    return ok(data, requestId, metaOf(t0));
  }),

  defineRoute(ops['clusters.metrics.historical'], (ctx, { params, query, now, requestId }) => {
    const t0 = performance.now();
    const c = clusterOr404(ctx.store, params.cluster_id);
    const gpus = gpusOf(c, query.gpu_id);
    const [start, end] = rangeOf(query.start_time, query.end_time, now);
    const step = INTERVAL_MS[query.interval];
    // Buckets are aligned to the interval (UTC); the count is that of the range asked, whatever the clock.
    const first = Math.floor(start / step) * step;
    const count = (Math.floor((end - 1) / step) * step - first) / step + 1;
    if (count > HISTORICAL_MAX_POINTS) {
      const fits = MetricsInterval.options.find(
        (i) =>
          (Math.floor((end - 1) / INTERVAL_MS[i]) * INTERVAL_MS[i] - Math.floor(start / INTERVAL_MS[i]) * INTERVAL_MS[i]) / INTERVAL_MS[i] +
            1 <=
          HISTORICAL_MAX_POINTS,
      );
      throw invalid('interval', `at most ${HISTORICAL_MAX_POINTS} data points per request; this range at ${query.interval} has ${count}`, {
        data_points: count,
        max_data_points: HISTORICAL_MAX_POINTS,
        suggested_interval: fits ?? null,
      });
    }
    const to = Math.min(end, now + 1);
    const m = modelOf(ctx.seed(), c);
    const categories = new Set(query.metrics ?? ALL);
    const options: RenderOptions = { categories, gpus, temperature: true, power: true, ethMbps: m.p.ethMbps };
    const series: Series = start < to ? seriesOf(m, start, to) : { times: [], data: new Float64Array(0), layout: m.layout };
    const customs = categories.has('application')
      ? customMetricsOf(ctx.store, c.id).map((metric) => [metric.name, valuesIn(metric, start, to)] as const)
      : [];
    const points: MetricsDataPoint[] = [];
    const agg = new Float64Array(m.layout.width);
    let i = 0;
    // A bucket with no sample (the cluster stopped, not yet created, or a range starting in a
    // bucket's last minute) is left out: every point answered carries the groups asked for
    // (docs/decisions.md, Clusters: historical metrics).
    for (let b = first, k = 0; b < to && k < count; b += step, k++) {
      const i0 = i;
      while (i < series.times.length && series.times[i]! < b + step) i++;
      if (i === i0) continue;
      const point: MetricsDataPoint = { timestamp: iso(b), samples: i - i0 };
      aggregateInto(agg, series, i0, i, query.aggregation);
      Object.assign(point, renderVector(agg, 0, m.layout, options));
      const custom: Record<string, number> = {};
      for (const [name, values] of customs) {
        const inBucket = values.filter(([t]) => t >= b && t < b + step).map(([, v]) => v);
        if (inBucket.length) custom[name] = aggregate(inBucket, query.aggregation);
      }
      if (Object.keys(custom).length) point.custom_metrics = custom;
      points.push(point);
    }
    return ok(
      {
        cluster_id: c.id,
        start_time: iso(start),
        end_time: iso(end),
        interval: query.interval,
        aggregation: query.aggregation,
        gpu_id: query.gpu_id ?? null,
        data_points: points,
      },
      requestId,
      { ...metaOf(t0), data_point_count: points.length, sample_interval_seconds: SAMPLE_INTERVAL_SECONDS },
    );
  }),

  defineRoute(ops['clusters.metrics.aggregated'], (ctx, { params, query, now, requestId }) => {
    const t0 = performance.now();
    const c = clusterOr404(ctx.store, params.cluster_id);
    const gpus = gpusOf(c, query.gpu_id);
    const endIso = query.end_time ?? iso(now);
    const startIso = query.start_time ?? iso(Date.parse(endIso) - HOUR);
    const [start, end] = rangeOf(startIso, endIso, now);
    if (end - start > AGGREGATED_MAX_DAYS * DAY)
      throw invalid('start_time', `a window of at most ${AGGREGATED_MAX_DAYS} days`, { max_window_days: AGGREGATED_MAX_DAYS });
    const m = modelOf(ctx.seed(), c);
    const to = Math.min(end, now + 1);
    const s = start < to ? seriesOf(m, start, to) : { times: [], data: new Float64Array(0), layout: m.layout };
    const categories = new Set(query.metrics ?? ALL);
    const data: AggregatedMetrics = {
      cluster_id: c.id,
      start_time: iso(start),
      end_time: iso(end),
      sample_interval_seconds: SAMPLE_INTERVAL_SECONDS,
      sample_count: s.times.length,
    };
    const w = s.layout.width;
    const column = (k: number, f: (x: number, i: number) => number = (x) => x) => {
      const out = new Float64Array(s.times.length);
      for (let i = 0; i < out.length; i++) out[i] = f(s.data[i * w + k]!, i);
      return statsOf(out);
    };
    const perGpu = (field: number) =>
      Object.fromEntries(gpus.map((g) => [gpuId(g), column(g * GPU_WIDTH + field)])) as Record<string, MetricStats>;
    if (categories.has('gpu'))
      data.gpu = {
        utilization: perGpu(G.util),
        memory_used: perGpu(G.memUsed),
        memory_utilization_percent: perGpu(G.memPct),
        temperature: perGpu(G.temp),
        memory_temperature: perGpu(G.memTemp),
        power: perGpu(G.power),
        graphics_clock: perGpu(G.gclk),
        memory_clock: perGpu(G.mclk),
      };
    const cpu = s.layout.cpu;
    if (categories.has('cpu'))
      data.cpu = {
        utilization: column(cpu + C.util),
        load_avg_1m: column(cpu + C.la1),
        memory_used: column(cpu + C.memUsed),
        memory_utilization_percent: column(cpu + C.memUsed, (x, i) => (100 * x) / s.data[i * w + cpu + C.memTotal]!),
      };
    const disk = s.layout.disk;
    if (categories.has('storage'))
      data.storage = {
        disk_used: column(disk + D.used),
        read_bytes_per_sec: column(disk + D.rbps),
        write_bytes_per_sec: column(disk + D.wbps),
        read_ops_per_sec: column(disk + D.rops),
        write_ops_per_sec: column(disk + D.wops),
      };
    if (categories.has('network')) data.network = networkRates(s);
    if (categories.has('application')) {
      const custom: NonNullable<AggregatedMetrics['custom_metrics']> = {};
      for (const metric of customMetricsOf(ctx.store, c.id)) {
        const values = valuesIn(metric, start, to).map(([, v]) => v);
        if (values.length) custom[metric.name] = { ...statsOf(values), unit: metric.unit };
      }
      data.custom_metrics = custom;
    }
    return ok(data, requestId, metaOf(t0));
  }),

  defineRoute(
    ops['clusters.metrics.custom'],
    (ctx, { params, body, now, requestId }) => {
      const c = clusterOr404(ctx.store, params.cluster_id);
      return ok(publishCustomMetric(ctx.store, c, body, now), requestId);
    },
    201,
  ),
];

/** Per-second rates of the byte and packet counters, from consecutive minutes of the same run. */
function networkRates(s: Series): NonNullable<AggregatedMetrics['network']> {
  const w = s.layout.width;
  const n = s.layout.net;
  const cols = [N.sent, N.recv, N.psent, N.precv];
  const rates: number[][] = cols.map(() => []);
  for (let i = 1; i < s.times.length; i++) {
    const dt = (s.times[i]! - s.times[i - 1]!) / 1000;
    if (dt !== SAMPLE_INTERVAL_SECONDS || !s.data[i * w + n + N.up] || !s.data[(i - 1) * w + n + N.up]) continue;
    const diffs = cols.map((k) => s.data[i * w + n + k]! - s.data[(i - 1) * w + n + k]!);
    // A counter that went back is a new run (interfaces came up again): no rate across it.
    if (diffs.some((d) => d < 0)) continue;
    diffs.forEach((d, j) => rates[j]!.push(d / dt));
  }
  const [sent, recv, psent, precv] = rates.map((r) => statsOf(r));
  return { bytes_sent_per_sec: sent!, bytes_received_per_sec: recv!, packets_sent_per_sec: psent!, packets_received_per_sec: precv! };
}
