// Start a tuning job: the training job to tune, the objective (one metric, or several weighed
// together), the algorithm (Hyperband with its epochs), the search space, trials, early
// stopping and budget — checked before sending with the API's rules, with an estimate of what
// the trials cost from the training job's own estimate. Refusals of the API (INVALID_SEARCH_SPACE,
// ALGORITHM_NOT_SUPPORTED, INSUFFICIENT_BUDGET) land on the parameter row or field they concern.
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, type ReactNode } from 'react';
import { OBJECTIVE_METRICS, TRIAL_METRICS } from '../../../../../shared/api/training/tuning';
import { trialCostEstimate } from '../../../../../shared/api/training/job-plan';
import { FormDialog } from '../../../components/form/FormDialog';
import { WhyButton } from '../../../components/WhyButton';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { formatMoney } from '../../../lib/money';
import { SearchSpaceEditor } from './SearchSpaceEditor';
import {
  ALGORITHMS,
  apiErrorField,
  costEstimate,
  initialTuningForm,
  validateTuningForm,
  type Direction,
  type TuningErrors,
  type TuningForm,
  type TuningRequest,
} from './tuning-form';
import { useTuning, type TuningJob } from './tuning-store';
import { FormField, type BoundForm } from '../../../components/form/FormField';

const FIELD_LABELS: Record<string, string> = {
  jobId: 'Training job',
  params: 'Search space',
  objectives: 'Objectives',
  maxTrials: 'Max trials',
  maxConcurrent: 'Max concurrent',
  patience: 'Patience',
  minDelta: 'Min delta',
  maxGpuHours: 'Max GPU hours',
  maxCost: 'Max cost',
  maxEpochs: 'Max epochs',
  minEpochs: 'Min epochs',
  reductionFactor: 'Reduction factor',
};

function Section({ title, children, caption }: { title: string; caption?: ReactNode; children: ReactNode }) {
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Box>
        <Typography variant="subtitle2">{title}</Typography>
        {caption && (
          <Typography variant="caption" color="text.secondary">
            {caption}
          </Typography>
        )}
      </Box>
      {children}
    </Stack>
  );
}

/** A text field of a number of the form (a function, not a component: the input keeps its focus across renders). */
const numberField =
  (state: BoundForm<TuningForm>) =>
  ({ name, label, width = 160, helper }: { name: keyof TuningForm; label: string; width?: number; helper?: string }) => (
    <FormField form={state} name={name} label={label} hint={helper} inputMode="decimal" sx={{ width }} />
  );

export interface StartTuningDialogProps {
  open: boolean;
  /** Preselects this training job (a link from the training views); '' lets the operator pick. */
  initialJobId: string;
  onClose(): void;
  onStarted(job: TuningJob): void;
}

