// Restart a cluster (02-clusters.md, Restart): every option with its default and bound,
// configuration changes (storage can only grow), environment and port updates, snapshot
// restore, the old → new hourly rate before confirming, API errors with details, then the
// live phases.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import { KNOWN_REGIONS } from '../../../../../../shared/api/clusters/common';
import { GRACE_PERIOD_MAX, WAIT_TIMEOUT_MAX, type RestartData } from '../../../../../../shared/api/clusters/lifecycle';
import { formatDate } from '../../../../platform/relative-time';
import { formatNumber, gpuName, sizeGb } from '../../../../lib/format';
import { FormField, type BoundForm } from '../../../../components/form/FormField';
import { CostUnavailable, RestartCost } from './CostImpact';
import { useClusterFollow } from './follow-store';
import { LifecycleDialog } from './LifecycleDialog';
import { CheckField, ForceOption, IntField, ReasonField, Section, WaitOption } from './option-fields';
import {
  defaultRestartForm,
  emptyPortRow,
  RESTART_LABELS,
  restartApiErrorFields,
  restartCostImpact,
  toRestartRequest,
  type RestartForm,
} from './restart-form';
import { EnvRowsEditor, PortRowsEditor } from '../../../../components/form/RowEditors';
import { useLifecycleDialog } from './use-lifecycle-dialog';

export interface RestartClusterDialogProps {
  cluster: Cluster;
  open: boolean;
  onClose(): void;
  /** Called with the restart response once the service accepted the restart. */
  onStarted?(data: RestartData): void;
}

/** The regions a cluster may move to: the known ones besides its own. */
const regionsFor = (cluster: Cluster) => KNOWN_REGIONS.filter((r) => r !== cluster.region);

function ResourceFields({ cluster, state }: { cluster: Cluster; state: BoundForm<RestartForm> }) {
  const { form } = state;
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <IntField
        form={state}
        name="cpuCores"
        errorKey="update_configuration.cpu_cores"
        label="CPU cores"
        hint={`now ${cluster.resources.cpu_cores}`}
        placeholder={String(cluster.resources.cpu_cores)}
        width={140}
      />
      <IntField
        form={state}
        name="memoryGb"
        errorKey="update_configuration.memory_gb"
        label="Memory (GB)"
        hint={`now ${formatNumber(cluster.resources.memory_gb)}`}
        placeholder={String(cluster.resources.memory_gb)}
        width={140}
      />
      {/* The shrink check is the form's own: its error is under this key. */}
      <IntField
        form={state}
        name="storageGb"
        errorKey="update_configuration.storage_gb"
        label="Storage (GB)"
        hint={`now ${formatNumber(cluster.resources.storage_gb)}; can only grow`}
        placeholder={String(cluster.resources.storage_gb)}
        min={cluster.resources.storage_gb}
        width={170}
      />
      <IntField
        form={state}
        name="gpuCount"
        errorKey="update_configuration.gpu_count"
        label={`GPUs (${gpuName(cluster.gpu.type)})`}
        hint={`now ${cluster.gpu.count}; if available`}
        placeholder={String(cluster.gpu.count)}
        width={150}
      />
      <FormField
        form={state}
        name="region"
        errorKey="update_configuration.region"
        select
        label="Region"
        hint={form.region && form.region !== cluster.region ? 'Moving regions migrates the data' : ' '}
        sx={{ width: 200 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'restart-region' } }}
      >
        <MenuItem value="">Keep {cluster.region}</MenuItem>
        {regionsFor(cluster).map((r) => (
          <MenuItem key={r} value={r}>
            {r}
          </MenuItem>
        ))}
      </FormField>
    </Stack>
  );
}

