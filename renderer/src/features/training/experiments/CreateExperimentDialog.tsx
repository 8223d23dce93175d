// New experiment: name, description, the hypothesis it tests, tags, and optionally the baseline
// its runs are measured against (a model, a run or a published result, with its metrics).
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Experiment } from '../../../../../shared/api/training/experiments';
import { FormDialog } from '../../../components/form/FormDialog';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { MONO_FONT } from '../../../lib/fonts';
import { emptyExperimentForm, EXPERIMENT_LABELS, toCreateExperiment, type ExperimentForm } from './experiment-forms';
import { useExperiments } from './experiments-store';
import { FormField } from '../../../components/form/FormField';

export function CreateExperimentDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(e: Experiment): void }) {
  const { form, update, errors, errorAttempt, busy, apiError, onSubmit } = useValidatedForm({
    open,
    initial: emptyExperimentForm,
    validate: toCreateExperiment,
    submit: async (request) => {
      const created = await useExperiments.getState().create(request);
      onClose();
      onCreated(created);
    },
  });
  const text = (field: keyof ExperimentForm, key: string, label: string, help: string, extra: object = {}) => (
    <FormField form={{ form, update, errors }} name={field} errorKey={key} label={label} hint={help} fullWidth {...extra} />
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="create-experiment-dialog"
      titleId="create-experiment-title"
      title="New experiment"
      maxWidth="md"
      dividers
      busy={busy}
      apiError={apiError}
      onSubmit={onSubmit}
      errors={errors}
      errorAttempt={errorAttempt}
      fieldLabels={EXPERIMENT_LABELS}
      submitLabel="Create experiment"
      submitTestId="create-experiment-submit"
    >
      {text('name', 'name', 'Name', '1–100 characters', { required: true, autoFocus: true })}
      {text('description', 'description', 'Description', 'What the experiment is about (up to 5,000 characters)', {
        multiline: true,
        minRows: 2,
      })}
      {text(
        'hypothesis',
        'hypothesis',
        'Hypothesis',
        'What you expect, e.g. “LoRA rank 16 matches full fine-tuning at a third of the cost”',
        {
          multiline: true,
          minRows: 2,
        },
      )}
      {text('tags', 'tags', 'Tags', 'Comma-separated, e.g. lora, llama-3')}
      <Stack direction="row" spacing={1.5}>
        <TextField
          select
          label="Baseline"
          size="small"
          value={form.baselineType}
          onChange={(e) => update({ baselineType: e.target.value as ExperimentForm['baselineType'] })}
          sx={{ minWidth: 180 }}
          helperText="What the runs are measured against"
          data-testid="baseline-type"
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          <MenuItem value="model">A model</MenuItem>
          <MenuItem value="run">A run</MenuItem>
          <MenuItem value="published">A published result</MenuItem>
        </TextField>
        {form.baselineType && text('baselineName', 'baseline.name', 'Baseline name', 'e.g. llama-3-8b-instruct', { required: true })}
      </Stack>
      {form.baselineType &&
        text('baselineMetrics', 'baseline.metrics', 'Baseline metrics', 'One per line: validation_loss = 0.62', {
          multiline: true,
          minRows: 2,
          slotProps: { htmlInput: { style: { fontFamily: MONO_FONT, fontSize: 13 } } },
        })}
    </FormDialog>
  );
}