export function StartTuningDialog({ open, initialJobId, onClose, onStarted }: StartTuningDialogProps) {
  const trainingJobs = useTuning((s) => s.trainingJobs);
  useEffect(() => {
    if (open) void useTuning.getState().loadTrainingJobs();
  }, [open]);

  const state = useValidatedForm<TuningForm, TuningRequest, TuningErrors>({
    open,
    resetKey: initialJobId,
    initial: () => initialTuningForm(initialJobId),
    validate: validateTuningForm,
    submit: async ({ jobId, body }) => {
      const job = await useTuning.getState().create(jobId, body);
      onClose();
      onStarted(job);
    },
    placeApiError: (error, sent) => {
      const placed = apiErrorField(error.code, error.details ?? {}, sent);
      return placed ? [placed] : null;
    },
  });
  const { form, update, setForm, errors } = state;
  const num = numberField(state);
  const job = trainingJobs.jobs.find((j) => j.id === form.jobId) ?? null;
  const estimate = costEstimate(job ? trialCostEstimate(job.estimatedCost.total, job.estimatedCost.hourly) : null, form.maxTrials);
  const maxCost = Number(form.maxCost);
  const overBudget = estimate !== null && form.maxCost.trim() !== '' && Number.isFinite(maxCost) && estimate.total > maxCost;
  const jobOptions = useMemo(() => {
    const jobs = trainingJobs.jobs;
    // A job named in the address but not among the newest 100 is still offered by its id.
    return form.jobId && !jobs.some((j) => j.id === form.jobId)
      ? [{ id: form.jobId, label: form.jobId }, ...jobs.map(optionOf)]
      : jobs.map(optionOf);
  }, [trainingJobs.jobs, form.jobId]);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="start-tuning-dialog"
      titleId="start-tuning-title"
      title="Start tuning"
      maxWidth="lg"
      dividers
      spacing={3}
      state={state}
      fieldLabels={FIELD_LABELS}
      submitLabel="Start tuning"
      submitTestId="start-tuning-submit"
    >
      <Section title="Training job" caption="Each trial trains this job’s configuration with the trial’s parameter values written in.">
        <FormField
          form={state}
          name="jobId"
          select
          label="Training job"
          hint={
            trainingJobs.status === 'loading' ? (
              'Loading training jobs…'
            ) : trainingJobs.status === 'error' ? (
              <>
                Could not load training jobs: {trainingJobs.error?.message ?? ''} <WhyButton error={trainingJobs.error} />
              </>
            ) : trainingJobs.jobs.length === 0 ? (
              'No training jobs yet: create one under Training first'
            ) : (
              ' '
            )
          }
          sx={{ maxWidth: 560 }}
          slotProps={{ htmlInput: { 'aria-label': 'Training job' } }}
        >
          {jobOptions.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.label}
            </MenuItem>
          ))}
        </FormField>
      </Section>

      <Section title="Objective">
        <ToggleButtonGroup
          exclusive
          size="small"
          value={form.multi ? 'multi' : 'single'}
          onChange={(_, v: string | null) => v && update({ multi: v === 'multi' })}
          aria-label="Objective kind"
        >
          <ToggleButton value="single">One metric</ToggleButton>
          <ToggleButton value="multi">Several objectives</ToggleButton>
        </ToggleButtonGroup>
        {form.multi ? (
          <Stack spacing={1}>
            {errors.objectives && (
              <Typography variant="body2" color="error" className="Mui-error">
                {errors.objectives}
              </Typography>
            )}
            {form.objectives.map((o, i) => (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <FormField
                  form={{ form: o, update: (patch) => setObjective(i, patch), errors }}
                  name="metric"
                  errorKey={`objectives.${i}.metric`}
                  select
                  label="Metric"
                  sx={{ width: 180 }}
                >
                  {OBJECTIVE_METRICS.map((m) => (
                    <MenuItem key={m} value={m}>
                      {m}
                    </MenuItem>
                  ))}
                </FormField>
                <DirectionSelect value={o.direction} onChange={(direction) => setObjective(i, { direction })} />
                <FormField
                  form={{ form: o, update: (patch) => setObjective(i, patch), errors }}
                  name="weight"
                  errorKey={`objectives.${i}.weight`}
                  label="Weight"
                  sx={{ width: 120 }}
                />
                <IconButton
                  aria-label={`Remove objective ${i + 1}`}
                  onClick={() => update({ objectives: form.objectives.filter((_, j) => j !== i) })}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Stack>
            ))}
            <Button
              size="small"
              startIcon={<Add />}
              sx={{ alignSelf: 'flex-start' }}
              onClick={() =>
                update({
                  objectives: [
                    ...form.objectives,
                    {
                      metric: OBJECTIVE_METRICS.find((m) => !form.objectives.some((o) => o.metric === m)) ?? 'loss',
                      direction: 'minimize',
                      weight: '1',
                    },
                  ],
                })
              }
            >
              Add objective
            </Button>
          </Stack>
        ) : (
          <Stack direction="row" spacing={1}>
            <DirectionSelect value={form.objective} onChange={(objective) => update({ objective })} />
            <FormField form={state} name="metric" select label="Metric" sx={{ width: 180 }}>
              {TRIAL_METRICS.map((m) => (
                <MenuItem key={m} value={m}>
                  {m}
                </MenuItem>
              ))}
            </FormField>
          </Stack>
        )}
      </Section>

      <Section title="Algorithm" caption={ALGORITHMS.find((a) => a.value === form.algorithm)?.hint}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <FormField
            form={state}
            name="algorithm"
            select
            label="Algorithm"
            sx={{ width: 180 }}
            slotProps={{ htmlInput: { 'aria-label': 'Algorithm' } }}
          >
            {ALGORITHMS.map((a) => (
              <MenuItem key={a.value} value={a.value}>
                {a.label}
              </MenuItem>
            ))}
          </FormField>
          {form.algorithm === 'hyperband' && (
            <>
              {num({ name: 'maxEpochs', label: 'Max epochs', width: 130 })}
              {num({ name: 'minEpochs', label: 'Min epochs', width: 130 })}
              {num({ name: 'reductionFactor', label: 'Reduction factor', width: 150, helper: 'Keeps 1 in this many per rung' })}
            </>
          )}
        </Stack>
      </Section>

      <Section
        title="Search space"
        caption="Ranges are searched on their scale (log uniform for learning rates); a grid takes choice and integer parameters only."
      >
        <SearchSpaceEditor rows={form.params} onChange={(params) => update({ params })} errors={errors} />
      </Section>

      <Divider />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1.4fr 1fr' }, gap: 3 }}>
        <Section title="Trials">
          <Stack direction="row" spacing={1}>
            {num({ name: 'maxTrials', label: 'Max trials', width: 130 })}
            {num({ name: 'maxConcurrent', label: 'Max concurrent', width: 130 })}
          </Stack>
        </Section>
        <Section title="Early stopping" caption="End the search when this many finished trials in a row bring no improvement.">
          <FormControlLabel
            control={<Switch checked={form.earlyStopping} onChange={(e) => update({ earlyStopping: e.target.checked })} />}
            label="Stop early"
          />
          {form.earlyStopping && (
            <Stack direction="row" spacing={1}>
              <FormField form={state} name="esMetric" select label="Metric" sx={{ width: 150 }}>
                <MenuItem value="">The objective’s</MenuItem>
                {TRIAL_METRICS.map((m) => (
                  <MenuItem key={m} value={m}>
                    {m}
                  </MenuItem>
                ))}
              </FormField>
              {num({ name: 'patience', label: 'Patience (trials)', width: 140 })}
              {num({ name: 'minDelta', label: 'Min delta', width: 110 })}
            </Stack>
          )}
        </Section>
        <Section title="Budget" caption="Optional: no trial starts that would pass it.">
          <Stack direction="row" spacing={1}>
            {num({ name: 'maxGpuHours', label: 'Max GPU hours', width: 140 })}
            {num({ name: 'maxCost', label: 'Max cost (USD)', width: 140 })}
          </Stack>
        </Section>
      </Box>
      {estimate && (
        <Alert severity={overBudget ? 'warning' : 'info'} data-testid="tuning-estimate">
          About {formatMoney(estimate.total)} for {estimate.trials.toLocaleString('en-US')} trials at {formatMoney(estimate.perTrial)} each
          (this training job’s own estimate of one run plus 30 s to start each trial, as the tuning job estimates it; trials with more
          epochs or larger batches cost more).
          {form.algorithm === 'hyperband' &&
            ' Hyperband runs each trial for its rung’s epochs, not this job’s, so the tuning job’s own estimate (shown once it starts) differs.'}
          {overBudget && ' That is more than the cost limit: the API will refuse it unless the limit or max trials changes.'}
        </Alert>
      )}
    </FormDialog>
  );

  function setObjective(i: number, patch: Partial<TuningForm['objectives'][number]>) {
    setForm((f) => ({ ...f, objectives: f.objectives.map((o, j) => (j === i ? { ...o, ...patch } : o)) }));
  }
}

function optionOf(j: { id: string; name: string; status: string; estimatedCost: { total: number } }) {
  return { id: j.id, label: `${j.name} · ${j.id} · ${j.status} · ${formatMoney(j.estimatedCost.total)} per run` };
}

function DirectionSelect({ value, onChange }: { value: Direction; onChange(v: Direction): void }) {
  return (
    <TextField
      select
      size="small"
      label="Direction"
      value={value}
      onChange={(e) => onChange(e.target.value as Direction)}
      sx={{ width: 140 }}
      helperText=" "
    >
      <MenuItem value="minimize">Minimize</MenuItem>
      <MenuItem value="maximize">Maximize</MenuItem>
    </TextField>
  );
}
