// A titled panel of a detail view: an outlined section named by its heading, an optional note or action at the heading's right, an
// optional line under the heading (what the panel is for), the content.
// `compact` is the smaller heading of a tab's or a report's panels (a model's tabs, an endpoint's health, a template's parts, a
// cluster's overview and proxy).
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SectionProps {
  title: string;
  /** A note or an action at the right of the heading. */
  aside?: ReactNode;
  /** A line under the heading: what the panel is for, or a summary of it. */
  description?: ReactNode;
  /** `compact`: the smaller heading, for panels several to a tab. */
  variant?: 'standard' | 'compact';
  testId?: string;
  children: ReactNode;
}

export function Section({ title, aside, description, variant = 'standard', testId, children }: SectionProps) {
  const compact = variant === 'compact';
  return (
    <Paper variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, minHeight: compact ? 24 : undefined }}>
        <Typography variant={compact ? 'subtitle2' : 'subtitle1'} component="h2" sx={{ fontWeight: compact ? undefined : 600, flex: 1 }}>
          {title}
        </Typography>
        {aside}
      </Stack>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -0.5, mb: 1.5 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** The compact Section, its aside named `action` (the panels of the model and endpoint tabs). */
export function Panel({ action, ...props }: Omit<SectionProps, 'aside' | 'variant'> & { action?: ReactNode }) {
  return <Section {...props} aside={action} variant="compact" />;
}
