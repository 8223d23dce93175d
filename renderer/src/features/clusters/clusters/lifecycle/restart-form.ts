// The restart dialog's form as plain data and its translation into a RestartRequest checked
// by the shared schema, plus the checks that need the cluster: storage can only grow, and
// the cost preview (old → new hourly rate) from the shared price table.
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import { estimateHourlyRate, type Protocol } from '../../../../../../shared/api/clusters/common';
import { RestartRequest, type RestartRequestParsed } from '../../../../../../shared/api/clusters/lifecycle';
import { envRowsToRecord, type EnvRow } from '../../../../components/form/env-rows';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import { placeApiError } from '../../../../components/form/api-error-fields';
import { fieldErrors, type FieldLabels } from '../../../../components/form/field-errors';
import type { ServerFieldError } from '../../../../components/form/use-validated-form';
import { compact, lifecycleField, numberField, type FieldErrors, type FormResult } from './form-values';

export interface PortRow {
  internalPort: string;
  /** '' or 0 asks for an automatically assigned external port. */
  externalPort: string;
  protocol: Protocol;
  description: string;
}

export interface RestartForm {
  force: boolean;
  gracePeriodMinutes: string;
  waitForReady: boolean;
  timeoutMinutes: string;
  preserveState: boolean;
  /** Resource changes: '' keeps the current value. */
  cpuCores: string;
  memoryGb: string;
  storageGb: string;
  gpuCount: string;
  region: string;
  environment: EnvRow[];
  ports: PortRow[];
  restartReason: string;
  restoreFromSnapshot: string;
  updateContainerImage: string;
  applySystemUpdates: boolean;
}

/** The document's defaults, as the shared schema declares them: graceful, 5 minutes' grace, no wait, 15 minutes' timeout, nothing changed. */
const defaults = RestartRequest.parse({});
export const defaultRestartForm = (): RestartForm => ({
  force: defaults.force,
  gracePeriodMinutes: String(defaults.grace_period_minutes),
  waitForReady: defaults.wait_for_ready,
  timeoutMinutes: String(defaults.timeout_minutes),
  preserveState: defaults.preserve_state,
  cpuCores: '',
  memoryGb: '',
  storageGb: '',
  gpuCount: '',
  region: '',
  environment: [],
  ports: [],
  restartReason: '',
  restoreFromSnapshot: '',
  updateContainerImage: '',
  applySystemUpdates: defaults.apply_system_updates,
});

export const emptyPortRow = (): PortRow => ({ internalPort: '', externalPort: '', protocol: 'tcp', description: '' });

function environmentUpdates(rows: readonly EnvRow[], errors: FieldErrors): Record<string, string> | undefined {
  const out = envRowsToRecord(rows, errors);
  return Object.keys(out).length ? out : undefined;
}

function portUpdates(rows: readonly PortRow[]) {
  const used = rows.filter((r) => r.internalPort.trim() !== '' || r.description.trim() !== '');
  if (!used.length) return undefined;
  return used.map((r) => ({
    internal_port: numberField(r.internalPort),
    external_port: numberField(r.externalPort) ?? 0,
    protocol: r.protocol,
    description: r.description,
  }));
}

/**
 * The restart dialog's fields by error key → the form member each shows (rows: the whole list).
 * @internal Exported for its tests only.
 */
export const RESTART_FIELDS = {
  grace_period_minutes: 'gracePeriodMinutes',
  timeout_minutes: 'timeoutMinutes',
  'update_configuration.cpu_cores': 'cpuCores',
  'update_configuration.memory_gb': 'memoryGb',
  'update_configuration.storage_gb': 'storageGb',
  'update_configuration.gpu_count': 'gpuCount',
  'update_configuration.region': 'region',
  update_container_image: 'updateContainerImage',
  restore_from_snapshot: 'restoreFromSnapshot',
  restart_reason: 'restartReason',
} as const satisfies Record<string, keyof RestartForm>;

/** Error keys of the rows' fields: `environment.<i>.key`, `ports.<i>.internal_port|external_port|description`. */
const ROW_KEY = /^(environment\.\d+\.key|ports\.\d+\.(internal_port|external_port|description))$/;

export const RESTART_LABELS: FieldLabels = {
  grace_period_minutes: 'Grace period',
  timeout_minutes: 'Timeout',
  'update_configuration.cpu_cores': 'CPU cores',
  'update_configuration.memory_gb': 'Memory (GB)',
  'update_configuration.storage_gb': 'Storage (GB)',
  'update_configuration.gpu_count': 'GPUs',
  'update_configuration.region': 'Region',
  update_container_image: 'New container image',
  restore_from_snapshot: 'Restore from snapshot',
  restart_reason: 'Reason',
  port_mapping_updates: 'Port mapping updates',
  environment_updates: 'Environment updates',
};

/** A request path to the form's error key: port rows as `ports.<i>.…`, an environment value on its row's name. */
function restartErrorKey(path: string, form: RestartForm): string {
  if (path.startsWith('port_mapping_updates.')) return path.replace(/^port_mapping_updates\./, 'ports.');
  const env = /^environment_updates\.(.+)$/.exec(path);
  if (env) {
    const row = form.environment.findIndex((r) => r.key.trim() === env[1]);
    if (row >= 0) return `environment.${row}.key`;
  }
  return path;
}

