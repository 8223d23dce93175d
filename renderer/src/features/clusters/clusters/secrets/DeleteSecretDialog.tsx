// Delete confirmation typed by name: the delete button is enabled only when the typed
// name matches the secret's exactly.
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Secret } from '../../../../../../shared/api/clusters/secrets';
import { FormDialog } from '../../../../components/form/FormDialog';
import { useValidatedForm } from '../../../../components/form/use-validated-form';
import { MONO_FONT } from '../../../../lib/fonts';

export function DeleteSecretDialog({
  secret,
  onClose,
  onDelete,
}: {
  secret: Secret | null;
  onClose(): void;
  onDelete(secret: Secret): Promise<void>;
}) {
  const state = useValidatedForm<string, Secret>({
    open: secret !== null,
    resetKey: secret,
    initial: () => '',
    // Enabled only when the typed name matches the secret's exactly.
    validate: (name) => (secret !== null && name === secret.name ? { ok: true, request: secret } : { ok: false, errors: {} }),
    submit: async (target) => {
      await onDelete(target);
      onClose();
    },
  });

  return (
    <FormDialog
      open={secret !== null}
      onClose={onClose}
      testId="delete-secret-dialog"
      titleId="delete-secret-title"
      title={<>Delete secret “{secret?.name}”?</>}
      maxWidth="xs"
      state={state}
      submitLabel="Delete secret"
      submitColor="error"
      submitDisabled={!state.valid}
    >
      <Typography variant="body2" color="text.secondary">
        The value is destroyed and the cluster loses{' '}
        {secret?.environment_variable ? `the ${secret.environment_variable} variable` : 'access to it'}
        {secret?.file_path ? ` and the file ${secret.file_path}` : ''}. This cannot be undone. Type the secret’s name to confirm:{' '}
        <Typography component="span" sx={{ fontFamily: MONO_FONT, fontWeight: 600 }}>
          {secret?.name}
        </Typography>
      </Typography>
      {/* Enter submits the form: only once the name matches (the button is enabled). */}
      <TextField
        size="small"
        value={state.form}
        onChange={(e) => state.setForm(e.target.value)}
        autoFocus
        autoComplete="off"
        slotProps={{ htmlInput: { 'aria-label': 'Type the secret name to confirm', spellCheck: false } }}
      />
    </FormDialog>
  );
}
