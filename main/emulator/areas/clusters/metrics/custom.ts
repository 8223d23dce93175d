// Custom gauge metrics of a cluster (02-clusters.md, Metrics: POST metrics/custom): stored per
// cluster and name, values in chunks (records.ts), bounded in names per cluster and in values
// per metric (shared/api/clusters/metrics.ts); read by the snapshot, history and statistics.
import {
  CUSTOM_METRIC_FUTURE_MS,
  CUSTOM_METRIC_SAMPLES_MAX,
  CUSTOM_METRICS_PER_CLUSTER,
  METRICS_RETENTION_DAYS,
  type CustomMetric,
} from '../../../../../shared/api/clusters/metrics';
import { clusterError } from '../../../core/errors';
import type { Store } from '../../../state/store';
import { iso } from '../envelope';
import { clusterRecord } from '../records';
import { AREA, clustersState, type StoredCluster, type StoredCustomMetric } from '../state';
import { CUSTOM_CHUNK } from '../stored-schema';

const DAY = 86_400_000;
export const RETENTION_MS = METRICS_RETENTION_DAYS * DAY;

const customMetricLimit = (cluster_id: string, name: string) =>
  clusterError(
    409,
    'CUSTOM_METRIC_LIMIT',
    `A cluster holds at most ${CUSTOM_METRICS_PER_CLUSTER} custom metrics; publish to an existing name or use tags`,
    { cluster_id, name, limit: CUSTOM_METRICS_PER_CLUSTER },
  );

const outOfRange = (reason: string) =>
  clusterError(400, 'VALIDATION_ERROR', `Invalid timestamp: ${reason}`, { field: 'timestamp', reason });

export function customMetricsOf(store: Store, clusterId: string): StoredCustomMetric[] {
  return (clustersState(store).custom_metrics ?? []).filter((m) => m.cluster_id === clusterId);
}

export interface CustomInput {
  name: string;
  description?: string | undefined;
  unit?: string | undefined;
  tags?: string[] | undefined;
  value: number;
  timestamp?: string | undefined;
}

/** Records one value (and the metric's latest description); returns the metric as answered. */
export function publishCustomMetric(store: Store, c: StoredCluster, body: CustomInput, now: number): CustomMetric {
  const at = body.timestamp === undefined ? now : Date.parse(body.timestamp);
  if (at > now + CUSTOM_METRIC_FUTURE_MS) throw outOfRange('at most 5 minutes ahead of the service clock');
  if (at < now - RETENTION_MS) throw outOfRange(`within the ${METRICS_RETENTION_DAYS}-day retention`);
  const s = clustersState(store);
  const list = (s.custom_metrics ??= []);
  let m = list.find((x) => x.cluster_id === c.id && x.name === body.name);
  if (!m) {
    if (list.filter((x) => x.cluster_id === c.id).length >= CUSTOM_METRICS_PER_CLUSTER) throw customMetricLimit(c.id, body.name);
    m = { cluster_id: c.id, name: body.name, description: null, unit: null, tags: [], created_at: now, updated_at: now, chunks: [] };
    list.push(m);
  }
  if (body.description !== undefined) m.description = body.description;
  if (body.unit !== undefined) m.unit = body.unit;
  if (body.tags !== undefined) m.tags = [...body.tags];
  m.updated_at = now;
  store.touch(AREA, clusterRecord.customMetric(c.id, m.name));
  let last = m.chunks[m.chunks.length - 1];
  if (!last || last.samples.length >= CUSTOM_CHUNK) {
    last = { seq: last ? last.seq + 1 : 0, samples: [] };
    m.chunks.push(last);
  }
  last.samples.push([at, body.value]);
  store.touch(AREA, clusterRecord.customValues(c.id, m.name, last.seq));
  // Bounded: beyond the most values a metric keeps, its oldest chunk goes.
  while (m.chunks.length > 1 && m.chunks.reduce((n, x) => n + x.samples.length, 0) > CUSTOM_METRIC_SAMPLES_MAX) {
    const gone = m.chunks.shift()!;
    store.touch(AREA, clusterRecord.customValues(c.id, m.name, gone.seq));
  }
  return {
    cluster_id: c.id,
    name: m.name,
    description: m.description,
    type: 'gauge',
    unit: m.unit,
    tags: [...m.tags],
    value: body.value,
    timestamp: iso(at),
    created_at: iso(m.created_at),
    updated_at: iso(m.updated_at),
    sample_count: m.chunks.reduce((n, x) => n + x.samples.length, 0),
  };
}

/** Values of a metric in [from, to), by time. */
export function valuesIn(m: StoredCustomMetric, from: number, to: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const chunk of m.chunks) for (const v of chunk.samples) if (v[0] >= from && v[0] < to) out.push(v);
  return out.sort((a, b) => a[0] - b[0]);
}

/** The latest value at or before t within the retention, or undefined. */
export function latestAt(m: StoredCustomMetric, t: number): number | undefined {
  let best: [number, number] | undefined;
  for (const chunk of m.chunks)
    for (const v of chunk.samples) if (v[0] <= t && v[0] >= t - RETENTION_MS && (!best || v[0] >= best[0])) best = v;
  return best?.[1];
}
