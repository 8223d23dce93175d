// Stop a tuning job: no new trials start; the running ones are cancelled now, or (the switch)
// finish first — the job stays running, its stop recorded (shown as stopping), until they have.
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { TUNING_LIMITS } from '../../../../../shared/api/training/tuning';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { useTuning, type TuningJob } from './tuning-store';

interface StopForm {
  reason: string;
  completeRunning: boolean;
}

export function StopTuningDialog({ job, open, onClose }: { job: TuningJob; open: boolean; onClose(): void }) {
  const running = job.progress.runningTrials;
  const state = useValidatedForm<StopForm, StopForm>({
    open,
    initial: () => ({ reason: '', completeRunning: true }),
    validate: (f) =>
      f.reason.length > TUNING_LIMITS.reason.max
        ? { ok: false, errors: { reason: `A reason has at most ${TUNING_LIMITS.reason.max} characters` } }
        : { ok: true, request: f },
    submit: async (f) => {
      await useTuning.getState().stop(job.trainingJobId, job.id, {
        complete_running_trials: f.completeRunning,
        ...(f.reason.trim() ? { reason: f.reason.trim() } : {}),
      });
      onClose();
    },
  });
  const { form, update } = state;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="stop-tuning-dialog"
      titleId="stop-tuning-title"
      title="Stop tuning?"
      state={state}
      submitLabel="Stop tuning"
      submitColor="error"
      submitTestId="stop-tuning-submit"
    >
      <Typography variant="body2" color="text.secondary">
        No new trials start. {job.progress.completedTrials} completed trials and the best so far are kept; the best trial can still be
        deployed.
      </Typography>
      <FormControlLabel
        control={
          <Switch checked={form.completeRunning} onChange={(e) => update({ completeRunning: e.target.checked })} disabled={running === 0} />
        }
        label="Let running trials finish"
      />
      <Typography variant="body2" data-testid="stop-consequence" sx={{ mt: -1 }}>
        {running === 0
          ? 'No trial is running.'
          : form.completeRunning
            ? `The ${running} running trial${running === 1 ? '' : 's'} finish${running === 1 ? 'es' : ''} first (billed until then); the job is stopping meanwhile.`
            : `The ${running} running trial${running === 1 ? ' is' : 's are'} cancelled now.`}
      </Typography>
      <FormField form={state} name="reason" label="Reason (optional)" />
    </FormDialog>
  );
}
