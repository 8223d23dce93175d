// A control-room panel's load failure, with a retry (the panels are the shared Section).
import Refresh from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import type { NormalizedError } from '../../../../shared/api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';

export function PanelError({ error, onRetry }: { error: NormalizedError; onRetry(): void }) {
  return (
    <ErrorAlert
      error={error}
      action={
        <Button color="inherit" size="small" startIcon={<Refresh />} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
