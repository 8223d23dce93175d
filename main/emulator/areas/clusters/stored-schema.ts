// The cluster area's stored state (`state.areas.clusters`) as zod schemas: the one source of
// its TypeScript types (state.ts infers them) and the check a snapshot's cluster area passes
// on import and on load, so a malformed one is refused up front instead of failing later
// requests with 500. Kept in main/: the admin snapshot schema in shared/ treats areas as
// opaque, and state/area-schemas.ts applies this one.
import { z } from 'zod';
import { ClusterId, GpuType, Port, PortId, Protocol, SnapshotId, TemplateId, UserId } from '../../../../shared/api/clusters/common';
import { NetworkConfiguration, ProxyAccessControl } from '../../../../shared/api/clusters/proxy';
import { SecretCategory, SecretName, SecretType } from '../../../../shared/api/clusters/secrets';
import { Template } from '../../../../shared/api/clusters/templates';
import { CUSTOM_METRIC_NAME_PATTERN } from '../../../../shared/api/clusters/metrics';
import { RoleKey } from '../../../../shared/api/common';
import { StoredTransferLedger } from '../../core/transfer';

/**
 * Simulated ms, years 0000–9999 (a world may start at any simulated time): every stored time
 * and every time derived from it (plus the bounded durations below) formats as an ISO
 * timestamp, where a larger one would throw in the views.
 */
const Ms = z.number().int().min(Date.parse('0000-01-01T00:00:00.000Z')).max(Date.parse('9999-12-31T23:59:59.999Z'));
const Count = z.number().int().min(0);
/** Durations added to stored times: at most a century of days, a year per phase. */
const Days = Count.max(36_525);
const PhaseMs = Count.max(366 * 86_400_000);
/** Values per stored chunk of a custom metric. */
export const CUSTOM_CHUNK = 100;

export const StoredPort = z.object({
  id: PortId,
  internal_port: Port,
  external_port: Port,
  protocol: Protocol,
  description: z.string(),
  health_check: z.object({ enabled: z.boolean(), path: z.string(), interval_seconds: Count, timeout_seconds: Count }),
  health: z.enum(['healthy', 'unhealthy', 'unknown']),
  consecutive_failures: Count,
  access_control: z.object({
    authentication_required: z.boolean(),
    allowed_users: z.array(z.string()),
    ip_whitelist: z.array(z.string()),
    rate_limit: z.object({ requests_per_minute: Count, burst_size: Count }).nullable(),
    public_access: z.boolean(),
  }),
  custom_domain: z.string().nullable(),
  stats: z.object({ total_requests: Count, unique_visitors: Count, avg_response_time_ms: z.number().min(0), last_accessed: Ms.nullable() }),
  created_at: Ms,
  updated_at: Ms,
});

export const StoredSecret = z.object({
  name: SecretName,
  description: z.string().nullable(),
  type: SecretType,
  category: SecretCategory,
  /** AES-256-GCM sealed value (secret-cipher.ts); one sealed with another key answers SECRET_UNREADABLE, not 500. */
  sealed: z.string(),
  environment_variable: z.string().nullable(),
  file_path: z.string().nullable(),
  expiration_date: Ms.nullable(),
  rotation: z.object({ enabled: z.boolean(), interval_days: Days, notification_days_before: Days, last_rotated_at: Ms }),
  permissions: z.object({
    read_only: z.boolean(),
    file_mode: z.string().nullable(),
    allowed_users: z.array(z.string()),
    allowed_roles: z.array(RoleKey),
  }),
  access_count: Count,
  last_accessed: Ms.nullable(),
  tags: z.array(z.string()),
  created_at: Ms,
  updated_at: Ms,
});

const StoredSnapshot = z.object({
  id: SnapshotId,
  name: z.string(),
  /** When the snapshot phase ends; a snapshot is listed once this is past. */
  created_at: Ms,
  size_gb: z.number().min(0),
});

/** A stop or restart under way: its start and plan; progress is computed when read (sim/phases.ts). */
export const StoredLifecycle = z
  .object({
    kind: z.enum(['stop', 'restart']),
    started_at: Ms,
    /**
     * [phase, duration ms] in the document's order, the final phase excluded. Never empty:
     * progress reads the current phase from it while the stop or restart is under way.
     */
    phases: z
      .array(z.tuple([z.string().min(1), PhaseMs]))
      .min(1)
      .max(50),
    type: z.enum(['graceful', 'forced']),
    grace_period_minutes: Count,
    timeout_minutes: Count,
    snapshot_id: z.string().nullable(),
    /** Stop only. */
    stop: z
      .object({
        hourly_rate_saved: z.number(),
        session_cost_final: z.number(),
        billing_stopped_at: Ms,
        volumes_preserved: z.array(z.string()),
      })
      .optional(),
    /** Restart only. */
    restart: z
      .object({
        changes: z.array(z.string()),
        old_hourly_rate: z.number(),
        new_hourly_rate: z.number(),
        rate_change_reason: z.string().nullable(),
      })
      .optional(),
  })
  // The views read `op.stop!` / `op.restart!` by kind: the matching details must be there.
  .superRefine((op, ctx) => {
    if (op[op.kind] === undefined)
      ctx.addIssue({ code: 'custom', path: [op.kind], message: `a ${op.kind} under way needs its ${op.kind} details` });
  });

