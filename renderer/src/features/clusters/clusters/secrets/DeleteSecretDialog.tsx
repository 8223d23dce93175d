// Delete confirmation typed by name: the delete button is enabled only when the typed
// name matches the secret's exactly.
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Secret } from '../../../../../../shared/api/clusters/secrets';
import { ErrorAlert } from '../../../../components/ErrorAlert';
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
  const {
    form: typed,
    setForm: setTyped,
    valid: matches,
    busy,
    apiError: error,
    onSubmit: confirm,
  } = useValidatedForm<string, Secret>({
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
    <Dialog
      open={secret !== null}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-secret-title"
      data-testid="delete-secret-dialog"
    >
      <DialogTitle id="delete-secret-title">Delete secret “{secret?.name}”?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            The value is destroyed and the cluster loses{' '}
            {secret?.environment_variable ? `the ${secret.environment_variable} variable` : 'access to it'}
            {secret?.file_path ? ` and the file ${secret.file_path}` : ''}. This cannot be undone. Type the secret’s name to confirm:{' '}
            <Typography component="span" sx={{ fontFamily: MONO_FONT, fontWeight: 600 }}>
              {secret?.name}
            </Typography>
          </Typography>
          <TextField
            size="small"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void confirm()}
            autoFocus
            autoComplete="off"
            slotProps={{ htmlInput: { 'aria-label': 'Type the secret name to confirm', spellCheck: false } }}
          />
          {error && <ErrorAlert error={error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          onClick={() => void confirm()}
          disabled={busy || !matches}
          variant="contained"
          color="error"
          startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
        >
          Delete secret
        </Button>
      </DialogActions>
    </Dialog>
  );
}
