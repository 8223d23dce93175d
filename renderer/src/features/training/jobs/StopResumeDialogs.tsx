// Stop a running job (saving a checkpoint by default, with a reason) or cancel a pending one;
// resume a stopped job from a checkpoint (the latest by default), continuing the same curve.
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { TrainingJob } from '../../../../../shared/api/training/jobs';
import { notify } from '../../../platform/notifications-store';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { formatBytes, formatCount } from '../training-format';
import { formatLoss, stopStepText, stoppedAtText } from './job-format';
import { useJobs } from './jobs-store';

const REASON_MAX = 500;

/** `onDone` after the server answered (the job page reads the job at once instead of at its next refresh). */
type JobDialogProps = { job: TrainingJob; open: boolean; onClose(): void; onDone?(): void };

export function StopJobDialog({ job, open, onClose, onDone }: JobDialogProps) {
  const pending = job.status === 'pending';
  const state = useValidatedForm<{ saveCheckpoint: boolean; reason: string }, { saveCheckpoint: boolean; reason?: string }>({
    open,
    initial: () => ({ saveCheckpoint: true, reason: '' }),
    validate: (f) =>
      f.reason.length > REASON_MAX
        ? { ok: false, errors: { reason: `A reason is at most ${REASON_MAX} characters` } }
        : { ok: true, request: { saveCheckpoint: !pending && f.saveCheckpoint, ...(f.reason.trim() ? { reason: f.reason.trim() } : {}) } },
    submit: async (body) => {
      const answer = await useJobs.getState().stop(job.id, body);
      notify(
        'success',
        stoppedAtText(job.name, answer),
        answer.checkpoint ? `Checkpoint ${answer.checkpoint.id} saved; resume continues from it.` : undefined,
      );
      onDone?.();
      onClose();
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="stop-job-dialog"
      titleId="stop-job-title"
      title={pending ? `Cancel job “${job.name}”?` : `Stop job “${job.name}”?`}
      state={state}
      fieldLabels={{ reason: 'Reason' }}
      submitLabel={pending ? 'Cancel job' : 'Stop job'}
      submitColor="error"
      submitTestId="confirm-stop-job"
      cancelLabel="Keep running"
    >
      <Typography variant="body2">
        {pending
          ? 'The job has not started: cancelling frees its GPUs. It is not billed and cannot be resumed.'
          : stopStepText(job.progress)}
      </Typography>
      {!pending && (
        <FormControlLabel
          control={<Switch checked={state.form.saveCheckpoint} onChange={(e) => state.update({ saveCheckpoint: e.target.checked })} />}
          label="Save a checkpoint now (resume continues from this step)"
        />
      )}
      <FormField form={state} name="reason" label="Reason" hint="Optional; kept with the job" />
    </FormDialog>
  );
}

export function ResumeJobDialog({ job, open, onClose, onDone }: JobDialogProps) {
  const checkpoints = [...job.checkpoints].sort((a, b) => b.step - a.step);
  const state = useValidatedForm<{ checkpointId: string }, { checkpointId?: string }>({
    open,
    initial: () => ({ checkpointId: checkpoints[0]?.id ?? '' }),
    validate: (f) => ({ ok: true, request: f.checkpointId ? { checkpointId: f.checkpointId } : {} }),
    submit: async ({ checkpointId }) => {
      const answer = await useJobs.getState().resume(job.id, checkpointId);
      notify(
        'success',
        `Job “${job.name}” resumed`,
        answer.resumedFrom
          ? `From step ${formatCount(answer.resumedFrom.step)} (loss ${formatLoss(answer.resumedFrom.loss)}).`
          : 'From the start.',
      );
      onDone?.();
      onClose();
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="resume-job-dialog"
      titleId="resume-job-title"
      title={`Resume job “${job.name}”`}
      state={state}
      submitLabel="Resume"
      submitTestId="confirm-resume-job"
    >
      {checkpoints.length === 0 ? (
        <Typography variant="body2">The job has no checkpoint: it starts again from step 0.</Typography>
      ) : (
        <FormField
          form={state}
          name="checkpointId"
          select
          label="Checkpoint"
          hint="Training continues the same curve from this step; the latest is chosen by default"
          slotProps={{ htmlInput: { 'data-testid': 'resume-checkpoint' } }}
        >
          {checkpoints.map((c, i) => (
            <MenuItem key={c.id} value={c.id}>
              Step {formatCount(c.step)} · epoch {c.epoch} · loss {formatLoss(c.loss)} · {c.kind === 'stop' ? 'saved at stop' : 'periodic'}{' '}
              · {formatBytes(c.size)}
              {i === 0 ? ' (latest)' : ''}
            </MenuItem>
          ))}
        </FormField>
      )}
      <Typography variant="caption" color="text.secondary">
        Resuming needs {job.maxWorkers} free {job.gpuType.toUpperCase()} GPU{job.maxWorkers === 1 ? '' : 's'}; billing runs again from now.
      </Typography>
    </FormDialog>
  );
}
