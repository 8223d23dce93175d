// Cluster metrics (02-clusters.md, Metrics; Metrics snapshot): the current snapshot, historical
// data points, aggregated statistics (not shown in the document; chosen, docs/decisions.md
// "Metrics") and custom gauge metrics.
import { z } from 'zod';
import { listInput, splitList } from '../common';
import { queryBool, Tags, Timestamp, ClusterMeta, clusterEnvelope } from './common';

/** 02-clusters.md, Metrics snapshot: "Metric categories". */
const CATEGORIES = ['gpu', 'cpu', 'storage', 'network', 'application'] as const;
export const MetricCategory = z.enum(CATEGORIES);
export type MetricCategory = z.infer<typeof MetricCategory>;

/** GPU ids are `gpu_<index>` (the index nvidia-smi shows), from 0 to the cluster's GPU count − 1. */
const GPU_ID_PATTERN = /^gpu_(?:0|[1-9][0-9]?)$/;
export const gpuId = (index: number) => `gpu_${index}`;
/** How every view names a GPU: `GPU 1` for index 1 or the id `gpu_1` (the id is the wire's, not a label). */
export const gpuLabel = (gpu: number | string) => `GPU ${typeof gpu === 'number' ? gpu : gpu.replace(/^gpu_/, '')}`;
const GpuIdParam = z.string().regex(GPU_ID_PATTERN, 'a GPU id such as gpu_0');

/** `metrics` on the wire: repeated (`metrics=gpu&metrics=cpu`) or comma-separated (`metrics=gpu,cpu`). */
const MetricCategories = listInput(CATEGORIES, 'categories among gpu, cpu, storage, network, application')
  .transform(splitList)
  .pipe(z.array(MetricCategory, { error: 'categories among gpu, cpu, storage, network, application' }).min(1).max(5));

/**
 * 1.1 (issue 22): GPUs report `memory_temperature` and `clock_event_reasons` (added fields), and
 * power, clocks and temperatures follow the power cap and the thermal lags of a real GPU.
 */
export const METRICS_VERSION = '1.1';
/** History is kept this long, as logs are (02-clusters.md, Limits: log retention 30 days). */
export const METRICS_RETENTION_DAYS = 30;
/** Historical answers at most this many data points (one day at 1 minute); more is 400 VALIDATION_ERROR on `interval`. */
export const HISTORICAL_MAX_POINTS = 1440;
/** Aggregated statistics cover at most this window. */
export const AGGREGATED_MAX_DAYS = 7;
/** History and statistics are computed from one sample per minute. */
export const SAMPLE_INTERVAL_SECONDS = 60;

export const MetricsInterval = z.enum(['1m', '5m', '15m', '1h', '6h', '1d']);
export type MetricsInterval = z.infer<typeof MetricsInterval>;
export const INTERVAL_MS: Readonly<Record<MetricsInterval, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '6h': 21_600_000,
  '1d': 86_400_000,
};
export const MetricsAggregation = z.enum(['avg', 'min', 'max', 'sum']);
export type MetricsAggregation = z.infer<typeof MetricsAggregation>;

export const MetricsQuery = z.strictObject({
  metrics: MetricCategories.optional(),
  gpu_id: GpuIdParam.optional(),
  include_processes: queryBool(false),
  include_temperature: queryBool(true),
  include_power: queryBool(true),
  include_custom: queryBool(true),
});
export type MetricsQuery = z.input<typeof MetricsQuery>;

const gpuMap = <T extends z.ZodType>(v: T) => z.record(z.string(), v);

/**
 * Why a GPU's clocks are below their maximum, as nvidia-smi's clocks_event_reasons names them:
 * no context (idle), the software power cap, the software thermal slowdown (added field).
 */
export const ClockEventReason = z.enum(['idle', 'sw_power_cap', 'sw_thermal_slowdown']);
export type ClockEventReason = z.infer<typeof ClockEventReason>;

