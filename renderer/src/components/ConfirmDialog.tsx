// The one confirmation dialog: runs the action itself so it can show progress and keep
// the dialog open with the error when the action fails (the frame is the form dialog's).
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormDialog } from './form/FormDialog';
import { useValidatedForm } from './form/use-validated-form';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes it without acting (default "Cancel"). */
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm(): Promise<void>;
  onClose(): void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, destructive, onConfirm, onClose }: ConfirmDialogProps) {
  const state = useValidatedForm<null, null>({
    open,
    initial: () => null,
    validate: () => ({ ok: true, request: null }),
    submit: async () => {
      await onConfirm();
      onClose();
    },
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="confirm-dialog"
      titleId="confirm-title"
      title={title}
      maxWidth="xs"
      state={state}
      submitLabel={confirmLabel}
      cancelLabel={cancelLabel}
      submitColor={destructive ? 'error' : 'primary'}
      submitAutoFocus
    >
      <Typography component="div" variant="body2" color="text.secondary">
        {children}
      </Typography>
    </FormDialog>
  );
}
