// The one confirmation dialog: runs the action itself so it can show progress and keep
// the dialog open with the error when the action fails.
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert';
import { useValidatedForm } from './form/use-validated-form';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm(): Promise<void>;
  onClose(): void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, destructive, onConfirm, onClose }: ConfirmDialogProps) {
  const {
    busy,
    apiError: error,
    onSubmit: confirm,
  } = useValidatedForm<null, null>({
    open,
    initial: () => null,
    validate: () => ({ ok: true, request: null }),
    submit: async () => {
      await onConfirm();
      onClose();
    },
  });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-title"
      data-testid="confirm-dialog"
    >
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <Typography component="div" variant="body2" color="text.secondary">
          {children}
        </Typography>
        {error && <ErrorAlert error={error} sx={{ mt: 2 }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          onClick={() => void confirm()}
          disabled={busy}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
          autoFocus
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
