// The cluster record and the two cluster reads (02-clusters.md, Cluster; Cluster reads
// referenced by other operations). The document shows only some fields ("Full field list
// of the cluster record: not shown"); the rest are chosen for the operator's views.
import { z } from 'zod';
import {
  ClusterId,
  ClusterStatus,
  CURRENCY,
  GpuType,
  ProjectId,
  queryBool,
  Region,
  SnapshotId,
  TemplateId,
  Timestamp,
  UserId,
  clusterEnvelope,
} from './common';
import { ClusterLifecycle } from './lifecycle';
import { PortMapping } from './ports';

export const Snapshot = z.object({
  id: SnapshotId,
  name: z.string(),
  created_at: Timestamp,
  /** Chosen: the spec shows only id, name and created_at. */
  size_gb: z.number().min(0),
});
export type Snapshot = z.output<typeof Snapshot>;

/** Current metrics summary, only with `include_metrics=true` (percentages 0–100). */
const ClusterCurrentMetrics = z.object({
  gpu_utilization: z.number().min(0).max(100),
  gpu_memory_utilization: z.number().min(0).max(100),
  cpu_utilization: z.number().min(0).max(100),
  memory_utilization: z.number().min(0).max(100),
  storage_utilization: z.number().min(0).max(100),
  collected_at: Timestamp,
});

export const Cluster = z.object({
  id: ClusterId,
  name: z.string(),
  status: ClusterStatus,
  project_id: ProjectId,
  region: Region,
  gpu: z.object({ type: GpuType, count: z.number().int().min(0) }),
  resources: z.object({
    cpu_cores: z.number().int().min(1),
    memory_gb: z.number().int().min(1),
    storage_gb: z.number().int().min(1),
  }),
  cost: z.object({
    hourly_rate: z.number().min(0),
    currency: z.literal(CURRENCY),
    /** Cost of the current (or last) billing session. */
    session_cost: z.number().min(0),
    billing_started_at: Timestamp.nullable(),
    /** Set when a stop ends billing. */
    billing_stopped_at: Timestamp.nullable(),
  }),
  uptime_seconds: z.number().int().min(0),
  last_accessed: Timestamp.nullable(),
  created_at: Timestamp,
  template_info: z.object({ template_id: TemplateId.nullable(), name: z.string().nullable(), container_image: z.string() }),
  storage: z.object({ snapshots: z.array(Snapshot), volumes: z.array(z.string()) }),
  network: z.object({ proxy_url: z.string(), port_mappings: z.array(PortMapping) }),
  project_info: z.object({ project_id: ProjectId, team_members: z.array(UserId) }),
  environment: z.record(z.string(), z.string()),
  metrics: z.object({ current: ClusterCurrentMetrics }).optional(),
  /**
   * Present while the cluster is `stopping` or `restarting` (chosen): the progress the
   * stop/restart response started, recomputed from the simulated clock on every read. The
   * app's phase progress view follows the cluster through it until `stopped`/`running`.
   */
  lifecycle: ClusterLifecycle.optional(),
});
export type Cluster = z.output<typeof Cluster>;

export const ListClustersQuery = z.strictObject({
  status: ClusterStatus.optional(),
  project_id: ProjectId.optional(),
  include_metrics: queryBool(false),
});
export type ListClustersQuery = z.input<typeof ListClustersQuery>;

export const ListClustersResponse = clusterEnvelope(z.object({ clusters: z.array(Cluster) }));
export type ListClustersResponse = z.output<typeof ListClustersResponse>;

export const ClusterResponse = clusterEnvelope(Cluster);
export type ClusterResponse = z.output<typeof ClusterResponse>;
