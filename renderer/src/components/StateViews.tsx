// Empty and error states shared by every view: they say what happened and what to do.
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { NormalizedError } from '../../../shared/api/errors';
import { ErrorAlert } from './ErrorAlert';

export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 420, mx: 'auto', color: 'text.secondary' }} data-testid="empty-state">
      {icon && <Box sx={{ fontSize: 40, mb: 1, '& svg': { fontSize: 40 } }}>{icon}</Box>}
      <Typography variant="h6" color="text.primary" gutterBottom>
        {title}
      </Typography>
      {children && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {children}
        </Typography>
      )}
      {action}
    </Box>
  );
}

export function ErrorState({ title, error, onRetry }: { title: string; error: NormalizedError; onRetry?(): void }) {
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', width: '100%' }} data-testid="error-state">
      <Typography variant="h6" gutterBottom>
        {title}
      </Typography>
      <ErrorAlert
        error={error}
        action={
          onRetry && (
            <Button color="inherit" size="small" startIcon={<Refresh />} onClick={onRetry}>
              Retry
            </Button>
          )
        }
      />
    </Box>
  );
}
