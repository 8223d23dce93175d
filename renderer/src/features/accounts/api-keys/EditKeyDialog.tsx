// Edit a key (01-accounts.md, PUT /v2/accounts/api-keys/{key_id}): the create form's fields
// prefilled from the key; only what changed is sent; server refusals land on their field.
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { ApiKey, UpdateApiKeyRequest } from '../../../../../shared/api/accounts/api-keys';
import { FormDialog } from '../../../components/form/FormDialog';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { MONO_FONT } from '../../../lib/fonts';
import { emptyCreateKeyForm, formFromKey, otherScopes, toUpdateRequest, type FormErrors, type KeyForm } from './key-form';
import { KeyFormFields } from './KeyFormFields';
import { useServerFieldError } from './use-server-field-error';

export interface EditKeyDialogProps {
  /** The key being edited; null closes the dialog. */
  apiKey: ApiKey | null;
  onClose(): void;
  onSave(key: ApiKey, request: UpdateApiKeyRequest): Promise<void>;
}

export function EditKeyDialog({ apiKey, onClose, onSave }: EditKeyDialogProps) {
  const server = useServerFieldError();
  const { form, update, errors, busy, apiError, onSubmit } = useValidatedForm<KeyForm, UpdateApiKeyRequest, FormErrors>({
    open: apiKey !== null,
    resetKey: apiKey?.id,
    initial: () => (apiKey ? formFromKey(apiKey) : emptyCreateKeyForm()),
    validate: (f) => (apiKey ? toUpdateRequest(f, apiKey) : { ok: false, errors: {} }),
    onReset: server.reset,
    submit: (request) =>
      server.run(async () => {
        if (!apiKey) return;
        await onSave(apiKey, request);
        onClose();
      }),
  });
  const shown = server.merge(errors);

  return (
    <FormDialog
      open={apiKey !== null}
      onClose={onClose}
      testId="edit-key-dialog"
      titleId="edit-key-title"
      title="Edit API key"
      subtitle={
        apiKey && (
          <Typography variant="caption" color="text.secondary" sx={{ px: 3, mt: -1.5, fontFamily: MONO_FONT }}>
            {apiKey.id} · {apiKey.prefix}…
          </Typography>
        )
      }
      spacing={2.5}
      busy={busy}
      apiError={server.dialogError(apiError)}
      onSubmit={onSubmit}
      submitLabel="Save changes"
    >
      <KeyFormFields form={form} update={server.update(update)} errors={shown} otherScopes={apiKey ? otherScopes(apiKey) : []} />
      {shown.form && (
        <FormHelperText error role="status" data-testid="edit-key-form-error">
          {shown.form}
        </FormHelperText>
      )}
    </FormDialog>
  );
}
