// A titled panel of a detail view: an outlined section named by its heading, an optional note or action at the heading's right, the content.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SectionProps {
  title: string;
  /** A note or an action at the right of the heading. */
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
}

export function Section({ title, aside, testId, children }: SectionProps) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        {aside}
      </Stack>
      {children}
    </Paper>
  );
}
