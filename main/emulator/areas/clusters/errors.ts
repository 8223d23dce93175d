// The cluster area's errors, one factory per code (shared/api/clusters/errors.ts), all in
// the cluster envelope through core/errors.ts's clusterError.
import { clusterError } from '../../core/errors';

export const clusterNotFound = (cluster_id: string) => clusterError(404, 'CLUSTER_NOT_FOUND', 'No cluster with this id', { cluster_id });
export const portNotFound = (cluster_id: string, port_id: string) =>
  clusterError(404, 'PORT_NOT_FOUND', 'No port mapping with this id on the cluster', { cluster_id, port_id });
/** Names the mapping that holds the port, so a client can say which one ("6006 → 30001, TensorBoard"). */
export const portConflict = (external_port: number, holder: { id: string; internal_port: number; description: string } | null) =>
  clusterError(409, 'PORT_CONFLICT', `External port ${external_port} is already mapped on this cluster`, {
    field: 'external_port',
    external_port,
    port_id: holder?.id ?? 'pending',
    ...(holder ? { internal_port: holder.internal_port, description: holder.description } : {}),
  });
export const noFreePort = (range: [number, number]) =>
  clusterError(409, 'PORT_CONFLICT', 'No external port is left to assign on this cluster', { reason: 'no_free_port', range });
export const secretNotFound = (cluster_id: string, secret_name: string) =>
  clusterError(404, 'SECRET_NOT_FOUND', 'No secret of this name on the cluster', { cluster_id, secret_name });
export const secretExists = (cluster_id: string, name: string) =>
  clusterError(409, 'SECRET_EXISTS', 'A secret of this name already exists on the cluster', { cluster_id, name });
export const valueNotPermitted = (parameter: string, currentRole: string | null) =>
  clusterError(
    403,
    'INSUFFICIENT_PERMISSIONS',
    'Reading secret values needs a write key of an owner or admin, or the manage_security permission',
    {
      parameter,
      requiredPermission: 'manage_security',
      requiredRole: ['owner', 'admin'],
      currentRole,
    },
  );
export const templateNotFound = (template_id: string) =>
  clusterError(404, 'TEMPLATE_NOT_FOUND', 'No template with this id', { template_id });
export const templateNameExists = (name: string, project_id: string | null, existing_template_id: string) =>
  clusterError(409, 'TEMPLATE_NAME_EXISTS', 'A template of this name already exists in the project', {
    name,
    project_id,
    existing_template_id,
  });
export const officialReadOnly = (template_id: string, action: 'update' | 'delete') =>
  clusterError(403, 'OFFICIAL_TEMPLATE_READ_ONLY', `Official templates cannot be ${action === 'update' ? 'changed' : 'deleted'}`, {
    template_id,
    action,
  });
export const invalidResourceBounds = (issues: Array<{ path: (string | number)[]; message: string }>) =>
  clusterError(400, 'INVALID_RESOURCE_BOUNDS', issues[0]!.message, {
    field: issues[0]!.path.join('.'),
    issues: issues.map((i) => ({ field: i.path.join('.'), reason: i.message })),
  });
export const snapshotNotFound = (cluster_id: string, snapshot_id: string) =>
  clusterError(404, 'SNAPSHOT_NOT_FOUND', 'No snapshot with this id on the cluster', { cluster_id, snapshot_id });
export const storageCannotShrink = (current_storage_gb: number, requested_storage_gb: number) =>
  clusterError(400, 'STORAGE_CANNOT_SHRINK', `Storage can only grow: it is ${current_storage_gb} GB`, {
    current_storage_gb,
    requested_storage_gb,
  });
export const gpuUnavailable = (gpu_type: string, requested: number, available: number) =>
  clusterError(409, 'GPU_UNAVAILABLE', `At most ${available} ${gpu_type} GPUs are available to one cluster`, {
    gpu_type,
    requested,
    available,
  });
export const stopInvalidState = (current_status: string) =>
  clusterError(409, 'INVALID_STATE', `Only a running cluster can be stopped; this one is ${current_status}`, {
    current_status,
    required_status: 'running',
    suggestion:
      current_status === 'stopping'
        ? 'Wait for the stop under way to complete'
        : current_status === 'stopped'
          ? 'The cluster is already stopped'
          : 'Restart the cluster, or wait until it is running',
  });
export const restartInvalidState = (current_status: string) =>
  clusterError(409, 'INVALID_STATE', `A cluster can be restarted when running, stopped or in error; this one is ${current_status}`, {
    current_status,
    allowed_states: ['running', 'stopped', 'error'],
    suggestion: `Wait until the cluster is no longer ${current_status}, then retry`,
  });
export const secretUnreadable = (cluster_id: string, secret_name: string) =>
  clusterError(409, 'INVALID_STATE', 'The secret value was sealed with another secrets key and cannot be read', {
    cluster_id,
    secret_name,
    reason: 'secrets_key_mismatch',
  });
/** A past expiration_date, refused like a past API key `expiresAt` (same code, message and details shape). */
export const expiryInPast = (field: string) =>
  clusterError(400, 'VALIDATION_ERROR', `Invalid ${field}: must be in the future`, { field, reason: 'must be in the future' });
export const perUserAboveGlobal = (perUser: number, global: number) =>
  clusterError(
    400,
    'VALIDATION_ERROR',
    'Invalid rate_limiting.per_user_limit.requests_per_minute: the per-user limit is at most the global limit',
    {
      field: 'rate_limiting.per_user_limit.requests_per_minute',
      reason: `the per-user limit (${perUser}) is at most the global limit (${global})`,
    },
  );
