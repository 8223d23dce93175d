// The frame the stop and restart dialogs share: the cost impact above the option sections,
// the API error below them, and once the service accepted the operation, its live phases
// (with a notice when the wait outlasted the request) and a single Close button.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { FormDialog } from '../../../../components/form/FormDialog';
import { PhaseProgress } from './PhaseProgress';
import type { LifecycleDialogState } from './use-lifecycle-dialog';

export interface LifecycleDialogProps {
  operation: 'stop' | 'restart';
  open: boolean;
  onClose(): void;
  title: string;
  state: LifecycleDialogState;
  /** The cost impact shown before confirming. */
  cost: ReactNode;
  submitLabel: string;
  submitColor?: 'primary' | 'error';
  /** The option sections. */
  children: ReactNode;
}

export function LifecycleDialog({
  operation,
  open,
  onClose,
  title,
  state,
  cost,
  submitLabel,
  submitColor,
  children,
}: LifecycleDialogProps) {
  const { accepted, notice, fieldLabels } = state;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId={`${operation}-cluster-dialog`}
      titleId={`${operation}-cluster-title`}
      title={title}
      maxWidth="md"
      dividers
      spacing={2.5}
      state={state}
      fieldLabels={fieldLabels}
      submitLabel={submitLabel}
      submitColor={submitColor}
      content={
        accepted && (
          <Stack spacing={2}>
            {notice && <Alert severity="info">{notice}</Alert>}
            <PhaseProgress cluster={accepted} />
          </Stack>
        )
      }
      actions={
        accepted && (
          <Button onClick={onClose} variant="contained">
            Close
          </Button>
        )
      }
    >
      {cost}
      {children}
    </FormDialog>
  );
}
