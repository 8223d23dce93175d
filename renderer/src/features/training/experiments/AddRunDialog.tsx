// Add a run: the training job it follows (its metrics and curve come from the job), a name,
// parameters over the job's configuration (`key = value` lines), tags and notes.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { Experiment } from '../../../../../shared/api/training/experiments';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDialog } from '../../../components/form/FormDialog';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { MONO_FONT } from '../../../lib/fonts';
import { useLoaded } from '../../../platform/use-loaded';
import { emptyRunForm, RUN_LABELS, toCreateRun } from './experiment-forms';
import { useExperiments } from './experiments-store';
import { FormField } from '../../../components/form/FormField';

/** The account's training jobs (newest first, the API's page of 100), read while the dialog is open. */
function useJobs(open: boolean) {
  const { data: jobs, error } = useLoaded(open ? 'jobs' : null, (signal) => useExperiments.getState().runJobs(signal));
  return { jobs, error };
}

export function AddRunDialog({ experiment, open, onClose }: { experiment: Experiment; open: boolean; onClose(): void }) {
  const { jobs, error: jobsError } = useJobs(open);
  const used = useMemo(() => new Set(experiment.runs.map((r) => r.trainingJobId)), [experiment.runs]);
  const options = useMemo(() => (jobs ?? []).filter((j) => !used.has(j.id)), [jobs, used]);
  const state = useValidatedForm({
    open,
    initial: emptyRunForm,
    validate: toCreateRun,
    submit: async (request) => {
      await useExperiments.getState().addRun(experiment.id, request);
      onClose();
    },
  });
  const { form, update, errors } = state;
  const job = options.find((j) => j.id === form.jobId) ?? null;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="add-run-dialog"
      titleId="add-run-title"
      title="Add a run"
      subtitle={
        <Typography variant="caption" color="text.secondary" sx={{ px: 3, mt: -1.5, mb: 1 }}>
          A run follows a training job: its metrics, curve, cost and status come from the job as it trains.
        </Typography>
      }
      maxWidth="md"
      dividers
      state={state}
      fieldLabels={RUN_LABELS}
      submitLabel="Add run"
      submitTestId="add-run-submit"
    >
      {jobsError && <ErrorAlert error={jobsError} />}
      <Autocomplete
        options={options}
        value={job}
        loading={jobs === null && !jobsError}
        onChange={(_, j) => update({ jobId: j?.id ?? '', name: form.name || (j?.name ?? '') })}
        getOptionLabel={(j) => `${j.name} (${j.id})`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={jobs && jobs.length > 0 ? 'Every training job is already in this experiment' : 'No training jobs yet'}
        renderOption={(props, j) => (
          <Box component="li" {...props} key={j.id} data-testid={`job-option-${j.id}`}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {j.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {j.id} · {j.status} · {j.modelType} · step {j.progress.currentStep.toLocaleString('en-US')}/
                {j.progress.totalSteps.toLocaleString('en-US')}
              </Typography>
            </Box>
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Training job"
            size="small"
            required
            autoFocus
            error={Boolean(errors.trainingJobId)}
            helperText={errors.trainingJobId ?? 'Jobs already in this experiment are not offered'}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'run-job-input' } }}
          />
        )}
      />
      <FormField form={state} name="name" label="Name" hint="The job’s name when left empty" fullWidth />
      <FormField
        form={state}
        name="parameters"
        label="Parameters"
        hint="Merged over the job’s configuration; one per line, e.g. training.learning_rate = 0.0002 or seed = 3"
        lines={3}
        fullWidth
        slotProps={{ htmlInput: { style: { fontFamily: MONO_FONT, fontSize: 13 } } }}
      />
      <FormField form={state} name="tags" label="Tags" hint="Comma-separated" fullWidth />
      <FormField form={state} name="notes" label="Notes" hint="Optional" lines={2} fullWidth />
    </FormDialog>
  );
}
