// "New training job": what to train and on which ready dataset, the GPUs, and the config the
// platform reads — with the estimated cost (the emulator's own plan) before submitting, and the
// server's refusals (CONFIGURATION_ERROR, INSUFFICIENT_RESOURCES, DATASET_NOT_READY) on the
// field they concern; the job-creation limits (10 an hour, the daily quota) as the dialog's error.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { TRAINING_GPUS, TrainingGpuType, VISION_ARCHITECTURES } from '../../../../../shared/api/training/catalog';
import {
  JobPriority,
  LrScheduler,
  ModelType,
  TrainingStrategy,
  type CreateTrainingJobRequest,
} from '../../../../../shared/api/training/jobs';
import { notify } from '../../../platform/notifications-store';
import { FormDialog } from '../../../components/form/FormDialog';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { formatMoney } from '../../../lib/money';
import { formatCount } from '../training-format';
import { formatSeconds } from './job-format';
import {
  BASE_MODEL_OPTIONS,
  formEstimate,
  initialJobForm,
  JOB_FIELD_LABELS,
  placeJobApiError,
  usesBaseModel,
  validateJobForm,
  type JobForm,
} from './job-form';
import { useJobs } from './jobs-store';
import { useReadyDatasets } from './use-ready-datasets';
import { FormField } from '../../../components/form/FormField';

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5, pt: 0.5 }}>
      {children}
    </Typography>
  );
}

const grid = (columns: number) => ({ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 1.5 });

