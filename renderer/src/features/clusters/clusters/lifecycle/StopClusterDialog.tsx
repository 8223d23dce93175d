// Stop a running cluster (02-clusters.md, Stop): every option with its default and bound,
// the hourly rate saved shown before confirming, API errors (INVALID_STATE with the current
// status, the required one and a suggestion) with their details, then the live phases.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import { GRACE_PERIOD_MAX, WAIT_TIMEOUT_MAX, type StopData } from '../../../../../../shared/api/clusters/lifecycle';
import { FormField } from '../../../../components/form/FormField';
import { CostUnavailable, StopCost } from './CostImpact';
import { useClusterFollow } from './follow-store';
import { LifecycleDialog } from './LifecycleDialog';
import { CheckField, ForceOption, ReasonField, Section, WaitOption } from './option-fields';
import { defaultStopForm, STOP_LABELS, stopCostImpact, toStopRequest } from './stop-form';
import { useLifecycleDialog } from './use-lifecycle-dialog';

export interface StopClusterDialogProps {
  cluster: Cluster;
  open: boolean;
  onClose(): void;
  /** Called with the stop response once the service accepted the stop. */
  onStarted?(data: StopData): void;
}

export function StopClusterDialog({ cluster, open, onClose, onStarted }: StopClusterDialogProps) {
  const state = useLifecycleDialog(
    open,
    cluster.id,
    defaultStopForm,
    toStopRequest,
    async (body) => {
      const d = await useClusterFollow.getState().stop(cluster.id, body);
      onStarted?.(d);
      return {
        cluster,
        status: d.status,
        options: { force: body.force, keepState: body.save_state, running: true },
        lifecycle: {
          operation: 'stop',
          ...d.stop_progress,
          started_at: d.stop_initiated_at,
          estimated_completion_time: d.estimated_stop_time,
        },
      };
    },
    { labels: STOP_LABELS },
  );
  const { form, update, errors, busy } = state;

  return (
    <LifecycleDialog
      operation="stop"
      open={open}
      onClose={onClose}
      title={`Stop ${cluster.name}`}
      state={state}
      cost={state.valid ? <StopCost impact={stopCostImpact(cluster)} /> : <CostUnavailable />}
      submitLabel={busy && form.waitForCompletion ? 'Stopping…' : 'Stop cluster'}
      submitColor="error"
    >
      <Section title="Shutdown">
        <ForceOption
          form={state}
          label="Force stop"
          help="Immediate stop without graceful shutdown: running processes are killed."
          hint={{ used: `Time processes get to exit; 0–${GRACE_PERIOD_MAX}, default 5`, unused: 'Not used by a forced stop' }}
        />
      </Section>
      <Section title="Data">
        <CheckField
          label="Save state"
          help="Take a snapshot before stopping (adds the snapshot phase)."
          checked={form.saveState}
          onChange={(saveState) => update({ saveState })}
        />
        {form.saveState && (
          <FormField
            form={state}
            name="snapshotName"
            errorKey="snapshot_name"
            label="Snapshot name"
            hint="Optional; the service names it when empty"
            sx={{ maxWidth: 360 }}
          />
        )}
        <CheckField
          label="Preserve data volumes"
          help={`Keep ${cluster.storage.volumes.length ? cluster.storage.volumes.join(', ') : 'the data volumes'} (default).`}
          checked={form.preserveData}
          onChange={(preserveData) => update({ preserveData })}
        />
        {!form.preserveData && <Alert severity="warning">The data volumes are deleted with the stop. Only snapshots survive.</Alert>}
      </Section>
      <Section title="Waiting">
        <WaitOption
          form={state}
          name="waitForCompletion"
          label="Wait for completion"
          help="The request returns only when the stop has finished."
          hint={{ used: `How long to wait; 1–${WAIT_TIMEOUT_MAX}, default 10`, unused: 'Used with “wait for completion”' }}
        />
      </Section>
      <Section title="Audit and notice">
        <ReasonField form={state} name="stopReason" errorKey="stop_reason" />
        <Autocomplete
          multiple
          size="small"
          options={cluster.project_info.team_members}
          value={form.notifyUsers}
          onChange={(_, notifyUsers) => update({ notifyUsers })}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Notify users"
              error={Boolean(errors.notify_users)}
              helperText={errors.notify_users ?? 'Team members told about the stop'}
            />
          )}
        />
      </Section>
    </LifecycleDialog>
  );
}
