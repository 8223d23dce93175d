// Error codes of the cluster area. The spec names only INVALID_STATE ("Error codes for the
// other cluster operations: not shown"); the rest are chosen here, each with when it is used.
import { z } from 'zod';

export const ClusterErrorCode = z.enum([
  /** 400: a params, query or body field fails its schema; details name the field. */
  'VALIDATION_ERROR',
  /** 400: an entry of an IP allow/block list is not an IPv4/IPv6 address or CIDR range. */
  'INVALID_IP_ADDRESS',
  /** 404: no cluster with this id (also a malformed id). */
  'CLUSTER_NOT_FOUND',
  /** 404: no port mapping with this id on the cluster. */
  'PORT_NOT_FOUND',
  /** 409: the requested external port is taken on this cluster, or no port is left to auto-assign. */
  'PORT_CONFLICT',
  /** 404: no secret of this name on the cluster. */
  'SECRET_NOT_FOUND',
  /** 409: a secret of this name already exists on the cluster. */
  'SECRET_EXISTS',
  /** 403: include_value(s)=true without the elevated permission. */
  'INSUFFICIENT_PERMISSIONS',
  /** 404: no template with this id. */
  'TEMPLATE_NOT_FOUND',
  /** 409: a template of this name already exists in the project. */
  'TEMPLATE_NAME_EXISTS',
  /** 403: update or delete of an official template. */
  'OFFICIAL_TEMPLATE_READ_ONLY',
  /** 400: template resources break min ≤ default ≤ max once merged with the stored ones. */
  'INVALID_RESOURCE_BOUNDS',
  /** 409: stop on a cluster not `running`; restart on one not `running`, `stopped` or `error` (02-clusters.md, Errors). */
  'INVALID_STATE',
  /** 404: restore_from_snapshot names no snapshot of this cluster. */
  'SNAPSHOT_NOT_FOUND',
  /** 400: update_configuration.storage_gb below the current storage (storage can only grow). */
  'STORAGE_CANNOT_SHRINK',
  /** 409: update_configuration.gpu_count more GPUs than the region has free. */
  'GPU_UNAVAILABLE',
  /** 409: a new custom metric name on a cluster that holds the most names it may (shared/api/clusters/metrics.ts). */
  'CUSTOM_METRIC_LIMIT',
]);
export type ClusterErrorCode = z.infer<typeof ClusterErrorCode>;