export function toRestartRequest(form: RestartForm, cluster: Cluster): FormResult<RestartRequestParsed> {
  const errors: FieldErrors = {};
  const updateConfiguration = compact({
    cpu_cores: numberField(form.cpuCores),
    memory_gb: numberField(form.memoryGb),
    storage_gb: numberField(form.storageGb),
    gpu_count: numberField(form.gpuCount),
    region: form.region.trim() || undefined,
  });
  const shrink = storageShrinkError(form.storageGb, cluster);
  if (shrink) errors['update_configuration.storage_gb'] = shrink;
  const candidate = compact({
    force: form.force,
    grace_period_minutes: form.force ? undefined : numberField(form.gracePeriodMinutes),
    wait_for_ready: form.waitForReady,
    timeout_minutes: form.waitForReady ? numberField(form.timeoutMinutes) : undefined,
    preserve_state: form.preserveState,
    update_configuration: Object.keys(updateConfiguration).length ? updateConfiguration : undefined,
    environment_updates: environmentUpdates(form.environment, errors),
    port_mapping_updates: portUpdates(form.ports),
    restart_reason: form.restartReason.trim() || undefined,
    restore_from_snapshot: form.restoreFromSnapshot || undefined,
    update_container_image: form.updateContainerImage.trim() || undefined,
    apply_system_updates: form.applySystemUpdates,
  });
  const parsed = RestartRequest.safeParse(candidate);
  // Port rows are shown as `ports.<i>.<field>`, the same rows the form renders; what no field shows is named by its label.
  if (!parsed.success) {
    const keys = parsed.error.issues.map((i) => restartErrorKey(i.path.map(String).join('.'), form));
    fieldErrors(
      parsed.error.issues,
      lifecycleField((p) => restartErrorKey(p, form), {
        schema: RestartRequest,
        shown: [...Object.keys(RESTART_FIELDS), ...keys.filter((k) => ROW_KEY.test(k))],
        labels: RESTART_LABELS,
      }),
      errors,
    );
  }
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/** The service's refusals on the field they concern: storage that would shrink, GPUs not available, an unknown snapshot, a refused field. */
export function restartApiErrorFields(error: NormalizedError, form: RestartForm): ServerFieldError<RestartForm>[] | null {
  const d = error.details ?? {};
  return placeApiError<RestartForm>(error, {
    members: RESTART_FIELDS,
    memberOf: (key) => (ROW_KEY.test(key) ? (key.startsWith('ports.') ? 'ports' : 'environment') : undefined),
    rename: (path) => restartErrorKey(path, form),
    codes: {
      STORAGE_CANNOT_SHRINK: () => ({
        key: 'update_configuration.storage_gb',
        message:
          typeof d.current_storage_gb === 'number' ? `Storage can only grow: at least ${d.current_storage_gb} GB` : 'Storage can only grow',
      }),
      GPU_UNAVAILABLE: () => ({
        key: 'update_configuration.gpu_count',
        message: typeof d.available === 'number' ? `At most ${d.available} available to one cluster` : error.message,
      }),
      SNAPSHOT_NOT_FOUND: () => ({ key: 'restore_from_snapshot', message: 'This snapshot no longer exists; choose another' }),
    },
  });
}

/** Storage can only grow (02-clusters.md, Limits): shown as soon as a smaller size is typed. */
function storageShrinkError(text: string, cluster: Cluster): string | undefined {
  const storage = numberField(text);
  return typeof storage === 'number' && storage < cluster.resources.storage_gb
    ? `Storage can only grow: at least ${cluster.resources.storage_gb} GB`
    : undefined;
}

export interface RestartCostImpact {
  oldHourlyRate: number;
  newHourlyRate: number;
  changed: boolean;
}

/** Old → new hourly rate; the new one from estimateHourlyRate when resources change, else the current rate. */
export function restartCostImpact(form: RestartForm, cluster: Cluster): RestartCostImpact {
  const pick = (text: string, current: number) => {
    const n = numberField(text);
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : current;
  };
  const next = {
    gpu_type: cluster.gpu.type,
    gpu_count: pick(form.gpuCount, cluster.gpu.count),
    cpu_cores: pick(form.cpuCores, cluster.resources.cpu_cores),
    memory_gb: pick(form.memoryGb, cluster.resources.memory_gb),
    storage_gb: pick(form.storageGb, cluster.resources.storage_gb),
  };
  const changed =
    next.gpu_count !== cluster.gpu.count ||
    next.cpu_cores !== cluster.resources.cpu_cores ||
    next.memory_gb !== cluster.resources.memory_gb ||
    next.storage_gb !== cluster.resources.storage_gb;
  const oldHourlyRate = cluster.cost.hourly_rate;
  return { oldHourlyRate, newHourlyRate: changed ? estimateHourlyRate(next) : oldHourlyRate, changed };
}
