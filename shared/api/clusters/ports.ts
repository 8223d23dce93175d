// Port mappings of a cluster's proxy (02-clusters.md, Port mapping; Proxy and ports).
import { z } from 'zod';
import { ClusterId, IpList, Hostname, Port, PortId, Protocol, Timestamp, UserId, clusterEnvelope, DeletedData } from './common';

export const HEALTH_INTERVAL_MIN = 5;
export const HEALTH_INTERVAL_MAX = 3600;
export const HEALTH_TIMEOUT_MIN = 1;
export const HEALTH_TIMEOUT_MAX = 300;

const HealthPath = z
  .string()
  .max(2048)
  .regex(/^\/[^\s]*$/, 'a path starting with /');
const IntervalSeconds = z.number().int().min(HEALTH_INTERVAL_MIN).max(HEALTH_INTERVAL_MAX);
const TimeoutSeconds = z.number().int().min(HEALTH_TIMEOUT_MIN).max(HEALTH_TIMEOUT_MAX);

const timeoutBelowInterval = (h: { interval_seconds?: number; timeout_seconds?: number }) =>
  h.interval_seconds === undefined || h.timeout_seconds === undefined || h.timeout_seconds < h.interval_seconds;
const timeoutMessage = { message: 'the timeout is shorter than the interval', path: ['timeout_seconds'] };

/** Health check on create: chosen defaults enabled, `/`, every 30 s, 5 s timeout. */
export const HealthCheckInput = z
  .strictObject({
    enabled: z.boolean().default(true),
    path: HealthPath.default('/'),
    interval_seconds: IntervalSeconds.default(30),
    timeout_seconds: TimeoutSeconds.default(5),
  })
  .refine(timeoutBelowInterval, timeoutMessage);
export type HealthCheckInput = z.input<typeof HealthCheckInput>;

/** Health check on update: only the fields given change (the emulator re-checks timeout < interval after merging). */
const HealthCheckPatch = z
  .strictObject({
    enabled: z.boolean().optional(),
    path: HealthPath.optional(),
    interval_seconds: IntervalSeconds.optional(),
    timeout_seconds: TimeoutSeconds.optional(),
  })
  .refine(timeoutBelowInterval, timeoutMessage);
type HealthCheckPatch = z.input<typeof HealthCheckPatch>;

export const RATE_LIMIT_RPM_MAX = 100_000;
export const RATE_LIMIT_BURST_MAX = 10_000;
const PortRateLimit = z.strictObject({
  requests_per_minute: z.number().int().min(1).max(RATE_LIMIT_RPM_MAX),
  burst_size: z.number().int().min(1).max(RATE_LIMIT_BURST_MAX),
});
type PortRateLimit = z.infer<typeof PortRateLimit>;

const accessControlShape = {
  authentication_required: z.boolean(),
  allowed_users: z.array(UserId).max(1000),
  ip_whitelist: IpList,
  rate_limit: PortRateLimit.nullable(),
  public_access: z.boolean(),
};
/** Access control input: every member optional (chosen defaults: authentication on, no lists, no limit, not public). */
const PortAccessControlInput = z.strictObject({
  authentication_required: accessControlShape.authentication_required.optional(),
  allowed_users: accessControlShape.allowed_users.optional(),
  ip_whitelist: accessControlShape.ip_whitelist.optional(),
  rate_limit: accessControlShape.rate_limit.optional(),
  public_access: accessControlShape.public_access.optional(),
});
type PortAccessControlInput = z.input<typeof PortAccessControlInput>;

/** @internal Exported for its tests only. */
export const DESCRIPTION_MAX = 500;
export const PortDescription = z.string().trim().min(1, 'A description is required').max(DESCRIPTION_MAX);

export const CreatePortMappingRequest = z.strictObject({
  internal_port: Port,
  /** Omitted: the emulator assigns a free external port. */
  external_port: Port.optional(),
  protocol: Protocol.default('tcp'),
  description: PortDescription,
  health_check: HealthCheckInput.optional(),
  access_control: PortAccessControlInput.optional(),
  custom_domain: Hostname.optional(),
});
export type CreatePortMappingRequest = z.input<typeof CreatePortMappingRequest>;

export const UpdatePortMappingRequest = z.strictObject({
  description: PortDescription.optional(),
  health_check: HealthCheckPatch.optional(),
  access_control: PortAccessControlInput.optional(),
});
export type UpdatePortMappingRequest = z.input<typeof UpdatePortMappingRequest>;

/** Port status values: only `active` is shown by the spec. */
const PortStatus = z.enum(['active']);
const PortHealthStatus = z.enum(['healthy', 'unhealthy', 'unknown']);

export const PortMapping = z.object({
  id: PortId,
  internal_port: Port,
  external_port: Port,
  protocol: Protocol,
  description: z.string(),
  url: z.string(),
  status: PortStatus,
  /** Only with `include_health=true` on GET proxy. */
  health_status: PortHealthStatus.optional(),
  health_check: z.object({
    enabled: z.boolean(),
    path: z.string(),
    interval_seconds: z.number().int(),
    timeout_seconds: z.number().int(),
    last_check: Timestamp.nullable(),
    consecutive_failures: z.number().int().min(0),
  }),
  access_control: z.object(accessControlShape),
  custom_domain: z.string().nullable(),
  usage_statistics: z.object({
    total_requests: z.number().int().min(0),
    unique_visitors: z.number().int().min(0),
    last_accessed: Timestamp.nullable(),
    avg_response_time_ms: z.number().min(0),
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PortMapping = z.output<typeof PortMapping>;

export const PortIdParams = z.strictObject({ cluster_id: ClusterId, port_id: PortId });
export type PortIdParams = z.infer<typeof PortIdParams>;

/** Create and update answer the mapping (spec: "not shown"; chosen). */
export const PortMappingResponse = clusterEnvelope(PortMapping);
export type PortMappingResponse = z.output<typeof PortMappingResponse>;
export const DeletePortMappingResponse = clusterEnvelope(DeletedData);
export type DeletePortMappingResponse = z.output<typeof DeletePortMappingResponse>;
