// One figure of a panel: a small label over a large value, and an optional hint under it.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FigureProps {
  label: string;
  value: ReactNode;
  /** Under the value (a unit, a comparison), wrapped when long. */
  hint?: ReactNode;
  /** The test id of the value. */
  testId?: string;
}

export function Figure({ label, value, hint, testId }: FigureProps) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="div"
        noWrap
        sx={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
        title={typeof value === 'string' ? value : undefined}
      >
        {value}
      </Typography>
      {/* A hint is a sentence (what the figure is made of, why parts add differently): it wraps, never cut. */}
      {hint && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
