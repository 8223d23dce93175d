// Stop and restart (02-clusters.md, Stop; Restart; States and transitions): requests with the
// document's defaults and maxima, phases in the document's order, and the two responses.
import { z } from 'zod';
import {
  ClusterStatus,
  ClusterMeta,
  EnvironmentMap,
  Port,
  Protocol,
  KnownRegion,
  SnapshotId,
  Timestamp,
  UserId,
  clusterEnvelope,
} from './common';
import { PortDescription } from './ports';

/**
 * Stop phases in order; `creating_snapshot` only when `save_state` is true.
 * @internal Exported for its tests only.
 */
export const StopPhase = z.enum([
  'notifying_processes',
  'waiting_for_graceful_exit',
  'creating_snapshot',
  'terminating_resources',
  'cleaning_up',
  'completed',
]);
export type StopPhase = z.infer<typeof StopPhase>;

/**
 * Restart phases in order; `creating_checkpoint` only when `preserve_state` is true.
 * @internal Exported for its tests only.
 */
export const RestartPhase = z.enum([
  'stopping_processes',
  'creating_checkpoint',
  'updating_configuration',
  'starting_services',
  'health_checks',
  'ready',
]);
export type RestartPhase = z.infer<typeof RestartPhase>;

export const GRACE_PERIOD_MAX = 30;
const STOP_TIMEOUT_DEFAULT = 10;
const RESTART_TIMEOUT_DEFAULT = 15;
export const WAIT_TIMEOUT_MAX = 60;

const GracePeriod = z.number().int().min(0).max(GRACE_PERIOD_MAX, `at most ${GRACE_PERIOD_MAX} minutes`);
const WaitTimeout = z.number().int().min(1).max(WAIT_TIMEOUT_MAX, `at most ${WAIT_TIMEOUT_MAX} minutes`);
const AuditText = z.string().trim().max(500);

export const StopRequest = z.strictObject({
  force: z.boolean().default(false),
  grace_period_minutes: GracePeriod.default(5),
  save_state: z.boolean().default(false),
  snapshot_name: z.string().trim().min(1).max(100).optional(),
  preserve_data: z.boolean().default(true),
  wait_for_completion: z.boolean().default(false),
  timeout_minutes: WaitTimeout.default(STOP_TIMEOUT_DEFAULT),
  stop_reason: AuditText.optional(),
  notify_users: z.array(UserId).max(100).optional(),
});
export type StopRequest = z.input<typeof StopRequest>;
export type StopRequestParsed = z.output<typeof StopRequest>;

/** Resource changes applied by restart; storage can only grow (checked by the emulator against the current size). */
const UpdateConfiguration = z.strictObject({
  cpu_cores: z.number().int().min(1).max(256).optional(),
  memory_gb: z.number().int().min(1).max(2048).optional(),
  storage_gb: z.number().int().min(10).max(65536).optional(),
  gpu_count: z.number().int().min(0).max(16).optional(),
  /** Only to a region the platform offers (a cluster is never moved to an unknown one). */
  region: KnownRegion.optional(),
});
type UpdateConfiguration = z.input<typeof UpdateConfiguration>;

const PortMappingUpdate = z.strictObject({
  internal_port: Port,
  /** 0 asks for an automatically assigned external port. */
  external_port: z.number().int().min(0).max(65535),
  protocol: Protocol.default('tcp'),
  description: PortDescription,
});

export const RestartRequest = z.strictObject({
  force: z.boolean().default(false),
  grace_period_minutes: GracePeriod.default(5),
  wait_for_ready: z.boolean().default(false),
  timeout_minutes: WaitTimeout.default(RESTART_TIMEOUT_DEFAULT),
  preserve_state: z.boolean().default(false),
  update_configuration: UpdateConfiguration.optional(),
  environment_updates: EnvironmentMap.optional(),
  port_mapping_updates: z.array(PortMappingUpdate).max(50).optional(),
  restart_reason: AuditText.optional(),
  restore_from_snapshot: SnapshotId.optional(),
  update_container_image: z.string().trim().min(1).max(255).optional(),
  apply_system_updates: z.boolean().default(false),
});
export type RestartRequest = z.input<typeof RestartRequest>;
export type RestartRequestParsed = z.output<typeof RestartRequest>;

const progressShape = {
  percentage: z.number().min(0).max(100),
  current_step: z.string(),
  steps_completed: z.number().int().min(0),
  total_steps: z.number().int().min(0),
};
const StopProgress = z.object({ phase: StopPhase, ...progressShape });
const RestartProgress = z.object({ phase: RestartPhase, ...progressShape });

/**
 * Progress of a stop or restart under way, as the cluster record carries it (chosen: the
 * spec shows progress only in the stop/restart responses; the app's phase view polls the
 * cluster and reads this).
 */
export const ClusterLifecycle = z.discriminatedUnion('operation', [
  z.object({ operation: z.literal('stop'), ...StopProgress.shape, started_at: Timestamp, estimated_completion_time: Timestamp }),
  z.object({ operation: z.literal('restart'), ...RestartProgress.shape, started_at: Timestamp, estimated_completion_time: Timestamp }),
]);
export type ClusterLifecycle = z.output<typeof ClusterLifecycle>;

export const StopData = z.object({
  id: z.string(),
  name: z.string(),
  status: ClusterStatus,
  stop_initiated_at: Timestamp,
  estimated_stop_time: Timestamp,
  stop_type: z.enum(['graceful', 'forced']),
  grace_period_minutes: z.number().int(),
  stop_progress: StopProgress,
  snapshot_creation: z.object({ enabled: z.boolean(), snapshot_id: SnapshotId.nullable() }),
  cost_impact: z.object({
    hourly_rate_saved: z.number(),
    session_cost_final: z.number(),
    billing_stopped_at: Timestamp,
  }),
  data_preservation: z.object({ volumes_preserved: z.array(z.string()), snapshots_created: z.number().int().min(0) }),
});
export type StopData = z.output<typeof StopData>;

export const RestartData = z.object({
  id: z.string(),
  name: z.string(),
  status: ClusterStatus,
  restart_initiated_at: Timestamp,
  estimated_completion_time: Timestamp,
  restart_type: z.enum(['graceful', 'forced']),
  restart_progress: RestartProgress,
  configuration_updates: z.object({ pending: z.array(z.string()), applied: z.array(z.string()) }),
  cost_impact: z.object({ old_hourly_rate: z.number(), new_hourly_rate: z.number(), rate_change_reason: z.string().nullable() }),
});
export type RestartData = z.output<typeof RestartData>;

export const StopResponse = clusterEnvelope(StopData, ClusterMeta.extend({ wait_for_completion: z.boolean() }));
export type StopResponse = z.output<typeof StopResponse>;

export const RestartResponse = clusterEnvelope(RestartData, ClusterMeta.extend({ wait_for_ready: z.boolean() }));
export type RestartResponse = z.output<typeof RestartResponse>;