const GpuMemory = z.object({ used: z.number(), total: z.number(), utilization_percent: z.number() });
const GpuMetrics = z.object({
  utilization: gpuMap(z.number()),
  memory: gpuMap(GpuMemory),
  temperature: gpuMap(z.number()).optional(),
  /** Added field: HBM/GDDR temperature, °C; with `temperature` (include_temperature). */
  memory_temperature: gpuMap(z.number()).optional(),
  power: gpuMap(z.number()).optional(),
  clock_speeds: gpuMap(z.object({ graphics_clock: z.number(), memory_clock: z.number() })),
  /** Added field: the active clock event reasons (none: at full clock); a data point has the union over its bucket. */
  clock_event_reasons: gpuMap(z.array(ClockEventReason)).optional(),
});
const CpuMetrics = z.object({
  utilization: z.number(),
  load_avg: z.tuple([z.number(), z.number(), z.number()]),
  memory_used: z.number(),
  memory_total: z.number(),
  cores: z.number().int(),
  threads: z.number().int(),
});
const StorageMetrics = z.object({
  disk_used: z.number(),
  disk_total: z.number(),
  utilization_percent: z.number(),
  io_stats: z.object({
    read_bytes_per_sec: z.number(),
    write_bytes_per_sec: z.number(),
    read_ops_per_sec: z.number(),
    write_ops_per_sec: z.number(),
  }),
});
const NetworkInterface = z.object({
  name: z.string(),
  bytes_sent: z.number(),
  bytes_received: z.number(),
  speed_mbps: z.number(),
  status: z.enum(['up', 'down']),
});
const NetworkMetrics = z.object({
  bytes_sent: z.number(),
  bytes_received: z.number(),
  packets_sent: z.number(),
  packets_received: z.number(),
  interfaces: z.array(NetworkInterface),
});
export const ProcessMetrics = z.object({
  pid: z.number().int(),
  name: z.string(),
  command: z.string(),
  cpu_percent: z.number(),
  memory_bytes: z.number(),
  gpu_memory_usage: z.number(),
  gpu_utilization: z.number(),
  user: z.string(),
  runtime_seconds: z.number().int(),
});
export type ProcessMetrics = z.infer<typeof ProcessMetrics>;

/** The categories of a snapshot; each is left out when not selected (`metrics`). */
const categories = {
  gpu: GpuMetrics.optional(),
  cpu: CpuMetrics.optional(),
  storage: StorageMetrics.optional(),
  network: NetworkMetrics.optional(),
  processes: z.array(ProcessMetrics).optional(),
  custom_metrics: z.record(z.string(), z.number()).optional(),
};

export const MetricsSnapshot = z.object({ cluster_id: z.string(), timestamp: Timestamp, ...categories });
export type MetricsSnapshot = z.infer<typeof MetricsSnapshot>;

const MetricsMeta = ClusterMeta.extend({ collection_time_ms: z.number().min(0), metrics_version: z.string() });
export const MetricsResponse = clusterEnvelope(MetricsSnapshot, MetricsMeta);

const timeWindow = {
  start_time: Timestamp,
  end_time: Timestamp,
  metrics: MetricCategories.optional(),
  gpu_id: GpuIdParam.optional(),
};

export const HistoricalMetricsQuery = z.strictObject({
  ...timeWindow,
  interval: MetricsInterval.default('5m'),
  aggregation: MetricsAggregation.default('avg'),
});
export type HistoricalMetricsQuery = z.input<typeof HistoricalMetricsQuery>;

/**
 * A bucket, shaped like a snapshot: `samples` counts the minutes with live data in it (at least
 * one: a bucket without any is not answered, so every point carries the groups asked for).
 */
export const MetricsDataPoint = z.object({ timestamp: Timestamp, samples: z.number().int().min(1), ...categories });
export type MetricsDataPoint = z.infer<typeof MetricsDataPoint>;

const HistoricalMetrics = z.object({
  cluster_id: z.string(),
  start_time: Timestamp,
  end_time: Timestamp,
  interval: MetricsInterval,
  aggregation: MetricsAggregation,
  gpu_id: z.string().nullable(),
  data_points: z.array(MetricsDataPoint),
});
export const HistoricalMetricsResponse = clusterEnvelope(
  HistoricalMetrics,
  MetricsMeta.extend({ data_point_count: z.number().int(), sample_interval_seconds: z.number().int() }),
);

