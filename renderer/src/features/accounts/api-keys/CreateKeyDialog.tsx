// Create-key form: validated with the shared CreateApiKeyRequest schema before sending;
// a server refusal about one field is shown on it, any other in the dialog with its details.
import type { CreateApiKeyRequest } from '../../../../../shared/api/accounts/api-keys';
import { FormDialog } from '../../../components/form/FormDialog';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { emptyCreateKeyForm, toCreateRequest, type FormErrors, type KeyForm } from './key-form';
import { KeyFormFields } from './KeyFormFields';
import { useServerFieldError } from './use-server-field-error';

export interface CreateKeyDialogProps {
  open: boolean;
  onClose(): void;
  onCreate(request: CreateApiKeyRequest): Promise<void>;
}

export function CreateKeyDialog({ open, onClose, onCreate }: CreateKeyDialogProps) {
  const server = useServerFieldError();
  const { form, update, errors, busy, apiError, onSubmit } = useValidatedForm<KeyForm, CreateApiKeyRequest, FormErrors>({
    open,
    initial: emptyCreateKeyForm,
    validate: toCreateRequest,
    onReset: server.reset,
    submit: (request) =>
      server.run(async () => {
        await onCreate(request);
        onClose();
      }),
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="create-key-dialog"
      titleId="create-key-title"
      title="Create API key"
      spacing={2.5}
      busy={busy}
      apiError={server.dialogError(apiError)}
      onSubmit={onSubmit}
      submitLabel="Create key"
    >
      <KeyFormFields form={form} update={server.update(update)} errors={server.merge(errors)} autoFocus />
    </FormDialog>
  );
}
