// One panel of the control room: an outlined card with a heading, an optional line under it,
// something at the right of the heading, and its content in a column.
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { NormalizedError } from '../../../../shared/api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';

export interface PanelProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  testId: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

export function Panel({ icon, title, description, aside, testId, sx, children }: PanelProps) {
  const headingId = `${testId}-title`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={[{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32 }}>
        <Box sx={{ display: 'flex', color: 'text.secondary' }}>{icon}</Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" id={headingId} sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {title}
          </Typography>
        </Box>
        {aside}
      </Stack>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** A panel's load failure, with a retry. */
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