/** Summary statistics of one metric over a window (chosen: the aggregated route is not shown). */
export const MetricStats = z.object({
  count: z.number().int(),
  min: z.number(),
  max: z.number(),
  mean: z.number(),
  p50: z.number(),
  p95: z.number(),
  p99: z.number(),
  stddev: z.number(),
});
export type MetricStats = z.infer<typeof MetricStats>;

const perGpu = z.record(z.string(), MetricStats);
export const AggregatedMetricsQuery = z.strictObject({
  start_time: Timestamp.optional(),
  end_time: Timestamp.optional(),
  metrics: MetricCategories.optional(),
  gpu_id: GpuIdParam.optional(),
});
export type AggregatedMetricsQuery = z.input<typeof AggregatedMetricsQuery>;

export const AggregatedMetrics = z.object({
  cluster_id: z.string(),
  start_time: Timestamp,
  end_time: Timestamp,
  sample_interval_seconds: z.number().int(),
  /** Minutes of the window with live data. */
  sample_count: z.number().int(),
  gpu: z
    .object({
      utilization: perGpu,
      memory_used: perGpu,
      memory_utilization_percent: perGpu,
      temperature: perGpu,
      memory_temperature: perGpu,
      power: perGpu,
      graphics_clock: perGpu,
      memory_clock: perGpu,
    })
    .optional(),
  cpu: z
    .object({ utilization: MetricStats, load_avg_1m: MetricStats, memory_used: MetricStats, memory_utilization_percent: MetricStats })
    .optional(),
  storage: z
    .object({
      disk_used: MetricStats,
      read_bytes_per_sec: MetricStats,
      write_bytes_per_sec: MetricStats,
      read_ops_per_sec: MetricStats,
      write_ops_per_sec: MetricStats,
    })
    .optional(),
  network: z
    .object({
      bytes_sent_per_sec: MetricStats,
      bytes_received_per_sec: MetricStats,
      packets_sent_per_sec: MetricStats,
      packets_received_per_sec: MetricStats,
    })
    .optional(),
  custom_metrics: z.record(z.string(), MetricStats.extend({ unit: z.string().nullable() })).optional(),
});
export type AggregatedMetrics = z.infer<typeof AggregatedMetrics>;
export const AggregatedMetricsResponse = clusterEnvelope(AggregatedMetrics);

export const CUSTOM_METRIC_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.]{0,99}$/;
/** Distinct custom metric names per cluster (409 CUSTOM_METRIC_LIMIT beyond). */
export const CUSTOM_METRICS_PER_CLUSTER = 100;
/** Values kept per custom metric: the oldest are dropped beyond it (as beyond the retention). */
export const CUSTOM_METRIC_SAMPLES_MAX = 10_000;
/** A timestamp may run at most this far ahead of the service's clock. */
export const CUSTOM_METRIC_FUTURE_MS = 5 * 60_000;

export const CreateCustomMetricRequest = z.strictObject({
  name: z.string().regex(CUSTOM_METRIC_NAME_PATTERN, 'a letter or _, then letters, digits, _ or ., at most 100'),
  description: z.string().trim().max(500).optional(),
  type: z.literal('gauge', { error: 'gauge (the one type the document shows)' }).default('gauge'),
  unit: z.string().trim().min(1).max(32).optional(),
  tags: Tags.optional(),
  value: z.number({ error: 'a finite number' }).finite(),
  timestamp: Timestamp.optional(),
});
export type CreateCustomMetricRequest = z.input<typeof CreateCustomMetricRequest>;

export const CustomMetric = z.object({
  cluster_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.literal('gauge'),
  unit: z.string().nullable(),
  tags: z.array(z.string()),
  value: z.number(),
  timestamp: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
  /** Values kept for this metric after this one. */
  sample_count: z.number().int(),
});
export type CustomMetric = z.infer<typeof CustomMetric>;
export const CustomMetricResponse = clusterEnvelope(CustomMetric);
