// The restart dialog's form as plain data and its translation into a RestartRequest checked
// by the shared schema, plus the checks that need the cluster: storage can only grow, and
// the cost preview (old → new hourly rate) from the shared price table.
import type { Cluster } from '../../../../../shared/api/clusters/cluster';
import { estimateHourlyRate, type Protocol } from '../../../../../shared/api/clusters/common';
import { RestartRequest, type RestartRequestParsed } from '../../../../../shared/api/clusters/lifecycle';
import { envRowsToRecord, type EnvRow } from '../../../components/form/env-rows';
import { fieldErrors } from '../../../components/form/field-errors';
import { compact, lifecycleField, numberField, type FieldErrors, type FormResult } from './form-values';

export type { EnvRow };

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
  // Port rows are shown as `ports.<i>.<field>`, the same rows the form renders.
  if (!parsed.success)
    fieldErrors(
      parsed.error.issues,
      lifecycleField((p) => p.replace(/^port_mapping_updates\./, 'ports.')),
      errors,
    );
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/** Storage can only grow (02-clusters.md, Limits): shown as soon as a smaller size is typed. */
export function storageShrinkError(text: string, cluster: Cluster): string | undefined {
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
