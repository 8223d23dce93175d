// "Edit dataset": its name, description and tags (PATCH; the file and checks stay as uploaded).
import TextField from '@mui/material/TextField';
import type { Dataset } from '../../../../../shared/api/training/datasets';
import { DATASET_LIMITS } from '../../../../../shared/api/training/datasets';
import { notify } from '../../../platform/notifications-store';
import { FormDialog } from '../../../components/form/FormDialog';
import type { FormResult } from '../../../components/form/form-result';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { splitList } from './dataset-form';
import { useDatasets, type DatasetPatch } from './datasets-store';

interface EditForm {
  name: string;
  description: string;
  tags: string;
}

const LABELS = { name: 'Name', description: 'Description', tags: 'Tags' };

export function validateEdit(form: EditForm, dataset: Pick<Dataset, 'name' | 'description' | 'tags'>): FormResult<DatasetPatch> {
  const errors: Record<string, string> = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'Name the dataset';
  else if (name.length > DATASET_LIMITS.name.max) errors.name = `A name is at most ${DATASET_LIMITS.name.max} characters`;
  if (form.description.length > DATASET_LIMITS.description.max)
    errors.description = `A description is at most ${DATASET_LIMITS.description.max.toLocaleString('en-US')} characters`;
  const tags = splitList(form.tags);
  if (tags.length > DATASET_LIMITS.tags.maxItems) errors.tags = `At most ${DATASET_LIMITS.tags.maxItems} tags`;
  else if (tags.some((t) => t.length > DATASET_LIMITS.tags.maxLength))
    errors.tags = `A tag is at most ${DATASET_LIMITS.tags.maxLength} characters`;
  if (Object.keys(errors).length) return { ok: false, errors };
  const description = form.description.trim() === '' ? null : form.description.trim();
  const patch: DatasetPatch = {
    ...(name !== dataset.name ? { name } : {}),
    ...(description !== dataset.description ? { description } : {}),
    ...(tags.join('\n') !== dataset.tags.join('\n') ? { tags } : {}),
  };
  if (Object.keys(patch).length === 0) return { ok: false, errors: { form: 'Nothing was changed' } };
  return { ok: true, request: patch };
}

export function EditDatasetDialog({ dataset, open, onClose }: { dataset: Dataset; open: boolean; onClose(): void }) {
  const { form, update, errors, errorAttempt, busy, apiError, onSubmit } = useValidatedForm<EditForm, DatasetPatch>({
    open,
    initial: () => ({ name: dataset.name, description: dataset.description ?? '', tags: dataset.tags.join(', ') }),
    validate: (f) => validateEdit(f, dataset),
    submit: async (patch) => {
      const saved = await useDatasets.getState().update(dataset.id, patch);
      notify('success', `Dataset “${saved.name}” saved`);
      onClose();
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="edit-dataset-dialog"
      titleId="edit-dataset-title"
      title="Edit dataset"
      busy={busy}
      apiError={apiError}
      onSubmit={onSubmit}
      errors={errors}
      errorAttempt={errorAttempt}
      fieldLabels={LABELS}
      submitLabel="Save"
    >
      <TextField
        label="Name"
        size="small"
        required
        autoFocus
        value={form.name}
        onChange={(e) => update({ name: e.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name ?? ' '}
      />
      <TextField
        label="Description"
        size="small"
        multiline
        minRows={2}
        value={form.description}
        onChange={(e) => update({ description: e.target.value })}
        error={Boolean(errors.description)}
        helperText={errors.description ?? 'Empty clears it'}
      />
      <TextField
        label="Tags"
        size="small"
        value={form.tags}
        onChange={(e) => update({ tags: e.target.value })}
        error={Boolean(errors.tags)}
        helperText={errors.tags ?? 'Separate with commas'}
      />
    </FormDialog>
  );
}
