// "Upload dataset": the file (dropped or chosen), the dataset's name, type, format, tags and
// the checks to run on its content; then the upload with its progress — bytes sent through
// the console and bytes the platform acknowledged — and a Cancel that aborts it.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { DatasetFormat, DatasetType } from '../../../../../shared/api/training/datasets';
import { notify } from '../../../platform/notifications-store';
import { getBridge } from '../../../bridge/index';
import { isCancelled } from '../../../bridge/errors';
import { FormDialog } from '../../../components/form/FormDialog';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { formatBytes } from '../training-format';
import {
  ACCEPTED_EXTENSIONS,
  FIELD_LABELS,
  FORMATS,
  formatOfFile,
  initialDatasetForm,
  nameOfFile,
  validateDatasetForm,
  type DatasetForm,
  type DatasetUploadRequest,
} from './dataset-form';
import { DropZone } from './DropZone';
import { useDatasets } from './datasets-store';
import { uploadDatasetFile, type UploadProgress } from './upload-file';
import { FormField } from '../../../components/form/FormField';

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5, pt: 0.5 }}>
      {children}
    </Typography>
  );
}

function UploadProgressView({ name, progress }: { name: string; progress: UploadProgress | null }) {
  const size = progress?.size ?? 0;
  const pct = (n: number) => (size > 0 ? (n / size) * 100 : 0);
  const acknowledged = progress?.acknowledged ?? 0;
  const part =
    progress && progress.mode === 'multipart' && progress.partSize
      ? ` · part ${Math.min(progress.partCount, Math.floor(progress.sent / progress.partSize) + 1)} of ${progress.partCount}`
      : '';
  return (
    <Stack spacing={1.5} sx={{ py: 1 }} data-testid="dataset-upload-progress">
      <Typography variant="body2">
        Uploading <b>{name}</b>
        {progress ? ` · ${progress.mode === 'multipart' ? 'multipart upload' : 'single upload'}${part}` : ' · creating the dataset…'}
      </Typography>
      <LinearProgress
        variant={progress ? 'buffer' : 'indeterminate'}
        value={pct(acknowledged)}
        valueBuffer={pct(progress?.sent ?? 0)}
        aria-label="Upload progress"
        aria-valuetext={`${formatBytes(acknowledged)} of ${formatBytes(size)} acknowledged`}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary" data-testid="dataset-upload-bytes">
          {progress ? `${formatBytes(acknowledged)} of ${formatBytes(size)} acknowledged · ${Math.floor(pct(acknowledged))}%` : ''}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {progress && progress.sent > acknowledged ? `${formatBytes(progress.sent - acknowledged)} on the way` : ''}
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        The platform checks and profiles the file once it has every byte.
      </Typography>
    </Stack>
  );
}

export function CreateDatasetDialog({ open, onClose, onUploaded }: { open: boolean; onClose(): void; onUploaded(id: string): void }) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [uploading, setUploading] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const state = useValidatedForm<DatasetForm, DatasetUploadRequest>({
    open,
    initial: initialDatasetForm,
    validate: validateDatasetForm,
    onReset: () => {
      setProgress(null);
      setUploading(false);
    },
    submit: async ({ dataset, file }) => {
      const abort = new AbortController();
      controller.current = abort;
      setProgress(null);
      setUploading(true);
      try {
        const done = await uploadDatasetFile(getBridge(), dataset, file, setProgress, abort.signal);
        notify('success', `Dataset “${dataset.name}” uploaded`, 'It is being checked and profiled.');
        void useDatasets.getState().load(undefined, { quiet: true });
        onClose();
        onUploaded(done.datasetId);
      } catch (error) {
        if (isCancelled(error) || abort.signal.aborted) {
          notify('info', `Upload of “${dataset.name}” cancelled`, 'The dataset it created was deleted.');
          void useDatasets.getState().load(undefined, { quiet: true });
          onClose();
          return;
        }
        throw error;
      } finally {
        setUploading(false);
        controller.current = null;
      }
    },
  });

  const { form, update, errors } = state;
  const chooseFile = (file: File) => {
    const format = formatOfFile(file.name);
    update({ file, ...(format ? { format } : {}), ...(form.name.trim() === '' ? { name: nameOfFile(file.name) } : {}) });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="create-dataset-dialog"
      titleId="create-dataset-title"
      title="Upload dataset"
      maxWidth="sm"
      dividers
      state={state}
      fieldLabels={FIELD_LABELS}
      submitLabel="Upload"
      submitTestId="submit-dataset"
      content={uploading ? <UploadProgressView name={form.name.trim()} progress={progress} /> : undefined}
      actions={
        uploading ? (
          <Button color="error" onClick={() => controller.current?.abort()} data-testid="cancel-upload">
            Cancel upload
          </Button>
        ) : undefined
      }
    >
      <DropZone file={form.file} accept={ACCEPTED_EXTENSIONS} error={errors.file} disabled={state.busy} onFile={chooseFile} />
      <SectionTitle>Dataset</SectionTitle>
      <FormField
        form={state}
        name="name"
        label={FIELD_LABELS.name}
        hint="Shown in lists and in training jobs"
        required
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'dataset-name' } }}
      />
      <Stack direction="row" spacing={1.5}>
        <FormField form={state} name="type" select label="Type" hint="What the examples hold" sx={{ flex: 1 }}>
          {DatasetType.options.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </FormField>
        <FormField form={state} name="format" select label="Format" hint="Read from the file’s name" sx={{ flex: 1 }}>
          {DatasetFormat.options.map((f) => (
            <MenuItem key={f} value={f}>
              {FORMATS[f].label} ({f})
            </MenuItem>
          ))}
        </FormField>
      </Stack>
      <FormField form={state} name="description" label={FIELD_LABELS.description} hint="Optional" lines={2} fullWidth />
      <FormField form={state} name="tags" label={FIELD_LABELS.tags} hint="Optional; separate with commas" fullWidth />
      <SectionTitle>Checks on the content</SectionTitle>
      <FormField
        form={state}
        name="requiredFields"
        label={FIELD_LABELS.requiredFields}
        hint="Fields every example must have, separated by commas (e.g. prompt, completion)"
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'dataset-required-fields' } }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1.4fr', gap: 1.5 }}>
        <FormField form={state} name="minExamples" label={FIELD_LABELS.minExamples} hint="Optional" fullWidth />
        <FormField form={state} name="maxExamples" label={FIELD_LABELS.maxExamples} hint="Optional" fullWidth />
        <FormField
          form={state}
          name="maxSequenceLength"
          label={FIELD_LABELS.maxSequenceLength}
          hint="Estimated tokens, optional"
          fullWidth
        />
      </Box>
    </FormDialog>
  );
}
