// Stop a running cluster (02-clusters.md, Stop): every option with its default and bound,
// the hourly rate saved shown before confirming, API errors (INVALID_STATE with the current
// status, the required one and a suggestion) with their details, then the live phases.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import type { Cluster } from '../../../../shared/api/clusters/cluster';
import { GRACE_PERIOD_MAX, WAIT_TIMEOUT_MAX, type StopData } from '../../../../shared/api/clusters/lifecycle';
import { api } from '../../bridge/api';
import { ErrorAlert } from '../../components/ErrorAlert';
import { StopCost } from './CostImpact';
import { CheckField, IntField, Section } from './option-fields';
import { PhaseProgress } from './PhaseProgress';
import { defaultStopForm, stopCostImpact, toStopRequest } from './stop-form';
import { useLifecycleDialog } from './use-lifecycle-dialog';

export interface StopClusterDialogProps {
  cluster: Cluster;
  open: boolean;
  onClose(): void;
  /** Called with the stop response once the service accepted the stop. */
  onStarted?(data: StopData): void;
}

export function StopClusterDialog({ cluster, open, onClose, onStarted }: StopClusterDialogProps) {
  const { form, update, errors, busy, apiError, accepted, notice, submit } = useLifecycleDialog(open, defaultStopForm, toStopRequest);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(cluster.id, async (body) => {
      const { data } = await api('clusters.stop', { params: { cluster_id: cluster.id }, body });
      const d = data.data;
      onStarted?.(d);
      return { cluster, status: d.status, options: { force: body.force, keepState: body.save_state }, lifecycle: { operation: 'stop', ...d.stop_progress, started_at: d.stop_initiated_at, estimated_completion_time: d.estimated_stop_time } };
    });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="stop-cluster-title" data-testid="stop-cluster-dialog">
      <Box component="form" onSubmit={onSubmit} noValidate>
        <DialogTitle id="stop-cluster-title">Stop {cluster.name}</DialogTitle>
        <DialogContent dividers>
          {accepted ? (
            <Stack spacing={2}>
              {notice && <Alert severity="info">{notice}</Alert>}
              <PhaseProgress cluster={accepted} />
            </Stack>
          ) : (
            <Stack spacing={2.5}>
              <StopCost impact={stopCostImpact(cluster)} />
              <Section title="Shutdown">
                <CheckField label="Force stop" help="Immediate stop without graceful shutdown: running processes are killed." checked={form.force} onChange={(force) => update({ force })} />
                <IntField
                  label="Grace period (minutes)"
                  value={form.gracePeriodMinutes}
                  onChange={(gracePeriodMinutes) => update({ gracePeriodMinutes })}
                  error={errors.grace_period_minutes}
                  help={form.force ? 'Not used by a forced stop' : `Time processes get to exit; 0–${GRACE_PERIOD_MAX}, default 5`}
                  disabled={form.force}
                  min={0}
                  max={GRACE_PERIOD_MAX}
                />
              </Section>
              <Section title="Data">
                <CheckField label="Save state" help="Take a snapshot before stopping (adds the snapshot phase)." checked={form.saveState} onChange={(saveState) => update({ saveState })} />
                {form.saveState && (
                  <TextField
                    label="Snapshot name"
                    size="small"
                    value={form.snapshotName}
                    onChange={(e) => update({ snapshotName: e.target.value })}
                    error={Boolean(errors.snapshot_name)}
                    helperText={errors.snapshot_name ?? 'Optional; the service names it when empty'}
                    sx={{ maxWidth: 360 }}
                  />
                )}
                <CheckField label="Preserve data volumes" help={`Keep ${cluster.storage.volumes.length ? cluster.storage.volumes.join(', ') : 'the data volumes'} (default).`} checked={form.preserveData} onChange={(preserveData) => update({ preserveData })} />
                {!form.preserveData && <Alert severity="warning">The data volumes are deleted with the stop. Only snapshots survive.</Alert>}
              </Section>
              <Section title="Waiting">
                <CheckField label="Wait for completion" help="The request returns only when the stop has finished." checked={form.waitForCompletion} onChange={(waitForCompletion) => update({ waitForCompletion })} />
                <IntField
                  label="Timeout (minutes)"
                  value={form.timeoutMinutes}
                  onChange={(timeoutMinutes) => update({ timeoutMinutes })}
                  error={errors.timeout_minutes}
                  help={form.waitForCompletion ? `How long to wait; 1–${WAIT_TIMEOUT_MAX}, default 10` : 'Used with “wait for completion”'}
                  disabled={!form.waitForCompletion}
                  min={1}
                  max={WAIT_TIMEOUT_MAX}
                />
              </Section>
              <Section title="Audit and notice">
                <TextField
                  label="Reason"
                  size="small"
                  value={form.stopReason}
                  onChange={(e) => update({ stopReason: e.target.value })}
                  error={Boolean(errors.stop_reason)}
                  helperText={errors.stop_reason ?? 'Written to the audit log'}
                  fullWidth
                />
                <Autocomplete
                  multiple
                  size="small"
                  options={cluster.project_info.team_members}
                  value={form.notifyUsers}
                  onChange={(_, notifyUsers) => update({ notifyUsers })}
                  renderInput={(params) => <TextField {...params} label="Notify users" error={Boolean(errors.notify_users)} helperText={errors.notify_users ?? 'Team members told about the stop'} />}
                />
              </Section>
              {apiError && <ErrorAlert error={apiError} />}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {accepted ? (
            <Button onClick={onClose} variant="contained">
              Close
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" color="error" disabled={busy} startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}>
                {busy && form.waitForCompletion ? 'Stopping…' : 'Stop cluster'}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
