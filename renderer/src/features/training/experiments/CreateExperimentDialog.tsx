// New experiment: name, description, the hypothesis it tests, tags, and optionally the baseline
// its runs are measured against (a model, a run or a published result, with its metrics).
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Experiment } from '../../../../../shared/api/training/experiments';
import { FormDialog } from '../../../components/form/FormDialog';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { MONO_FONT } from '../../../lib/fonts';
import { emptyExperimentForm, EXPERIMENT_LABELS, toCreateExperiment } from './experiment-forms';
import { useExperiments } from './experiments-store';
import { FormField } from '../../../components/form/FormField';

export function CreateExperimentDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(e: Experiment): void }) {
  const state = useValidatedForm({
    open,
    initial: emptyExperimentForm,
    validate: toCreateExperiment,
    submit: async (request) => {
      const created = await useExperiments.getState().create(request);
      onClose();
      onCreated(created);
    },
  });
  const { form } = state;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="create-experiment-dialog"
      titleId="create-experiment-title"
      title="New experiment"
      maxWidth="md"
      dividers
      state={state}
      fieldLabels={EXPERIMENT_LABELS}
      submitLabel="Create experiment"
      submitTestId="create-experiment-submit"
    >
      <FormField form={state} name="name" label="Name" hint="1–100 characters" required autoFocus fullWidth />
      <FormField
        form={state}
        name="description"
        label="Description"
        hint="What the experiment is about (up to 5,000 characters)"
        lines={2}
        fullWidth
      />
      <FormField
        form={state}
        name="hypothesis"
        label="Hypothesis"
        hint="What you expect, e.g. “LoRA rank 16 matches full fine-tuning at a third of the cost”"
        lines={2}
        fullWidth
      />
      <FormField form={state} name="tags" label="Tags" hint="Comma-separated, e.g. lora, llama-3" fullWidth />
      <Stack direction="row" spacing={1.5}>
        <FormField
          form={state}
          name="baselineType"
          select
          label="Baseline"
          hint="What the runs are measured against"
          sx={{ minWidth: 180 }}
          data-testid="baseline-type"
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          <MenuItem value="model">A model</MenuItem>
          <MenuItem value="run">A run</MenuItem>
          <MenuItem value="published">A published result</MenuItem>
        </FormField>
        {form.baselineType && (
          <FormField
            form={state}
            name="baselineName"
            errorKey="baseline.name"
            label="Baseline name"
            hint="e.g. llama-3-8b-instruct"
            required
            fullWidth
          />
        )}
      </Stack>
      {form.baselineType && (
        <FormField
          form={state}
          name="baselineMetrics"
          errorKey="baseline.metrics"
          label="Baseline metrics"
          hint="One per line: validation_loss = 0.62"
          lines={2}
          fullWidth
          slotProps={{ htmlInput: { style: { fontFamily: MONO_FONT, fontSize: 13 } } }}
        />
      )}
    </FormDialog>
  );
}
