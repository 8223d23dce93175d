// The cluster area's records for the write-ahead log (docs/decisions.md, Persistence):
// `cluster:<id>` (a cluster without its secrets), `secret:<cluster id>:<name>` (one secret)
// `template:<id>`, and custom metrics: `cmetric:<cluster id>:<name>` (without its values) and
// `cmvalues:<cluster id>:<name>:<seq>` (one chunk of its values), and `transfer:<cluster id>:<hour
// ms>` (one bin of the log downloads' ledger, core/transfer.ts). Secrets are records of their own so that writing one secret does not
// log its cluster's others (a generated world holds up to 5,000 per cluster).
import { isTransferKey, putTransferBin, transferBin, type StoredTransferBin } from '../../core/transfer';
import type { ClustersState, StoredCluster, StoredCustomMetric, StoredSecret, StoredTemplate } from './state';

const CLUSTER = 'cluster:';
const SECRET = 'secret:';
const TEMPLATE = 'template:';
const METRIC = 'cmetric:';
const VALUES = 'cmvalues:';
const TRANSFER = 'transfer:';

export const clusterRecord = {
  cluster: (id: string) => `${CLUSTER}${id}`,
  secret: (clusterId: string, name: string) => `${SECRET}${clusterId}:${name}`,
  template: (id: string) => `${TEMPLATE}${id}`,
  customMetric: (clusterId: string, name: string) => `${METRIC}${clusterId}:${name}`,
  customValues: (clusterId: string, name: string, seq: number) => `${VALUES}${clusterId}:${name}:${seq}`,
  /** `key`: core/transfer.ts transferKey. */
  transfer: (key: string) => `${TRANSFER}${key}`,
} as const;

type Parsed =
  | { kind: 'cluster'; id: string }
  | { kind: 'secret'; clusterId: string; name: string }
  | { kind: 'template'; id: string }
  | { kind: 'metric'; clusterId: string; name: string; seq: number | null }
  | { kind: 'transfer'; key: string };

function parse(id: string): Parsed {
  // Metric names have no colon (CUSTOM_METRIC_NAME_PATTERN), cluster ids neither.
  for (const [prefix, values] of [
    [METRIC, false],
    [VALUES, true],
  ] as const) {
    if (!id.startsWith(prefix)) continue;
    const parts = id.slice(prefix.length).split(':');
    if (parts.length === (values ? 3 : 2) && parts[0] && parts[1] && (!values || /^\d+$/.test(parts[2]!)))
      return { kind: 'metric', clusterId: parts[0], name: parts[1], seq: values ? Number(parts[2]) : null };
  }
  if (id.startsWith(TRANSFER) && isTransferKey(id.slice(TRANSFER.length))) return { kind: 'transfer', key: id.slice(TRANSFER.length) };
  if (id.startsWith(CLUSTER)) return { kind: 'cluster', id: id.slice(CLUSTER.length) };
  if (id.startsWith(TEMPLATE)) return { kind: 'template', id: id.slice(TEMPLATE.length) };
  if (id.startsWith(SECRET)) {
    // Cluster ids have no colon (cluster_[A-Za-z0-9]+); secret names may not either, but the first colon is the divider.
    const rest = id.slice(SECRET.length);
    const colon = rest.indexOf(':');
    if (colon > 0) return { kind: 'secret', clusterId: rest.slice(0, colon), name: rest.slice(colon + 1) };
  }
  throw new Error(`no clusters record ${JSON.stringify(id.slice(0, 100))}`);
}

const metricOf = (s: ClustersState, clusterId: string, name: string) =>
  s.custom_metrics?.find((m) => m.cluster_id === clusterId && m.name === name);

export function clustersRecord(live: ClustersState, id: string): unknown {
  const r = parse(id);
  if (r.kind === 'transfer') return transferBin(live.transfers, r.key);
  if (r.kind === 'metric') {
    const m = metricOf(live, r.clusterId, r.name);
    if (!m) return undefined;
    if (r.seq !== null) return m.chunks.find((c) => c.seq === r.seq);
    const { chunks: _chunks, ...rest } = m;
    return rest;
  }
  if (r.kind === 'template') return live.templates.find((t) => t.id === r.id);
  const cluster = live.clusters.find((c) => c.id === (r.kind === 'cluster' ? r.id : r.clusterId));
  if (!cluster) return undefined;
  if (r.kind === 'secret') return cluster.secrets.find((s) => s.name === r.name);
  const { secrets: _secrets, ...rest } = cluster;
  return rest;
}

/** Upsert (or removal when `value` is undefined) of the element with `key` in `list`. */
function put<T>(list: T[], keyOf: (item: T) => string, key: string, value: T | undefined): void {
  const at = list.findIndex((item) => keyOf(item) === key);
  if (value === undefined) {
    if (at !== -1) list.splice(at, 1);
  } else if (at === -1) {
    list.push(value);
  } else {
    list[at] = value;
  }
}

export function applyClustersRecord(stored: unknown, id: string, value: unknown): void {
  const s = stored as ClustersState;
  const r = parse(id);
  if (r.kind === 'transfer') return putTransferBin((s.transfers ??= []), r.key, value as StoredTransferBin | undefined);
  if (r.kind === 'metric') {
    const list = (s.custom_metrics ??= []);
    const m = metricOf(s, r.clusterId, r.name);
    if (r.seq === null) {
      if (value === undefined) return put(list, (x) => `${x.cluster_id}:${x.name}`, `${r.clusterId}:${r.name}`, undefined);
      return put(list, (x) => `${x.cluster_id}:${x.name}`, `${r.clusterId}:${r.name}`, {
        ...(value as Omit<StoredCustomMetric, 'chunks'>),
        chunks: m?.chunks ?? [],
      });
    }
    if (!m) {
      if (value === undefined) return;
      throw new Error(`values of custom metric ${JSON.stringify(r.name)} that is not there (${r.clusterId})`);
    }
    return put(m.chunks, (c) => String(c.seq), String(r.seq), value as StoredCustomMetric['chunks'][number] | undefined);
  }
  if (r.kind === 'template') return put(s.templates, (t) => t.id, r.id, value as StoredTemplate | undefined);
  if (r.kind === 'cluster') {
    if (value === undefined) return put(s.clusters, (c) => c.id, r.id, undefined);
    // The cluster's secrets are records of their own: kept as they are.
    const secrets = s.clusters.find((c) => c.id === r.id)?.secrets ?? [];
    return put(s.clusters, (c) => c.id, r.id, { ...(value as Omit<StoredCluster, 'secrets'>), secrets } as StoredCluster);
  }
  const cluster = s.clusters.find((c) => c.id === r.clusterId);
  if (!cluster) {
    // Removing a secret of a cluster that is gone changes nothing; a batch logs a cluster before what it holds.
    if (value === undefined) return;
    throw new Error(`secret ${JSON.stringify(r.name)} of a cluster that is not there (${r.clusterId})`);
  }
  put(cluster.secrets, (x) => x.name, r.name, value as StoredSecret | undefined);
}
