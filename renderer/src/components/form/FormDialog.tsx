// The one frame of a form dialog: a titled dialog around a form, the fields in a column
// ending with the API error, and Cancel + a submit button that shows progress. While busy
// the dialog cannot be dismissed.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import type { NormalizedError } from '../../../../shared/api/errors';
import { ErrorAlert } from '../ErrorAlert';

export interface FormDialogProps {
  open: boolean;
  onClose(): void;
  /** The dialog's data-testid, and the id of its title (which labels it). */
  testId: string;
  titleId: string;
  title: ReactNode;
  /** Shown between the title and the fields (e.g. a caption about the subject). */
  subtitle?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  /** Content between dividers (long forms), or flush under the title (short ones). */
  dividers?: boolean;
  /** A flex column, so the content scrolls between a fixed title and fixed actions. */
  scrollContent?: boolean;
  spacing?: number;
  busy: boolean;
  apiError: NormalizedError | null;
  onSubmit(event: FormEvent): void;
  submitLabel: ReactNode;
  submitColor?: 'primary' | 'error';
  submitDisabled?: boolean;
  submitTestId?: string;
  cancelLabel?: string;
  /** Replaces Cancel + submit (e.g. a single Close once the operation was accepted). */
  actions?: ReactNode;
  /** Replaces the fields' column (e.g. the progress view once the operation was accepted). */
  content?: ReactNode;
  children: ReactNode;
}

export function FormDialog(props: FormDialogProps) {
  const {
    open,
    onClose,
    testId,
    titleId,
    title,
    subtitle,
    maxWidth = 'sm',
    dividers = false,
    scrollContent = false,
    spacing = 2,
    busy,
    apiError,
    onSubmit,
  } = props;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth={maxWidth} fullWidth aria-labelledby={titleId} data-testid={testId}>
      <Box
        component="form"
        onSubmit={onSubmit}
        noValidate
        sx={scrollContent ? { display: 'flex', flexDirection: 'column', minHeight: 0 } : undefined}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {subtitle}
        <DialogContent dividers={dividers}>
          {props.content ?? (
            <Stack spacing={spacing} sx={dividers ? undefined : { pt: 1 }}>
              {props.children}
              {apiError && <ErrorAlert error={apiError} />}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {props.actions ?? (
            <>
              <Button onClick={onClose} disabled={busy}>
                {props.cancelLabel ?? 'Cancel'}
              </Button>
              <Button
                type="submit"
                variant="contained"
                color={props.submitColor ?? 'primary'}
                disabled={busy || props.submitDisabled}
                startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
                data-testid={props.submitTestId}
              >
                {props.submitLabel}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