export function CreateJobDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(id: string): void }) {
  const ready = useReadyDatasets(open);
  const state = useValidatedForm<JobForm, CreateTrainingJobRequest>({
    open,
    initial: () => initialJobForm(),
    validate: validateJobForm,
    // Ranges are checked as they are typed (the estimate waits on them); the rest after a first submit.
    showErrors: (key, { submitted }) => submitted || !['name', 'datasetId'].includes(key),
    placeApiError: (error) => placeJobApiError(error),
    submit: async (request) => {
      const job = await useJobs.getState().create(request);
      notify(
        'success',
        `Training job “${job.name}” created`,
        `Estimated ${formatMoney(job.estimatedCost.total)}; it starts once its GPUs are provisioned.`,
      );
      onClose();
      onCreated(job.id);
    },
  });
  const { form, update, errors } = state;
  const dataset = ready.datasets?.find((d) => d.id === form.datasetId) ?? null;
  const estimate = formEstimate(form, dataset?.size.examples ?? null);
  const gpu = TRAINING_GPUS[form.gpuType];
  const language = usesBaseModel(form);
  const lora = language && form.strategy !== 'full';

  const num = (key: keyof JobForm & keyof typeof JOB_FIELD_LABELS, placeholder: string, help = ' ') => (
    <FormField
      form={state}
      name={key}
      label={JOB_FIELD_LABELS[key]}
      placeholder={placeholder}
      hint={help}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `job-${key}`, inputMode: 'decimal' } }}
    />
  );
  const select = (key: keyof JobForm, label: string, options: ReadonlyArray<{ value: string; label: string }>, help = ' ') => (
    <FormField
      form={state}
      name={key}
      select
      label={label}
      hint={help}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `job-${String(key)}` }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormField>
  );
  const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="create-job-dialog"
      titleId="create-job-title"
      title="New training job"
      maxWidth="md"
      dividers
      scrollContent
      state={state}
      fieldLabels={JOB_FIELD_LABELS}
      submitLabel={estimate ? `Start training · ≈ ${formatMoney(estimate.total)}` : 'Start training'}
      submitTestId="submit-job"
    >
      <Heading>Job</Heading>
      <Box sx={grid(2)}>
        <FormField form={state} name="name" label="Name" required autoFocus slotProps={{ htmlInput: { 'data-testid': 'job-name' } }} />
        <FormField
          form={state}
          name="datasetId"
          select
          label="Dataset"
          required
          hint={
            ready.datasets === null
              ? 'Loading ready datasets…'
              : ready.datasets.length === 0
                ? 'No dataset is ready: upload one first'
                : dataset
                  ? ' '
                  : 'Ready datasets only'
          }
          slotProps={{ htmlInput: { 'data-testid': 'job-datasetId' } }}
        >
          {(ready.datasets ?? []).map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name} · {d.format} · {formatCount(d.size.examples)} examples
            </MenuItem>
          ))}
        </FormField>
      </Box>
      <Box sx={grid(3)}>
        {select('modelType', 'Model type', opts(ModelType.options), 'llm, vision, multimodal or custom')}
        {language ? (
          <Autocomplete
            freeSolo
            options={BASE_MODEL_OPTIONS}
            value={form.baseModel}
            onInputChange={(_, value) => update({ baseModel: value })}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Base model"
                size="small"
                error={Boolean(errors.baseModel)}
                helperText={errors.baseModel ?? 'From the list, or a name with its size (org/model-7b)'}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'job-baseModel' } }}
              />
            )}
          />
        ) : (
          select('architecture', 'Architecture', opts(Object.keys(VISION_ARCHITECTURES)))
        )}
        {language
          ? select(
              'strategy',
              'Strategy',
              TrainingStrategy.options.map((s) => ({ value: s, label: s === 'full' ? 'full fine-tuning' : s })),
              'LoRA adapters, 4-bit QLoRA, or every weight',
            )
          : select('strategy', 'Strategy', [{ value: form.strategy, label: 'full (vision)' }], 'Vision models train every weight')}
      </Box>

      <Heading>GPUs</Heading>
      <Box sx={grid(3)}>
        {select(
          'gpuType',
          'GPU type',
          TrainingGpuType.options.map((t) => ({
            value: t,
            label: `${TRAINING_GPUS[t].displayName} · ${formatMoney(TRAINING_GPUS[t].hourlyPrice)}/h per GPU`,
          })),
          `${gpu.memoryGb} GB each`,
        )}
        <FormField
          form={state}
          name="workers"
          label="GPUs"
          hint="1 to 32 workers, data parallel"
          inputMode="numeric"
          slotProps={{ htmlInput: { 'data-testid': 'job-workers' } }}
        />
        {select('priority', 'Priority', opts(JobPriority.options), 'High provisions sooner')}
      </Box>

      <Heading>Training</Heading>
      <Box sx={grid(4)}>
        {num('epochs', '3', '1 to 100')}
        {num('batchSize', language ? '4' : '32', 'Per GPU, 1 to 1,024')}
        {num('learningRate', language ? (form.strategy === 'full' ? '2e-5' : '2e-4') : '1e-3', '1e-6 to 1e-1')}
        {num('warmupSteps', '3 % of the run', '0 to 100,000')}
        {num('weightDecay', '0', '0 to 1')}
        {num('gradientAccumulation', '1', '1 to 128')}
        {select('scheduler', 'Schedule', [{ value: '', label: 'cosine (default)' }, ...opts(LrScheduler.options)])}
        {language ? num('maxSeqLength', '512', 'Tokens, 16 to 32,768') : <span />}
      </Box>
      {lora && (
        <>
          <Heading>LoRA</Heading>
          <Box sx={grid(3)}>
            {num('rank', '8', '1 to 256')}
            {num('alpha', '16', '1 to 1,024')}
            {num('dropout', '0.05', 'At least 0, below 1')}
          </Box>
        </>
      )}
      <Heading>Optimization</Heading>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ width: 220 }}>
          {select('mixedPrecision', 'Precision', [{ value: '', label: 'bf16 (default)' }, ...opts(['bf16', 'fp16', 'fp32'])])}
        </Box>
        <FormControlLabel
          control={<Switch checked={form.gradientCheckpointing} onChange={(e) => update({ gradientCheckpointing: e.target.checked })} />}
          label="Gradient checkpointing (less memory, about a third slower)"
        />
      </Stack>
      <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="job-estimate">
        {estimate ? (
          <Stack spacing={0.5}>
            <Typography variant="subtitle2">
              Estimated cost {formatMoney(estimate.total)} · {formatMoney(estimate.hourly)}/h while running
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatCount(estimate.totalSteps)} steps ({formatCount(estimate.stepsPerEpoch)} per epoch) · about{' '}
              {formatSeconds(estimate.runningSeconds)} of training · {estimate.memoryGb.toFixed(1)} GB per GPU of {gpu.memoryGb} GB
            </Typography>
            {estimate.oom && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                This needs {estimate.memoryGb.toFixed(1)} GB per GPU; a {gpu.displayName} has {gpu.memoryGb} GB, so the job would fail at
                its first step. Use a smaller batch, gradient checkpointing, QLoRA, or a GPU with more memory.
              </Alert>
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {dataset ? 'The estimate appears once the fields are valid.' : 'Choose a dataset to see the estimated cost.'}
          </Typography>
        )}
      </Paper>
    </FormDialog>
  );
}
