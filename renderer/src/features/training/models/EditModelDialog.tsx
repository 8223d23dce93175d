// Edit a model's name, description, tags and metadata; only what changed is sent (PATCH).
import Typography from '@mui/material/Typography';
import type { Model } from '../../../../../shared/api/training/models';
import { notify } from '../../../platform/notifications-store';
import { placeApiError } from '../../../components/form/api-error-fields';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { PairRowsEditor } from '../../../components/form/RowEditors';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { EDIT_LABELS, editFormOf, validateEditForm, type EditForm, type EditRequest } from './edit-form';
import { useModels } from './models-store';

export function EditModelDialog({ model, open, onClose }: { model: Model; open: boolean; onClose(): void }) {
  const state = useValidatedForm<EditForm, EditRequest>({
    open,
    resetKey: model.id,
    initial: () => editFormOf(model),
    validate: (f) => validateEditForm(f, model),
    placeApiError: (error) =>
      placeApiError<EditForm>(error, {
        members: { name: 'name', description: 'description', tags: 'tags', metadata: 'metadata' },
      }),
    async submit(request) {
      const saved = await useModels.getState().update(model.id, request);
      notify('success', `Model “${saved.name}” saved`);
      onClose();
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="edit-model-dialog"
      titleId="edit-model-title"
      title="Edit model"
      state={state}
      fieldLabels={EDIT_LABELS}
      submitLabel="Save"
      submitTestId="edit-model-submit"
    >
      <FormField
        form={state}
        name="name"
        label="Name"
        hint="1 to 100 characters"
        slotProps={{ htmlInput: { 'data-testid': 'edit-model-name' } }}
      />
      <FormField form={state} name="description" label="Description" lines={2} hint="Up to 2,000 characters" />
      <FormField form={state} name="tags" label="Tags" hint="Comma-separated; up to 50 tags of 64 characters" />
      <Typography variant="subtitle2">Metadata</Typography>
      <PairRowsEditor
        rows={state.form.metadata}
        onChange={(metadata) => state.update({ metadata })}
        errors={state.errors}
        errorPath="metadata"
        keyName="key"
        keyLabel="Key"
        keyWidth={200}
        newRow={() => ({ key: '', value: '' })}
        addLabel="Add metadata"
        removeLabel={(i) => `Remove metadata row ${i + 1}`}
        rowLabel={(i) => `Metadata ${i + 1}`}
      />
    </FormDialog>
  );
}
