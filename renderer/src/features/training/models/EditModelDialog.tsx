// Edit a model's name, description, tags and metadata; only what changed is sent (PATCH).
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Model } from '../../../../../shared/api/training/models';
import { notify } from '../../../platform/notifications-store';
import { placeApiError } from '../../../components/form/api-error-fields';
import { FormDialog } from '../../../components/form/FormDialog';
import { RowsEditor } from '../../../components/form/RowsEditor';
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
  const { form, update, errors, busy, apiError } = state;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="edit-model-dialog"
      titleId="edit-model-title"
      title="Edit model"
      busy={busy}
      apiError={apiError}
      onSubmit={(ev) => void state.onSubmit(ev)}
      errors={errors}
      errorAttempt={state.errorAttempt}
      fieldLabels={EDIT_LABELS}
      submitLabel="Save"
      submitTestId="edit-model-submit"
    >
      <TextField
        label="Name"
        size="small"
        value={form.name}
        onChange={(e) => update({ name: e.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name ?? '1 to 100 characters'}
        slotProps={{ htmlInput: { 'data-testid': 'edit-model-name' } }}
      />
      <TextField
        label="Description"
        size="small"
        multiline
        minRows={2}
        value={form.description}
        onChange={(e) => update({ description: e.target.value })}
        error={Boolean(errors.description)}
        helperText={errors.description ?? 'Up to 2,000 characters'}
      />
      <TextField
        label="Tags"
        size="small"
        value={form.tags}
        onChange={(e) => update({ tags: e.target.value })}
        error={Boolean(errors.tags)}
        helperText={errors.tags ?? 'Comma-separated; up to 50 tags of 64 characters'}
      />
      <Typography variant="subtitle2">Metadata</Typography>
      <RowsEditor
        rows={form.metadata}
        onChange={(metadata) => update({ metadata })}
        newRow={() => ({ key: '', value: '' })}
        addLabel="Add metadata"
        removeLabel={(i) => `Remove metadata row ${i + 1}`}
        renderRow={(row, i, set) => (
          <>
            <TextField
              label="Key"
              size="small"
              value={row.key}
              onChange={(e) => set({ key: e.target.value })}
              error={Boolean(errors[`metadata.${i}.key`])}
              helperText={errors[`metadata.${i}.key`] ?? ' '}
              sx={{ width: 200 }}
              slotProps={{ htmlInput: { 'aria-label': `Metadata ${i + 1} key` } }}
            />
            <TextField
              label="Value"
              size="small"
              value={row.value}
              onChange={(e) => set({ value: e.target.value })}
              helperText=" "
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { 'aria-label': `Metadata ${i + 1} value` } }}
            />
          </>
        )}
      />
    </FormDialog>
  );
}