/**
 * Closed billed stretches kept per cluster (issue 21: usage over past periods): the oldest go
 * first past this many (docs/decisions.md, Clusters: billing history).
 */
export const BILLING_HISTORY_MAX = 1000;

/** A closed stretch of billing at one hourly rate. */
const BilledSpan = z.object({ start: Ms, end: Ms, hourly_rate: z.number().min(0) });

export const StoredCluster = z.object({
  id: ClusterId,
  name: z.string(),
  /** Settled status; `stopping`/`restarting` come from `lifecycle`, `starting` ends at `starting_until`. */
  status: z.enum(['running', 'stopped', 'error', 'starting']),
  project_id: z.string(),
  region: z.string(),
  /** At most 64 GPUs (restart allows 8): metrics lay out a vector per GPU, an imported count must not exhaust memory. */
  gpu: z.object({ type: GpuType, count: Count.max(64) }),
  resources: z.object({ cpu_cores: Count, memory_gb: Count, storage_gb: Count }),
  hourly_rate: z.number().min(0),
  billing_started_at: Ms.nullable(),
  billing_stopped_at: Ms.nullable(),
  /**
   * Billing before the current stretch, oldest first: earlier sessions, and this session's part
   * before a restart changed its rate. Absent in snapshots older than issue 21: none.
   */
  billing_history: z.array(BilledSpan).max(BILLING_HISTORY_MAX).default([]),
  /** Since when `hourly_rate` applies in the current session (a restart changed it); null: since billing_started_at. */
  rate_since: Ms.nullable().default(null),
  started_at: Ms.nullable(),
  starting_until: Ms.nullable(),
  last_accessed: Ms.nullable(),
  created_at: Ms,
  template_id: TemplateId.nullable(),
  template_name: z.string().nullable(),
  container_image: z.string(),
  snapshots: z.array(StoredSnapshot),
  volumes: z.array(z.string()),
  proxy_url: z.string(),
  proxy: z.object({ access: ProxyAccessControl, network: NetworkConfiguration, updated_at: Ms, ssl_valid_from: Ms, ssl_valid_until: Ms }),
  ports: z.array(StoredPort),
  team_members: z.array(UserId),
  environment: z.record(z.string(), z.string()),
  secrets: z.array(StoredSecret),
  lifecycle: StoredLifecycle.nullable(),
  /** The member who created it (issue 19, team detail); absent from older data. */
  created_by: z.string().nullable().optional(),
});

/**
 * A custom metric of a cluster (metrics/custom): its latest description, and its values in
 * chunks of at most CUSTOM_CHUNK, each a record of its own in the write-ahead log so that a new
 * value logs one chunk, not the whole history (docs/decisions.md, Metrics).
 */
export const StoredCustomMetric = z.object({
  cluster_id: ClusterId,
  name: z.string().regex(CUSTOM_METRIC_NAME_PATTERN),
  description: z.string().nullable(),
  unit: z.string().nullable(),
  tags: z.array(z.string()),
  created_at: Ms,
  updated_at: Ms,
  chunks: z.array(
    z.object({
      seq: Count,
      samples: z.array(z.tuple([Ms, z.number()])).max(CUSTOM_CHUNK),
    }),
  ),
});

/** Templates are kept in their wire shape, without the derived estimated_hourly_cost. */
export const StoredTemplate = Template.extend({
  default_configuration: Template.shape.default_configuration.omit({ estimated_hourly_cost: true }),
});

/** Lookups are by id (and secrets by name within a cluster): duplicates would make them ambiguous. */
function unique<T>(items: T[], keyOf: (item: T) => string, path: (i: number) => PropertyKey[], what: string, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const k = keyOf(item);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: path(i), message: `duplicate ${what} ${JSON.stringify(k)}` });
    seen.add(k);
  });
}

export const ClustersState = z
  .object({
    clusters: z.array(StoredCluster),
    templates: z.array(StoredTemplate),
    /** Absent in snapshots written before metrics existed. */
    custom_metrics: z.array(StoredCustomMetric).optional(),
    /** What the clusters' log downloads transferred, by cluster and hour (core/transfer.ts); absent before issue 21: none. */
    transfers: StoredTransferLedger,
  })
  .superRefine((s, ctx) => {
    unique(
      s.clusters,
      (c) => c.id,
      (i) => ['clusters', i, 'id'],
      'cluster id',
      ctx,
    );
    unique(
      s.templates,
      (t) => t.id,
      (i) => ['templates', i, 'id'],
      'template id',
      ctx,
    );
    unique(
      s.custom_metrics ?? [],
      (m) => `${m.cluster_id}:${m.name}`,
      (i) => ['custom_metrics', i, 'name'],
      'custom metric',
      ctx,
    );
    s.clusters.forEach((c, ci) => {
      unique(
        c.ports,
        (p) => p.id,
        (i) => ['clusters', ci, 'ports', i, 'id'],
        'port id',
        ctx,
      );
      unique(
        c.secrets,
        (x) => x.name,
        (i) => ['clusters', ci, 'secrets', i, 'name'],
        'secret name',
        ctx,
      );
    });
  });