export function RestartClusterDialog({ cluster, open, onClose, onStarted }: RestartClusterDialogProps) {
  const validate = (f: ReturnType<typeof defaultRestartForm>) => toRestartRequest(f, cluster);
  // A stopped or failed cluster runs nothing: its restart begins with the start phases, with no processes to stop or checkpoint.
  const running = cluster.status === 'running';
  const state = useLifecycleDialog(
    open,
    cluster.id,
    defaultRestartForm,
    validate,
    async (body) => {
      const d = await useClusterFollow.getState().restart(cluster.id, body);
      onStarted?.(d);
      return {
        cluster,
        status: d.status,
        options: { force: body.force, keepState: body.preserve_state, running },
        lifecycle: {
          operation: 'restart',
          ...d.restart_progress,
          started_at: d.restart_initiated_at,
          estimated_completion_time: d.estimated_completion_time,
        },
      };
    },
    { labels: RESTART_LABELS, placeApiError: restartApiErrorFields },
  );
  const { form, update, errors } = state;

  return (
    <LifecycleDialog
      operation="restart"
      open={open}
      onClose={onClose}
      title={`Restart ${cluster.name}`}
      state={state}
      cost={
        // No estimate from input that does not hold: it would price what cannot be asked for.
        state.valid ? (
          <RestartCost
            impact={restartCostImpact(form, cluster)}
            resumesBilling={cluster.status !== 'running' && cluster.cost.billing_stopped_at !== null}
          />
        ) : (
          <CostUnavailable />
        )
      }
      submitLabel="Restart cluster"
    >
      <Section title="Shutdown">
        <ForceOption
          form={state}
          label="Force restart"
          help="Restart without graceful shutdown."
          hint={{ used: `0–${GRACE_PERIOD_MAX}, default 5`, unused: 'Not used by a forced restart' }}
          off={running ? undefined : 'Nothing runs to shut down: the restart begins with the start phases.'}
        />
        <CheckField
          label="Preserve state"
          help={
            running
              ? 'Keep running processes and state (adds the checkpoint phase).'
              : `Nothing runs on a ${cluster.status === 'error' ? 'failed' : 'stopped'} cluster: there is no process state to checkpoint.`
          }
          checked={running && form.preserveState}
          disabled={!running}
          onChange={(preserveState) => update({ preserveState })}
        />
        <WaitOption
          form={state}
          name="waitForReady"
          label="Wait until ready"
          help="The request returns only when the cluster is fully operational."
          hint={{ used: `1–${WAIT_TIMEOUT_MAX}, default 15`, unused: 'Used with “wait until ready”' }}
        />
      </Section>
      <Section title="Configuration changes (blank keeps the current value)">
        <ResourceFields cluster={cluster} state={state} />
      </Section>
      <Section title="Environment updates">
        <EnvRowsEditor rows={form.environment} onChange={(environment) => update({ environment })} errors={errors} />
      </Section>
      <Section title="Port mapping updates">
        <PortRowsEditor
          rows={form.ports}
          onChange={(ports) => update({ ports })}
          errors={errors}
          errorPath="ports"
          newRow={emptyPortRow}
          item="port mapping"
        />
      </Section>
      <Section title="Image and snapshot">
        <FormField
          form={state}
          name="updateContainerImage"
          errorKey="update_container_image"
          label="New container image"
          placeholder={cluster.template_info.container_image}
          hint="Blank keeps the current image"
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormField
          form={state}
          name="restoreFromSnapshot"
          errorKey="restore_from_snapshot"
          select
          label="Restore from snapshot"
          hint={cluster.storage.snapshots.length ? 'The cluster’s disks are replaced by the snapshot' : 'This cluster has no snapshots'}
          disabled={cluster.storage.snapshots.length === 0}
          sx={{ maxWidth: 420 }}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {cluster.storage.snapshots.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name} · {formatDate(s.created_at)} · {sizeGb(s.size_gb)}
            </MenuItem>
          ))}
        </FormField>
        <CheckField
          label="Apply system updates"
          help="Install pending system updates during the restart."
          checked={form.applySystemUpdates}
          onChange={(applySystemUpdates) => update({ applySystemUpdates })}
        />
      </Section>
      <Section title="Audit">
        <ReasonField form={state} name="restartReason" errorKey="restart_reason" />
      </Section>
    </LifecycleDialog>
  );
}
