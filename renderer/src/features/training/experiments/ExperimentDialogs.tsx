// The experiment's own actions: clone (name, description, hypothesis, with or without its runs),
// archive (a confirmation with a reason; artifacts kept or removed) and export (CSV to the object
// store, then saved as a file: main reads it back, the download token stays there).
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Experiment } from '../../../../../shared/api/training/experiments';
import { getBridge } from '../../../bridge/index';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { saveFile } from '../../../lib/save-file';
import {
  CLONE_LABELS,
  cloneFormOf,
  EXPORT_LABELS,
  EXPORT_SECTIONS,
  exportFormOf,
  toCloneExperiment,
  toExportExperiment,
  type CloneForm,
  type ExportForm,
} from './experiment-forms';
import { useExperiments } from './experiments-store';

interface DialogProps {
  experiment: Experiment;
  open: boolean;
  onClose(): void;
}

export function CloneDialog({ experiment, open, onClose, onCloned }: DialogProps & { onCloned(e: Experiment): void }) {
  const state = useValidatedForm({
    open,
    initial: () => cloneFormOf(experiment),
    validate: (f: CloneForm) => toCloneExperiment(f, experiment),
    submit: async (request) => {
      const clone = await useExperiments.getState().clone(experiment.id, request);
      onClose();
      onCloned(clone);
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="clone-experiment-dialog"
      titleId="clone-experiment-title"
      title={`Clone ${experiment.name}`}
      maxWidth="sm"
      state={state}
      fieldLabels={CLONE_LABELS}
      submitLabel="Clone"
      submitTestId="clone-submit"
    >
      <FormField form={state} name="name" label="Name" required autoFocus hint="1–100 characters" />
      <FormField form={state} name="description" label="Description" lines={2} />
      <FormField
        form={state}
        name="hypothesis"
        errorKey="modifications.hypothesis"
        label="Hypothesis"
        lines={2}
        hint="Change it to test a variation of this one"
      />
      <FormControlLabel
        control={<Checkbox checked={state.form.copyRuns} onChange={(e) => state.update({ copyRuns: e.target.checked })} />}
        label={`Copy its ${experiment.runs.length} run${experiment.runs.length === 1 ? '' : 's'} (they keep following their training jobs)`}
      />
    </FormDialog>
  );
}

export function ArchiveDialog({ experiment, open, onClose }: DialogProps) {
  const [reason, setReason] = useState('');
  const [preserve, setPreserve] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      title={`Archive ${experiment.name}?`}
      confirmLabel="Archive"
      destructive
      onClose={onClose}
      onConfirm={() =>
        useExperiments
          .getState()
          .archive(experiment.id, { ...(reason.trim() ? { reason: reason.trim() } : {}), preserve_artifacts: preserve })
      }
    >
      <Stack spacing={1.5}>
        <span>
          An archived experiment is read-only: no runs can be added, its notes and conclusion stay as they are. Its runs and their training
          jobs are not touched.
        </span>
        <TextField
          label="Reason"
          size="small"
          value={reason}
          onChange={(e) => setReason(e.target.value.slice(0, 1000))}
          helperText="Optional, kept with the archive"
          slotProps={{ htmlInput: { 'data-testid': 'archive-reason' } }}
        />
        <FormControlLabel
          control={<Checkbox checked={preserve} onChange={(e) => setPreserve(e.target.checked)} />}
          label="Keep its exports in the object store"
        />
        {!preserve && (
          <Typography variant="caption" color="warning.main">
            The CSV files exported from this experiment will be deleted.
          </Typography>
        )}
      </Stack>
    </ConfirmDialog>
  );
}

const SECTION_LABELS: Record<(typeof EXPORT_SECTIONS)[number], string> = {
  parameters: 'Parameters',
  metrics: 'Metrics (current, best, final; cost, time)',
  artifacts: 'Artifacts (checkpoints, model)',
  metadata: 'Metadata (dates, tags, notes)',
};

export function ExportDialog({ experiment, open, onClose, onExported }: DialogProps & { onExported(message: string): void }) {
  const state = useValidatedForm({
    open,
    initial: () => exportFormOf(experiment.id),
    validate: (f: ExportForm) => toExportExperiment(f),
    submit: async (body) => {
      const { export: written, csv } = await getBridge().invoke('experiments:export', { experimentId: experiment.id, body });
      saveFile(written.destination.path.split('/').at(-1) ?? 'runs.csv', csv, 'text/csv');
      onClose();
      onExported(`Exported ${written.rows} run${written.rows === 1 ? '' : 's'} to ${written.destination.uri}`);
    },
  });
  const { form, update, errors } = state;
  const toggle = (s: (typeof EXPORT_SECTIONS)[number]) =>
    update({
      include: form.include.includes(s)
        ? form.include.filter((x) => x !== s)
        : EXPORT_SECTIONS.filter((x) => x === s || form.include.includes(x)),
    });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="export-experiment-dialog"
      titleId="export-experiment-title"
      title="Export runs as CSV"
      subtitle={
        <Typography variant="caption" color="text.secondary" sx={{ px: 3, mt: -1.5, mb: 1 }}>
          Written to the object store, then saved on this computer. One row per run.
        </Typography>
      }
      maxWidth="sm"
      state={state}
      fieldLabels={EXPORT_LABELS}
      submitLabel="Export and download"
      submitTestId="export-submit"
    >
      <FormGroup aria-label="Columns" data-testid="export-columns">
        {EXPORT_SECTIONS.map((s) => (
          <FormControlLabel
            key={s}
            control={<Checkbox size="small" checked={form.include.includes(s)} onChange={() => toggle(s)} />}
            label={SECTION_LABELS[s]}
          />
        ))}
        {errors.include && <FormHelperText error>{errors.include}</FormHelperText>}
      </FormGroup>
      <Stack direction="row" spacing={1.5}>
        <FormField form={state} name="bucket" label="Bucket" hint="Lower-case letters, digits, . -" sx={{ width: 200 }} />
        <FormField
          form={state}
          name="path"
          label="Path"
          fullWidth
          hint="e.g. reports/runs.csv"
          slotProps={{ htmlInput: { 'data-testid': 'export-path' } }}
        />
      </Stack>
    </FormDialog>
  );
}
