// "Edit dataset": its name, description and tags (PATCH; the file and checks stay as uploaded).
import type { Dataset } from '../../../../../shared/api/training/datasets';
import { notify } from '../../../platform/notifications-store';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import type { FormResult } from '../../../components/form/form-result';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { checkAbout } from './dataset-form';
import { useDatasets, type DatasetPatch } from './datasets-store';

interface EditForm {
  name: string;
  description: string;
  tags: string;
}

const LABELS = { name: 'Name', description: 'Description', tags: 'Tags' };

/** @internal Exported for its tests only. */
export function validateEdit(form: EditForm, dataset: Pick<Dataset, 'name' | 'description' | 'tags'>): FormResult<DatasetPatch> {
  const errors: Record<string, string> = {};
  const { name, tags } = checkAbout(form, errors);
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
  const state = useValidatedForm<EditForm, DatasetPatch>({
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
      state={state}
      fieldLabels={LABELS}
      submitLabel="Save"
    >
      <FormField form={state} name="name" label="Name" required autoFocus />
      <FormField form={state} name="description" label="Description" lines={2} hint="Empty clears it" />
      <FormField form={state} name="tags" label="Tags" hint="Separate with commas" />
    </FormDialog>
  );
}
